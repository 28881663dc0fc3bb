import * as assert from "assert";
import * as fs from "fs";
import { parse } from "yaml";
import { ConfigError } from "../config/problems";
import { KEEP_MARK } from "../components/common/scrape/family-rules";
import { keptFamiliesOf } from "../stack/family-tables";
import { KUBELET_FIXTURE } from "../scripts/generate-kubelet-fixture";
import { ExpositionServer, serveExposition } from "./harness/exposition-server";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * metrics.keepFamilies on a real Prometheus (Debian's 2.42): the kubelet job keeps one family
 * its table drops (inside the pattern kubelet_pod_worker_*), and nothing else
 * changes. A copy of the default kubelet job scrapes the same target beside it for comparison.
 */
const KEPT = "kubelet_pod_worker_duration_seconds_bucket";
const keepSettings = () => settingsWith({ metrics: { keepFamilies: { kubelet: [KEPT] } } });

describe("metrics.keepFamilies", function () {
    let server: ExpositionServer | undefined;
    let prom: PrometheusProcess | undefined;
    const names: Record<string, Set<string>> = {};
    let marked = -1;

    before(async () => {
        server = await serveExposition("/metrics", fs.readFileSync(KUBELET_FIXTURE, "utf8"));
        const defaultKubelet = parse(generatedPrometheusFiles(settingsWith()).prometheusYml).scrape_configs.find((j: any) => j.job_name === "kubelet");
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(keepSettings());
        const sandbox = sandboxConfig(prometheusYml, {}, (config) => {
            config.rule_files = [];
            const kubelet = config.scrape_configs.find((j: any) => j.job_name === "kubelet");
            for (const job of [kubelet]) {
                job.scheme = "http";
                delete job.tls_config;
                delete job.bearer_token_file;
                job.scrape_interval = "1s";
                job.scrape_timeout = "1s";
            }
            config.scrape_configs = [kubelet, { ...kubelet, job_name: "kubelet-default", metric_relabel_configs: defaultKubelet.metric_relabel_configs }];
        });
        assert.ok(Object.keys(ruleFiles).length > 0);
        sandbox.setTargets("kubelet", [discoveredTarget(server.address, { node_name: "kind-control-plane" })]);
        prom = await PrometheusProcess.start(sandbox.configFile);
        await prom.waitFor(async () => (await prom!.query('scrape_samples_post_metric_relabeling{job=~"kubelet|kubelet-default"}')).length === 2, "a scrape of both jobs");
        for (const job of ["kubelet", "kubelet-default"]) {
            names[job] = new Set((await prom.query(`count by (__name__) ({job="${job}", __name__!~"up|scrape_.*"})`)).map((r) => r.metric.__name__));
        }
        marked = (await prom.query(`{${KEEP_MARK}!=""}`)).length;
    });

    after(async () => {
        await prom?.stop();
        await server?.close();
    });

    it("keeps the named family, though a dropped pattern covers it", () => {
        assert.ok(!names["kubelet-default"].has(KEPT), "the default kubelet job drops it");
        assert.ok(names.kubelet.has(KEPT));
    });

    it("changes nothing else: the rest of the pattern stays dropped, every other family as before", () => {
        assert.deepStrictEqual([...names.kubelet].filter((n) => n !== KEPT).sort(), [...names["kubelet-default"]].sort());
        assert.ok(!names.kubelet.has("kubelet_pod_worker_duration_seconds_sum"));
    });

    it("stores no series with the temporary mark", () => {
        assert.strictEqual(marked, 0);
    });

    it("is published: the keptFamilies output lists it under the kubelet job", () => {
        const out = keptFamiliesOf(["kubelet", "cadvisor", "monitor"], keepSettings().metrics.keepFamilies);
        assert.ok(out.kubelet.kept.includes(KEPT));
        assert.ok(out.kubelet.dropped.includes("kubelet_pod_worker_*"));
        assert.deepStrictEqual(Object.keys(out).sort(), ["cadvisor", "kubelet"]);
    });
});

describe("metrics.keepFamilies refuses what would do nothing, naming the key", () => {
    const problems = (keepFamilies: unknown, extra: Record<string, Record<string, unknown>> = {}) => {
        try {
            settingsWith({ ...extra, metrics: { ...(extra.metrics ?? {}), keepFamilies } });
        } catch (e) {
            assert.ok(e instanceof ConfigError, String(e));
            return e.problems.map((p) => `${p.key}: ${p.expected}`);
        }
        assert.fail("must be refused");
    };
    const K = "cluster-monitoring:metrics.keepFamilies";
    it("a job without a family table, a switched-off job, a family kept already, a pattern", () => {
        assert.match(problems({ etcd: ["etcd_server_has_leader"] }).join("\n"), new RegExp(`${K}\\.etcd: the label of a job that filters families`));
        assert.match(problems({ cadvisor: ["container_cpu_load_average_10s"] }, { metrics: { jobs: { cadvisor: false } } }).join("\n"), new RegExp(`${K}\\.cadvisor: nothing while cluster-monitoring:metrics.jobs.cadvisor is off`));
        assert.match(problems({ kubelet: ["kubelet_running_pods"] }).join("\n"), new RegExp(`${K}\\.kubelet\\[0\\]: a family the kubelet job drops; kubelet_running_pods is kept already`));
        assert.match(problems({ kubelet: ["kubelet_pod_worker_*"] }).join("\n"), new RegExp(`${K}\\.kubelet\\[0\\]: a metric family's whole name`));
    });
});
