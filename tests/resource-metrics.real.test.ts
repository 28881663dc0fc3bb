import { nodeExporterTarget } from "../components/node-exporter/target";
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { resourceRules } from "../components/resource-metrics/rules";
import { Settings } from "../config";
import { fillAdapterTemplate, AdapterRequest } from "./harness/adapter-query";
import { CADVISOR_FIXTURE, parseExposition, serveFixture } from "./harness/cadvisor-scrape";
import { nodeExporterPodMeta } from "./harness/exporter-scrape";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { NodeExporterProcess } from "./harness/node-exporter-process";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

type Result = Array<{ metric: Record<string, string>; value: [number, string] }>;

const NODES = ["node-1", "node-2"];

/** The containers the API should report for a pod, read from the fixture: real containers only, no pause sandbox, no pod cgroup. */
function fixtureContainers(namespace: string, pods: string[]): string[] {
    return parseExposition(fs.readFileSync(CADVISOR_FIXTURE, "utf8"))
        .filter((s) => s.name === "container_cpu_usage_seconds_total" && s.labels.namespace === namespace && pods.includes(s.labels.pod))
        .filter((s) => s.labels.container !== "" && s.labels.container !== "POD")
        .map((s) => `${s.labels.pod}/${s.labels.container}`)
        .sort();
}

function fixtureValue(name: string, labels: Record<string, string>): number {
    const line = fs
        .readFileSync(CADVISOR_FIXTURE, "utf8")
        .split("\n")
        .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
    assert.ok(line, `fixture has ${name} ${JSON.stringify(labels)}`);
    return Number(line.split(" ").pop());
}

/**
 * prometheus-adapter's queries, filled in as it fills them, on a real Prometheus that runs the
 * stack's generated cadvisor and node-exporter jobs with their relabel and drop rules untouched:
 * the cAdvisor fixture as node-1's kubelet, and a real node_exporter as the exporter of two nodes.
 */
