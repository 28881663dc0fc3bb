import * as assert from "assert";
import { indexTemplateEnv, indexTemplateJob } from "../components/search-store/index-template/job";
import { PUT_INDEX_TEMPLATE_SCRIPT } from "../components/search-store/index-template/put-index-template";
import { logIndexReplicas } from "../components/search-store/index-template/template";
import { agentConfigFiles } from "../components/log-agent/config-map";
import { retentionCronJob } from "../components/search-store/log-retention/cronjob";
import { searchStoreStatefulSet } from "../components/search-store/statefulset";
import { fakeHttpServer, RecordedRequest, runScript, shellcheckFindings } from "./harness/script-run";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { runProgram } from "./harness/program";

/**
 * The keys Elasticsearch 7.10 documents for the bodies and query the script sends: the request
 * body of the put (composable) index template API, its `template` object, and the query
 * parameters of the update index settings API with expand_wildcards' values. No Elasticsearch
 * runs here; the script is checked against these and against a fake store.
 */
const ES710 = {
    indexTemplate: ["index_patterns", "template", "composed_of", "priority", "version", "_meta", "data_stream"],
    templateObject: ["aliases", "mappings", "settings"],
    updateSettingsQuery: ["allow_no_indices", "expand_wildcards", "flat_settings", "ignore_unavailable", "preserve_existing", "master_timeout", "timeout"],
    expandWildcards: ["all", "open", "closed", "hidden", "none"],
};

const store = () => settingsWith({ searchStore: { enabled: true } }).searchStore;

/** A store that has no master for `unready` health requests, then accepts the PUTs, refusing the template with `templateStatus`. */
async function fakeStore(unready = 0, templateStatus = 200) {
    let health = 0;
    return fakeHttpServer((r) => {
        if (r.method === "GET" && r.url === "/_cluster/health") {
            health += 1;
            return health <= unready ? { status: 503, body: '{"error":{"type":"master_not_discovered_exception"}}' } : { status: 200, body: '{"status":"yellow"}' };
        }
        if (r.method === "PUT" && r.url.startsWith("/_index_template/")) {
            return templateStatus === 200 ? { status: 200, body: '{"acknowledged":true}' } : { status: templateStatus, body: '{"error":{"reason":"template refused"}}' };
        }
        if (r.method === "PUT" && /^\/[^/]+\/_settings\?/.test(r.url)) {
            return { status: 200, body: '{"acknowledged":true}' };
        }
        return { status: 404 };
    });
}

function run(url: string, extra: Record<string, string> = {}) {
    return runScript(PUT_INDEX_TEMPLATE_SCRIPT, { ...indexTemplateEnv(store()), SEARCH_URL: url, WAIT_SECONDS: "0", ...extra });
}

const puts = (requests: RecordedRequest[]) => requests.filter((q) => q.method !== "GET");

