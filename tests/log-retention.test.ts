import * as assert from "assert";
import { retentionCronJob } from "../components/search-store/log-retention/cronjob";
import { DELETE_OLD_INDICES_SCRIPT } from "../components/search-store/log-retention/delete-old-indices";
import { fakeHttpServer, runScript, shellcheckFindings } from "./harness/script-run";
import { settingsWith } from "./harness/stack-config";

/** The index name fluent-plugin-elasticsearch gives the logs of `daysAgo` days before today (UTC). */
function dailyIndex(daysAgo: number): string {
    const d = new Date(Date.now() - daysAgo * 86_400_000);
    return `logstash-${d.toISOString().slice(0, 10).replace(/-/g, ".")}`;
}

/** A store that lists `indices` and deletes what it is asked to, failing for `refuse`. */
async function fakeStore(indices: string[], refuse: string[] = []) {
    return fakeHttpServer((r) => {
        if (r.method === "GET" && r.url === "/_cat/indices/logstash-*?h=index") {
            return { status: 200, body: indices.map((i) => `${i}\n`).join("") };
        }
        if (r.method === "DELETE") {
            return refuse.includes(r.url.slice(1)) ? { status: 500, body: "{}" } : { status: 200, body: '{"acknowledged":true}' };
        }
        return { status: 404 };
    });
}

describe("log retention (docs/log-agent.md#log-retention)", () => {
    it("the script is shellcheck-clean POSIX sh", () => {
        assert.strictEqual(shellcheckFindings(DELETE_OLD_INDICES_SCRIPT), "");
    });

    it("deletes the daily indices older than the retention, keeps the rest and any other index", async () => {
        const store = await fakeStore([dailyIndex(0), dailyIndex(7), dailyIndex(8), dailyIndex(40), "logstash-archive", ".kibana_1"]);
        try {
            const r = await runScript(DELETE_OLD_INDICES_SCRIPT, { SEARCH_URL: store.url, INDEX_PREFIX: "logstash", RETENTION_DAYS: "7" });
            assert.strictEqual(r.code, 0, r.stderr);
            const deleted = store.requests.filter((q) => q.method === "DELETE").map((q) => q.url);
            assert.deepStrictEqual(deleted, [`/${dailyIndex(8)}`, `/${dailyIndex(40)}`]);
        } finally {
            await store.close();
        }
    });

    it("tries every old index and fails the run when one deletion failed", async () => {
        const store = await fakeStore([dailyIndex(10), dailyIndex(11)], [dailyIndex(10)]);
        try {
            const r = await runScript(DELETE_OLD_INDICES_SCRIPT, { SEARCH_URL: store.url, INDEX_PREFIX: "logstash", RETENTION_DAYS: "7" });
            assert.notStrictEqual(r.code, 0);
            assert.match(r.stderr, new RegExp(`could not delete ${dailyIndex(10).replace(/\./g, "\\.")}`));
            assert.deepStrictEqual(store.requests.filter((q) => q.method === "DELETE").length, 2);
        } finally {
            await store.close();
        }
    });

    it("fails, deleting nothing, when the store does not answer the listing", async () => {
        const store = await fakeHttpServer(() => ({ status: 503 }));
        try {
            const r = await runScript(DELETE_OLD_INDICES_SCRIPT, { SEARCH_URL: store.url, INDEX_PREFIX: "logstash", RETENTION_DAYS: "7" });
            assert.notStrictEqual(r.code, 0);
            assert.ok(store.requests.every((q) => q.method === "GET"));
        } finally {
            await store.close();
        }
    });

    it("the CronJob runs the script on the stack's schedule with the stack's retention, never overlapping", () => {
        const s = settingsWith({ searchStore: { enabled: true, retention: { days: 14, schedule: "0 3 * * *" } } }).searchStore;
        const job = retentionCronJob(s) as any;
        assert.strictEqual(job.spec.schedule, "0 3 * * *");
        assert.strictEqual(job.spec.concurrencyPolicy, "Forbid");
        const env = Object.fromEntries(job.spec.jobTemplate.spec.template.spec.containers[0].env.map((e: any) => [e.name, e.value]));
        assert.deepStrictEqual(env, { SEARCH_URL: "http://elasticsearch-logging.kube-system.svc:9200", INDEX_PREFIX: "logstash", RETENTION_DAYS: "14" });
    });
});