describe("resource metrics on a real Prometheus: the adapter's queries find every pod, container and node", function () {
    const settings: Settings = settingsWith({ resourceMetrics: { enabled: true } });
    const rules = resourceRules(settings.resourceMetrics);
    const closers: Array<() => Promise<void>> = [];
    let prom: PrometheusProcess;

    const run = async (template: string, request: AdapterRequest): Promise<Result> => prom.query(fillAdapterTemplate(template, request));

    before(async () => {
        const cadvisor = await serveFixture(fs.readFileSync(CADVISOR_FIXTURE, "utf8"));
        closers.push(() => cadvisor.close());
        const exporter = await NodeExporterProcess.start(settings.nodeExporter);
        closers.push(() => exporter.stop());
        const m = settings.metrics;
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            for (const job of config.scrape_configs) {
                job.scrape_interval = "1s";
                job.scrape_timeout = "1s";
                // The kubelet's https and bearer token, and kube-rbac-proxy's in front of node-exporter,
                // have no counterpart in the sandbox; the relabel and drop rules stay.
                if (job.job_name === "cadvisor" || job.job_name === "node-exporter") {
                    job.scheme = "http";
                    delete job.tls_config;
                    delete job.bearer_token_file;
                }
            }
        });
        sandbox.setTargets("cadvisor", [discoveredTarget(cadvisor.address, { node_name: "node-1" })]);
        const t = nodeExporterTarget(settings.nodeExporter)!;
        sandbox.setTargets(
            "node-exporter",
            NODES.map((node) => discoveredTarget(exporter.address, nodeExporterPodMeta(t.namespace, t.podLabels, node))),
        );
        prom = await PrometheusProcess.start(sandbox.configFile);
        closers.push(() => prom.stop());
        // Three scrapes of each target, so every rate() has two samples and more.
        await prom.waitFor(async () => {
            const counts = await prom.query('count_over_time(up{job=~"cadvisor|node-exporter"}[1m]) >= 3');
            return counts.length === 1 + NODES.length;
        }, "three scrapes of cadvisor and of both node-exporter targets");
    });

    after(async () => {
        for (const close of closers.reverse()) {
            await close();
        }
    });

    for (const resource of ["cpu", "memory"] as const) {
        it(`${resource}: one value per container of each pod asked for, labelled pod and container only`, async () => {
            for (const [namespace, pods] of [
                ["shop", ["web-7d9c6c8b9f-q2w4e"]],
                ["kube-system", ["coredns-558bd4d5db-x7k2p", "fluentd-es-v2.7.0-abcde"]],
            ] as const) {
                const expected = fixtureContainers(namespace, [...pods]);
                assert.ok(expected.length >= pods.length, "the fixture has containers for every pod");
                const result = await run(rules[resource].containerQuery, { kind: "pods", namespace, names: [...pods] });
                assert.deepStrictEqual(result.map((r) => `${r.metric.pod}/${r.metric.container}`).sort(), expected, `${namespace} ${pods.join(",")}`);
                for (const r of result) {
                    assert.deepStrictEqual(Object.keys(r.metric).sort(), ["container", "pod"]);
                    assert.ok(Number.isFinite(Number(r.value[1])) && Number(r.value[1]) >= 0, `${r.value[1]}`);
                }
            }
        });

        it(`${resource}: one value per node asked for, labelled node only`, async () => {
            const result = await run(rules[resource].nodeQuery, { kind: "nodes", names: NODES });
            assert.deepStrictEqual(result.map((r) => r.metric), NODES.map((node) => ({ node })).sort());
            const one = await run(rules[resource].nodeQuery, { kind: "nodes", names: ["node-2"] });
            assert.deepStrictEqual(one.map((r) => r.metric), [{ node: "node-2" }]);
        });
    }

    it("the values are the machine's and the fixture's: working set as served, node CPU within the cores, node memory within the total", async () => {
        const [nginx] = await run(rules.memory.containerQuery, { kind: "pods", namespace: "shop", names: ["web-7d9c6c8b9f-q2w4e"] }).then((r) =>
            r.filter((x) => x.metric.container === "nginx"),
        );
        assert.strictEqual(Number(nginx.value[1]), fixtureValue("container_memory_working_set_bytes", { container: "nginx", pod: "web-7d9c6c8b9f-q2w4e" }));
        const [cpu] = await run(rules.cpu.nodeQuery, { kind: "nodes", names: ["node-1"] });
        assert.ok(Number(cpu.value[1]) > -0.5 && Number(cpu.value[1]) <= os.cpus().length + 0.5, `node CPU ${cpu.value[1]} of ${os.cpus().length} cores`);
        const [memory] = await run(rules.memory.nodeQuery, { kind: "nodes", names: ["node-1"] });
        assert.ok(Number(memory.value[1]) > 0 && Number(memory.value[1]) < os.totalmem(), `node memory ${memory.value[1]} of ${os.totalmem()}`);
    });

    it("a pod of another namespace is not reported: the namespace matcher holds", async () => {
        const result = await run(rules.cpu.containerQuery, { kind: "pods", namespace: "shop", names: ["coredns-558bd4d5db-x7k2p"] });
        assert.deepStrictEqual(result, []);
    });

    it("a family the cadvisor drop rules remove would leave the API empty: the test catches it", async () => {
        const family = "container_memory_max_usage_bytes";
        assert.ok(CADVISOR_FAMILIES.some((f) => f.name === family && !f.keep), "the family is dropped by the table");
        assert.ok(fs.readFileSync(CADVISOR_FIXTURE, "utf8").includes(`\n${family}{`), "the fixture serves it, so only the drop rule can empty the result");
        const doctored = rules.memory.containerQuery.replace("container_memory_working_set_bytes", family);
        assert.deepStrictEqual(await run(doctored, { kind: "pods", namespace: "shop", names: ["web-7d9c6c8b9f-q2w4e"] }), []);
    });
});