describe("the log indices' template in the in-cluster store (docs/log-agent.md#replicas-of-the-log-indices)", () => {
    describe("the replica count", () => {
        it("is Elasticsearch's default of one, capped below the store's node count", () => {
            assert.deepStrictEqual([1, 2, 3, 5].map(logIndexReplicas), [0, 1, 1, 1]);
        });

        it("the Job asks for fewer replicas than the StatefulSet has pods, so every copy can be placed", () => {
            const s = store();
            const pods = (searchStoreStatefulSet(s) as any).spec.replicas;
            const env = indexTemplateEnv(s);
            const template = JSON.parse(env.TEMPLATE_BODY).template.settings.index.number_of_replicas;
            const existing = JSON.parse(env.SETTINGS_BODY).index.number_of_replicas;
            assert.strictEqual(pods, 1);
            assert.ok(template < pods && existing < pods, `replicas ${template}/${existing} on ${pods} node(s)`);
        });
    });

    it("covers the indices the log agent writes and retention deletes", () => {
        const settings = settingsWith({ searchStore: { enabled: true } });
        const output = agentConfigFiles(settings.logs)["output.conf"];
        assert.match(output, /logstash_format true/);
        // No logstash_prefix: fluent-plugin-elasticsearch's default "logstash" names the daily indices.
        assert.doesNotMatch(output, /logstash_prefix/);
        const patterns = JSON.parse(indexTemplateEnv(settings.searchStore).TEMPLATE_BODY).index_patterns;
        assert.deepStrictEqual(patterns, ["logstash-*"]);
        const retention = Object.fromEntries((retentionCronJob(settings.searchStore) as any).spec.jobTemplate.spec.template.spec.containers[0].env.map((e: any) => [e.name, e.value]));
        assert.deepStrictEqual(patterns, [`${retention.INDEX_PREFIX}-*`]);
    });

    describe("the script", () => {
        it("is shellcheck-clean POSIX sh", () => {
            assert.strictEqual(shellcheckFindings(PUT_INDEX_TEMPLATE_SCRIPT), "");
        });

        it("waits for a master, then PUTs the template and the existing indices' replicas, in that order, with only documented keys", async () => {
            const es = await fakeStore(2);
            try {
                const r = await run(es.url);
                assert.strictEqual(r.code, 0, r.stderr);
                assert.strictEqual(es.requests.filter((q) => q.url === "/_cluster/health").length, 3);
                const sent = puts(es.requests);
                assert.deepStrictEqual(
                    sent.map((q) => [q.method, q.url, q.headers["content-type"], JSON.parse(q.body)]),
                    [
                        ["PUT", "/_index_template/cluster-monitoring-logs", "application/json", { index_patterns: ["logstash-*"], priority: 0, template: { settings: { index: { number_of_replicas: 0 } } } }],
                        ["PUT", "/logstash-*/_settings?allow_no_indices=true&expand_wildcards=open,closed", "application/json", { index: { number_of_replicas: 0 } }],
                    ],
                );
                const template = JSON.parse(sent[0].body);
                assert.deepStrictEqual(Object.keys(template).filter((k) => !ES710.indexTemplate.includes(k)), []);
                assert.deepStrictEqual(Object.keys(template.template).filter((k) => !ES710.templateObject.includes(k)), []);
                const query = new URLSearchParams(sent[1].url.split("?")[1]);
                assert.deepStrictEqual([...query.keys()].filter((k) => !ES710.updateSettingsQuery.includes(k)), []);
                assert.deepStrictEqual((query.get("expand_wildcards") ?? "").split(",").filter((v) => !ES710.expandWildcards.includes(v)), []);
            } finally {
                await es.close();
            }
        });

        it("is idempotent: a second run sends the same PUTs and nothing that creates or deletes", async () => {
            const es = await fakeStore();
            try {
                assert.strictEqual((await run(es.url)).code, 0);
                const first = puts(es.requests).map((q) => `${q.method} ${q.url} ${q.body}`);
                assert.strictEqual((await run(es.url)).code, 0);
                const all = puts(es.requests).map((q) => `${q.method} ${q.url} ${q.body}`);
                assert.deepStrictEqual(all, [...first, ...first]);
                assert.ok(all.every((line) => line.startsWith("PUT ")), all.join("\n"));
            } finally {
                await es.close();
            }
        });

        it("fails with the store's reason when the template is refused, and leaves the existing indices alone", async () => {
            const es = await fakeStore(0, 400);
            try {
                const r = await run(es.url);
                assert.notStrictEqual(r.code, 0);
                assert.match(r.stdout + r.stderr, /template refused/);
                assert.ok(!es.requests.some((q) => q.url.includes("/_settings")), puts(es.requests).map((q) => q.url).join("\n"));
            } finally {
                await es.close();
            }
        });

        it("gives up, sending nothing, when the store never gets a master", async () => {
            const es = await fakeStore(1000);
            try {
                const r = await run(es.url, { WAIT_TRIES: "3" });
                assert.notStrictEqual(r.code, 0);
                assert.match(r.stderr, /the store did not answer/);
                assert.strictEqual(es.requests.length, 3);
                assert.deepStrictEqual(puts(es.requests), []);
            } finally {
                await es.close();
            }
        });
    });

    describe("the Job", () => {
        it("runs the script with the store's URL from a tokenless account of its own, named after the store", () => {
            const job = indexTemplateJob(store()) as any;
            assert.strictEqual(job.metadata.name, "elasticsearch-logging-template");
            const pod = job.spec.template.spec;
            assert.strictEqual(pod.serviceAccountName, "elasticsearch-logging-template");
            assert.strictEqual(pod.automountServiceAccountToken, false);
            const env = Object.fromEntries(pod.containers[0].env.map((e: any) => [e.name, e.value]));
            assert.strictEqual(env.SEARCH_URL, "http://elasticsearch-logging.kube-system.svc:9200");
            assert.deepStrictEqual(pod.volumes, [{ name: "script", configMap: { name: "elasticsearch-logging-template" } }]);
        });

        it("is deployed with the in-cluster store, and not when the stack ships to an external store", async () => {
            // Through the program, which decides whether the store is built: the test builds nothing
            // itself, so the external case is the program's own answer.
            const registered = async (enabled: boolean) => (await runProgram({ ...requiredConfig(), searchStore: { enabled } })).resources;
            const withStore = await registered(true);
            const names = withStore.map((r) => `${r.type} ${r.name}`);
            for (const expected of [
                "cluster-monitoring:logging:IndexTemplate search-store-index-template",
                "kubernetes:batch/v1:Job search-store-index-template-job",
                "kubernetes:core/v1:ConfigMap search-store-index-template-script",
                "kubernetes:core/v1:ServiceAccount search-store-index-template-service-account",
            ]) {
                assert.ok(names.includes(expected), `${expected} in\n${names.join("\n")}`);
            }
            const external = (await registered(false)).map((r) => `${r.type} ${r.name}`);
            assert.ok(!external.some((t) => /IndexTemplate|index-template/.test(t)), external.join("\n"));
        });
    });
});
