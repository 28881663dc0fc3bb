import * as assert from "assert";
import * as fs from "fs";
import * as os_ from "os";
import * as path from "path";
import { kibanaDeployment } from "../components/search-store/kibana/deployment";
import { PROVISION_INDEX_PATTERN_SCRIPT } from "../components/search-store/kibana/provision-index-pattern";
import { fakeHttpServer, runScript, shellcheckFindings } from "./harness/script-run";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { runProgram } from "./harness/program";

describe("Kibana (docs/log-agent.md#kibana)", () => {
    it("runs the OSS build of the store's version and reads the in-cluster store", () => {
        const s = settingsWith({ searchStore: { enabled: true } }).searchStore;
        const c = (kibanaDeployment(s) as any).spec.template.spec.containers[0];
        assert.strictEqual(c.image, "docker.elastic.co/kibana/kibana-oss:7.10.2");
        assert.ok(s.image.endsWith(":7.10.2"));
        assert.deepStrictEqual(c.env[0], { name: "ELASTICSEARCH_HOSTS", value: "http://elasticsearch-logging.kube-system.svc:9200" });
    });

    it("refuses a Kibana image of another version than the store's, naming the key", () => {
        assert.throws(
            () => settingsWith({ searchStore: { enabled: true, kibana: { image: "docker.elastic.co/kibana/kibana-oss:7.9.3" } } }),
            /cluster-monitoring:searchStore\.kibana\.image: got "docker\.elastic\.co\/kibana\/kibana-oss:7\.9\.3", expected a Kibana image of the store's version 7\.10\.2/,
        );
    });

    it("is deployed, with its index pattern Job, with the in-cluster store, and not when the stack ships to an external store", async () => {
        const types = async (enabled: boolean, kibana = true) => {
            // A switched-off store takes no kibana setting, which would do nothing (config/needs.ts).
            // Through the program, which decides whether the store is built: the test builds nothing
            // itself, so the external case is the program's own answer.
            const config = { ...requiredConfig(), searchStore: enabled ? { enabled, kibana: { enabled: kibana } } : { enabled } };
            const { resources } = await runProgram(config);
            return resources.map((r) => `${r.type} ${r.name}`);
        };
        const withStore = await types(true);
        assert.ok(withStore.includes("kubernetes:apps/v1:Deployment search-store-kibana-deployment"), withStore.join("\n"));
        assert.ok(withStore.includes("kubernetes:batch/v1:Job search-store-kibana-index-pattern"));
        assert.ok(withStore.includes("kubernetes:batch/v1:CronJob search-store-retention-cronjob"));
        const external = await types(false);
        assert.ok(!external.some((t) => /kibana|Job|CronJob/.test(t)), external.join("\n"));
        assert.ok(!(await types(true, false)).some((t) => /kibana/.test(t)));
    });

    describe("the index pattern script", () => {
        it("is shellcheck-clean POSIX sh", () => {
            assert.strictEqual(shellcheckFindings(PROVISION_INDEX_PATTERN_SCRIPT), "");
        });

        it("creates the index pattern with @timestamp as time field through the saved objects API, then makes it the default", async () => {
            const kibana = await fakeHttpServer((r) => (r.url === "/api/status" || r.method === "POST" ? { status: 200, body: "{}" } : { status: 404 }));
            try {
                const r = await runScript(PROVISION_INDEX_PATTERN_SCRIPT, { KIBANA_URL: kibana.url, INDEX_PATTERN: "logstash-*", INDEX_PATTERN_ID: "logs" });
                assert.strictEqual(r.code, 0, r.stderr);
                const posts = kibana.requests.filter((q) => q.method === "POST");
                assert.deepStrictEqual(
                    posts.map((q) => [q.url, JSON.parse(q.body), q.headers["kbn-xsrf"]]),
                    [
                        ["/api/saved_objects/index-pattern/logs?overwrite=true", { attributes: { title: "logstash-*", timeFieldName: "@timestamp" } }, "true"],
                        ["/api/kibana/settings", { changes: { defaultIndex: "logs" } }, "true"],
                    ],
                );
            } finally {
                await kibana.close();
            }
        });

        it("with the OpenSearch Dashboards Job's environment: osd-xsrf and Dashboards' settings API, and the .curlrc's user sent as basic auth", async () => {
            const { indexPatternJob } = await import("../components/search-store/kibana/index-pattern-job");
            const os = settingsWith({ logs: { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } }, searchStore: { enabled: true, kind: "opensearch", tls: { secretName: "t" } } }).searchStore;
            const env = Object.fromEntries((indexPatternJob(os).spec as any).template.spec.containers[0].env.filter((e: any) => e.name !== "CURL_HOME").map((e: any) => [e.name, e.value]));
            const dashboards = await fakeHttpServer((r) => (r.url === "/api/status" || r.method === "POST" ? { status: 200, body: "{}" } : { status: 404 }));
            const home = fs.mkdtempSync(path.join(os_.tmpdir(), "curlrc-"));
            try {
                fs.writeFileSync(path.join(home, ".curlrc"), 'user = "admin:Pw1"\n');
                const r = await runScript(PROVISION_INDEX_PATTERN_SCRIPT, { ...env, KIBANA_URL: dashboards.url, CURL_HOME: home });
                assert.strictEqual(r.code, 0, r.stderr);
                const posts = dashboards.requests.filter((q) => q.method === "POST");
                assert.deepStrictEqual(
                    posts.map((q) => [q.url, q.headers["osd-xsrf"], q.headers["kbn-xsrf"], q.headers.authorization]),
                    [
                        ["/api/saved_objects/index-pattern/logs?overwrite=true", "true", undefined, `Basic ${Buffer.from("admin:Pw1").toString("base64")}`],
                        ["/api/opensearch-dashboards/settings", "true", undefined, `Basic ${Buffer.from("admin:Pw1").toString("base64")}`],
                    ],
                );
            } finally {
                fs.rmSync(home, { recursive: true, force: true });
                await dashboards.close();
            }
        });

        it("fails when Kibana refuses the index pattern", async () => {
            const kibana = await fakeHttpServer((r) => (r.url === "/api/status" ? { status: 200, body: "{}" } : { status: 400, body: "{}" }));
            try {
                const r = await runScript(PROVISION_INDEX_PATTERN_SCRIPT, { KIBANA_URL: kibana.url, INDEX_PATTERN: "logstash-*", INDEX_PATTERN_ID: "logs" });
                assert.notStrictEqual(r.code, 0);
            } finally {
                await kibana.close();
            }
        });
    });
});

describe("names derived from the store's and Kibana's names", () => {
    it("refuses names whose CronJob or Job would pass Kubernetes' limits, naming the key", () => {
        assert.throws(
            () => settingsWith({ searchStore: { enabled: true, name: `es-${"x".repeat(40)}`, kibana: { name: `k-${"y".repeat(50)}` } } }),
            (e: Error) =>
                /cluster-monitoring:searchStore\.name: got "es-x+", expected at most 42 characters while retention is on/.test(e.message) &&
                /cluster-monitoring:searchStore\.kibana\.name: got "k-y+", expected at most 49 characters/.test(e.message),
        );
    });
});

describe("bad Kibana and retention settings", () => {
    it("are all listed at once", () => {
        assert.throws(
            () =>
                settingsWith({
                    searchStore: { enabled: true, retention: { days: 0, schedule: "every night" }, kibana: { image: "docker.elastic.co/kibana/kibana-oss:7.9.3" } },
                }),
            (e: Error) =>
                e.message.includes("(3 problems)") &&
                e.message.includes("searchStore.retention.days: got 0") &&
                e.message.includes('searchStore.retention.schedule: got "every night"') &&
                e.message.includes("searchStore.kibana.image: got"),
        );
    });
});
