import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { CONTROL_PLANE_FIXTURES } from "../scripts/generate-control-plane-fixtures";
import { KUBELET_FIXTURE } from "../scripts/generate-kubelet-fixture";
import { PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE } from "../scripts/generate-prometheus-remote-storage-fixture";
import { AlertmanagerProcess } from "./harness/alertmanager";
import { KSM_FIXTURE } from "../scripts/generate-kube-state-metrics-fixture";
import { ELASTICSEARCH_EXPORTER_FIXTURE } from "../scripts/generate-elasticsearch-exporter-fixture";
import { CADVISOR_FIXTURE } from "./harness/cadvisor-scrape";
import { grafanaPick, prometheusQueries, queryVariables } from "./harness/dashboards";
import { CLUSTER_VARIABLE } from "../components/common/dashboards/cluster-variable";
import { kubeStateMetricsEndpointMeta, nodeExporterPodMeta } from "./harness/exporter-scrape";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { NodeExporterProcess } from "./harness/node-exporter-process";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { fillVariables, labelValuesQuery } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";
import { Settings } from "../config";
import { workloadOwners } from "../components/kube-state-metrics/pod-workload";
import * as records from "../components/common/rules/compute-resource-records";
import { POD_WORKLOAD } from "../components/common/rules/compute-resource-records";

import { FLUENTD_FIXTURE, JOBS, REMOTE_WRITE, runStack } from "./harness/dashboard-stack";
import { until } from "./harness/hang";
import { ALERTMANAGER_PORT_NAME } from "../components/alertmanager/layout";

export { FLUENTD_FIXTURE };


/** $__rate_interval as Grafana fills it for a 1s scrape interval is 4s; 1m holds every sample of the test. */
const RATE_INTERVAL = "1m";

/**
 * Values for a dashboard's variables, as Grafana picks them: each Prometheus variable's first
 * value, read with its own label_values query from the real data, or All (its allValue) where
 * the variable offers All, which Grafana selects first. A variable without values fails, but for
 * $cluster: Prometheus' own series carry no cluster label, so it must have none, and "" is what
 * Grafana then gives it (grafanaPick); every panel below is asked with that empty value.
 */
async function variableValues(prom: PrometheusProcess, d: GeneratedDashboard): Promise<Record<string, string>> {
    const values: Record<string, string> = { __rate_interval: RATE_INTERVAL };
    for (const v of queryVariables(d).filter((v) => v.datasourceType === "prometheus")) {
        const { selector, label } = labelValuesQuery(v.query);
        const result = await prom.query(`count by (${label}) (${fillVariables(selector, values)})`);
        const options = result.map((r) => r.metric[label]).filter((x) => x !== undefined && x !== "").sort();
        if (v.name === CLUSTER_VARIABLE) {
            assert.deepStrictEqual(options, [], `${d.json.title}: $${v.name} has values on Prometheus itself`);
        } else {
            assert.ok(options.length > 0, `${d.json.title}: variable $${v.name} (${v.query}) has no values`);
        }
        values[v.name] = grafanaPick(v, options);
    }
    assert.strictEqual(values[CLUSTER_VARIABLE], "", `${d.json.title} has the $${CLUSTER_VARIABLE} variable`);
    return values;
}

/** The series one panel query returns; the empty panel is the empty list. */
async function panelSeries(prom: PrometheusProcess, expr: string, values: Record<string, string>): Promise<number> {
    return (await prom.query(fillVariables(expr, values))).length;
}

/** Longer than the suite's 1s: a scrape that outlasts its timeout on a busy machine would empty the raw panels for a moment (tests/harness/dashboard-stack.ts). */
const PANEL_SCRAPE_INTERVAL = "2s";

describe("Grafana dashboards on real data: no panel is empty", function () {
    // Every job on, etcd too (over http, so the sandbox needs no client certificate), and the in-cluster store with its exporter.
    const settings = settingsWithGrafana({
        metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [REMOTE_WRITE] },
        searchStore: { enabled: true },
    });
    const dashboards = dashboardsFor(settings, PROJECT).filter((d) => d.json.title !== "Logs");
    // The same stack without the default rule groups: its compute boards read the raw families, which the same Prometheus serves.
    const withoutDefaultRules: Settings = { ...settings, alertRules: { ...settings.alertRules, defaults: false } };
    const closers: Array<() => Promise<void>> = [];
    let prom: PrometheusProcess | undefined;

    before(async () => {
        prom = await runStack(settings, closers, undefined, PANEL_SCRAPE_INTERVAL);
    });

    after(async () => {
        for (const close of closers.reverse()) {
            await close();
        }
    });

    it("every job the dashboards read is generated and scraped", async () => {
        const up = (await prom!.query("up == 1")).map((r) => r.metric.job);
        assert.deepStrictEqual(JOBS.filter((j) => !up.includes(j)), []);
    });

    it("every Prometheus panel query, with its variables filled in from the data, returns series", async () => {
        const empty: string[] = [];
        let checked = 0;
        for (const d of dashboards) {
            const values = await variableValues(prom!, d);
            for (const q of prometheusQueries([d])) {
                checked++;
                if ((await panelSeries(prom!, q.expr, values)) === 0) {
                    empty.push(`${q.dashboard} / ${q.panel} / ${q.refId}: ${fillVariables(q.expr, values)}`);
                }
            }
        }
        assert.deepStrictEqual(empty, []);
        assert.strictEqual(checked, prometheusQueries(dashboards).length);
        console.log(`      ${checked} queries of ${dashboards.length} dashboards returned data`);
    });

    it("the cluster matcher is in force: with a cluster no series carries, the same panels are all empty", async () => {
        const d = dashboards.find((x) => x.json.uid === "cm-cluster")!;
        const values = { ...(await variableValues(prom!, d)), [CLUSTER_VARIABLE]: "no-such-cluster" };
        const answered: string[] = [];
        for (const q of prometheusQueries([d])) {
            if ((await panelSeries(prom!, q.expr, values)) > 0) {
                answered.push(`${q.panel} / ${q.refId}: ${fillVariables(q.expr, values)}`);
            }
        }
        assert.deepStrictEqual(answered, []);
    });

    it("on a later release line the Remote write board reads that line's families, which Prometheus 2.42 serves for real", async () => {
        const later = settingsWithGrafana({ metrics: { image: "quay.io/prometheus/prometheus:v2.53.5", remoteWrite: [REMOTE_WRITE] } });
        const board = dashboardsFor(later, PROJECT).filter((d) => d.json.uid === "cm-remote-write");
        assert.strictEqual(board.length, 1);
        const queries = prometheusQueries(board);
        assert.ok(queries.some((q) => q.expr.includes("prometheus_remote_storage_shards_desired")));
        assert.ok(!queries.some((q) => q.expr.includes("succeeded_samples_total")));
        const empty: string[] = [];
        for (const q of queries) {
            if ((await panelSeries(prom!, q.expr, { __rate_interval: RATE_INTERVAL })) === 0) {
                empty.push(`${q.panel} / ${q.refId}: ${q.expr}`);
            }
        }
        assert.deepStrictEqual(empty, []);
    });

    // The boards read the pod-to-workload recording rule (lower-case kinds); a stack without the default rules joins the owner families (kube-state-metrics' kinds). Both on the same data.
    for (const [form, kind] of [
        ["the recording rule", { deployment: "deployment", daemonset: "daemonset", job: "job" }],
        ["the owner families", { deployment: "Deployment", daemonset: "DaemonSet", job: "Job" }],
    ] as const) {
        it(`the workload boards attribute each pod to its workload, from ${form}: a Deployment's through its ReplicaSet, a DaemonSet's directly`, async () => {
            const rules = form === "the recording rule";
            const owners = workloadOwners(rules);
            const rows = await prom!.query(owners.podWorkload('namespace=~".+"', ".*", ".*"));
            const owned = rows.map((r) => `${r.metric.namespace}/${r.metric.pod} ${r.metric.workload}`).sort();
            assert.deepStrictEqual(owned, [
                "kube-system/coredns-558bd4d5db-x7k2p coredns",
                "kube-system/coredns-558bd4d5db-z9m3n coredns",
                "kube-system/kube-proxy-0 kube-proxy",
                "kube-system/kube-proxy-1 kube-proxy",
                "kube-system/kube-proxy-2 kube-proxy",
                "shop/nightly-report-28910400-k4d2x nightly-report-28910400",
                "shop/web-7d9c6c8b9f-q2w4e web",
                "shop/web-7d9c6c8b9f-r5t6y web",
                "shop/web-7d9c6c8b9f-u7i8o web",
            ]);
            // The variables list workloads, not ReplicaSets: Deployments from the ReplicaSets' owners, the rest from the pods'.
            const options = async (query: string) => {
                const { selector, label } = labelValuesQuery(query);
                return (await prom!.query(`count by (${label}) (${selector})`)).map((r) => r.metric[label]).sort();
            };
            assert.deepStrictEqual((await options(owners.namespaceVariable)).sort(), ["kube-system", "shop"]);
            assert.deepStrictEqual(await options(owners.typeVariable('namespace="kube-system"')), [kind.daemonset, kind.deployment].sort());
            assert.deepStrictEqual(await options(owners.workloadVariable('namespace="kube-system"', ".*")), ["coredns", "kube-proxy"]);
            assert.deepStrictEqual(await options(owners.workloadVariable('namespace="shop"', kind.daemonset)), []);
            assert.deepStrictEqual(await options(owners.typeVariable('namespace="shop"')), [kind.deployment, kind.job].sort());
            // The kind and name regexes pick; "All" (.*) never lets a ReplicaSet through as a workload of its own.
            assert.deepStrictEqual((await prom!.query(owners.podWorkload('namespace="kube-system"', kind.daemonset, ".*"))).map((r) => r.metric.workload).sort(), ["kube-proxy", "kube-proxy", "kube-proxy"]);
            assert.deepStrictEqual((await prom!.query(owners.podWorkload('namespace=~".+"', kind.deployment, ".*"))).map((r) => r.metric.workload).sort(), ["coredns", "coredns", "web", "web", "web"]);
            assert.deepStrictEqual((await prom!.query(owners.podWorkload('namespace="shop"', ".*", "web-7d9c6c8b9f"))).length, 0);
            // A pod's usage counts once for its workload: coredns' memory on the board is the sum of its pod's containers.
            const board = dashboardsFor(rules ? settings : withoutDefaultRules, PROJECT).find((d) => d.json.uid === "cm-namespace-workloads")!;
            const exprs = board.json.panels!.flatMap((p: any) => p.targets.map((t: any) => t.expr)).join("\n");
            assert.strictEqual(exprs.includes(POD_WORKLOAD), rules, `the board reads ${form}`);
            assert.strictEqual(exprs.includes("kube_pod_owner{"), !rules, `the board reads ${form}`);
            const memory = board.json.panels!.find((p: any) => p.title === "Memory used per workload").targets[0].expr;
            const perWorkload = await prom!.query(fillVariables(memory, { namespace: "kube-system", type: ".*" }));
            const direct = await prom!.query('sum(container_memory_working_set_bytes{namespace="kube-system", pod=~"coredns-.*", container!=""})');
            assert.deepStrictEqual(perWorkload.map((r) => r.metric.workload), ["coredns"]);
            assert.ok(Number(direct[0].value[1]) > 0);
            assert.strictEqual(Number(perWorkload[0].value[1]), Number(direct[0].value[1]));
            // Requests count while a pod is Pending or Running: the finished Job's pod still has them in kube-state-metrics, and is left out.
            const requests = board.json.panels!.find((p: any) => p.title === "CPU requests and limits per workload").targets[0].expr;
            const shop = { namespace: "shop", type: ".*" };
            assert.deepStrictEqual((await prom!.query(fillVariables(requests, shop))).map((r) => r.metric.workload), ["web"]);
            assert.ok((await prom!.query('kube_pod_container_resource_requests{pod=~"nightly-report-.*", resource="cpu"}')).length > 0);
            const pods = board.json.panels!.find((p: any) => p.title === "Pods per workload").targets[0].expr;
            assert.deepStrictEqual((await prom!.query(fillVariables(pods, shop))).map((r) => r.metric.workload).sort(), ["nightly-report-28910400", "web"]);
        });
    }

    it("the compute boards read from the recording rules answer as they do from the raw families: the same series, the same values", async () => {
        const compute = ["cm-home", "cm-cluster", "cm-namespace-workloads", "cm-workload", "cm-node-pods", "cm-namespace-pod"];
        const pick = (s: Settings) => dashboardsFor(s, PROJECT).filter((d) => compute.includes(d.json.uid));
        const [recorded, raw] = [pick(settings), pick(withoutDefaultRules)];
        assert.deepStrictEqual(recorded.map((d) => d.json.uid).sort(), [...compute].sort());
        const queryAtTime = async (expr: string, at: number): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> => {
            const body = (await (await fetch(`${prom!.url}/api/v1/query?query=${encodeURIComponent(expr)}&time=${at}`)).json()) as any;
            assert.strictEqual(body.status, "success", expr);
            return body.data.result;
        };
        // Both forms at the same instant, so that the real node_exporter's live counters, which both forms read alike, agree too.
        // An instant around which every scrape has landed and none failed: a scrape that fails (a fixture server in this
        // busy process answering after the 2 s timeout) writes up 0 and its staleness markers at its start, up to 2 s
        // later, so an instant 1 s ago gave the raw form, asked after the recorded one, empty memory panels and one more
        // target down (count:up0 7, up == 0 8), while the rules had been evaluated before. Asked SETTLED_S after the
        // window ends (beyond the timeout), with no target's up changing in it, both forms read the same scrapes.
        const SETTLED_S = 4;
        const settledInstant = () =>
            until(async () => {
                const at = Date.now() / 1000 - 2 * SETTLED_S;
                const flapped = await queryAtTime(`max_over_time(up[${2 * SETTLED_S}s]) != min_over_time(up[${2 * SETTLED_S}s])`, at + SETTLED_S);
                return flapped.length === 0 && at;
            }, "an instant around which no scrape failed");
        const answers = async (ds: GeneratedDashboard[], time: number) => {
            const out = new Map<string, Map<string, number>>();
            for (const d of ds) {
                const values = await variableValues(prom!, d);
                for (const q of prometheusQueries([d])) {
                    const series = await queryAtTime(fillVariables(q.expr, values), time);
                    // A panel that reads a recording rule's series as they are (Node pods' requests per pod) gets the rule's name with them, which no raw sum has; no legend draws it.
                    const labels = (metric: Record<string, string>) => JSON.stringify(Object.entries(metric).filter(([k]) => k !== "__name__").sort());
                    out.set(`${q.dashboard} / ${q.panel} / ${q.refId}`, new Map(series.map((r) => [labels(r.metric), Number(r.value[1])])));
                }
            }
            return out;
        };
        const differences = (a: Map<string, Map<string, number>>, b: Map<string, Map<string, number>>) => {
            const differ: string[] = [];
            for (const [name, series] of a) {
                const other = b.get(name)!;
                // The CPU rule's rate is over 5 minutes, the raw panel's over $__rate_interval: equal on the fixture's counters, which hold still.
                const same = series.size === other.size && [...series].every(([k, v]) => other.has(k) && (v === other.get(k) || Math.abs(v - other.get(k)!) <= 1e-9 * Math.max(Math.abs(v), 1) || (Number.isNaN(v) && Number.isNaN(other.get(k)!))));
                if (!same) differ.push(`${name}: rules ${JSON.stringify([...series])}, raw ${JSON.stringify([...other])}`);
            }
            return differ;
        };
        // A rule reads the records of the groups before it from their last evaluation, so just
        // after a failed scrape of kube-state-metrics, outside the settled window, a recorded chain
        // can still be empty while the raw form already reads the next scrape (CI at load: every
        // requests panel "rules [], raw [...]"). The instant is taken again until both forms agree,
        // with the wait's own deadline: rules that really answer otherwise differ at every instant
        // and fail it, and its error names the last difference.
        let a = new Map<string, Map<string, number>>();
        let b = new Map<string, Map<string, number>>();
        let differ: string[] = [];
        await until(async () => {
            const time = await settledInstant();
            [a, b] = [await answers(recorded, time), await answers(raw, time)];
            assert.deepStrictEqual([...a.keys()].sort(), [...b.keys()].sort(), "the same panels");
            differ = differences(a, b);
            if (differ.length > 0) throw new Error(`the forms differ at ${time}:\n${differ.join("\n")}`);
            return true;
        }, "an instant at which the recorded and the raw forms of every compute board agree");
        let fromRules = 0;
        const recordNames = Object.values(records as Record<string, unknown>).filter((v): v is string => typeof v === "string");
        for (const q of prometheusQueries(recorded)) {
            if (recordNames.some((r) => q.expr.includes(r))) fromRules++;
        }
        assert.deepStrictEqual(differ, []);
        assert.ok(fromRules >= 40, `${fromRules} queries read a recording rule`);
        console.log(`      ${a.size} queries of ${recorded.length} compute boards agree on both forms; ${fromRules} of them read recording rules`);
    });

    it("Node pods shows the pods on the chosen node only: kube-state-metrics' requests and cAdvisor's usage both by their node label", async () => {
        const board = dashboardsFor(settings, PROJECT).find((d) => d.json.uid === "cm-node-pods")!;
        const panel = (title: string) => board.json.panels!.find((p: any) => p.title === title).targets[0].expr;
        const pods = async (title: string) => (await prom!.query(fillVariables(panel(title), { node: "node-1", __rate_interval: RATE_INTERVAL }))).map((r) => r.metric.pod).sort();
        assert.deepStrictEqual(await pods("CPU requests and limits per pod"), ["coredns-558bd4d5db-x7k2p", "kube-proxy-0", "web-7d9c6c8b9f-q2w4e"]);
        assert.deepStrictEqual(await pods("Memory used per pod"), ["coredns-558bd4d5db-x7k2p", "fluentd-es-v2.7.0-abcde", "web-7d9c6c8b9f-q2w4e"]);
        assert.deepStrictEqual(await pods("Memory used of requests and limits per pod"), ["coredns-558bd4d5db-x7k2p", "web-7d9c6c8b9f-q2w4e"]);
    });

    it("a kubelet panel on a histogram's dropped bounds would be empty, while its kept bound, sum and count are not", async () => {
        const values = await variableValues(prom!, dashboards.find((d) => d.json.uid === "cm-kubelet")!);
        // The job keeps only the 10 s bound, which KubeletPlegDurationHigh reads (components/kubelet/families.ts).
        const bounds = (le: string) => `sum(rate(kubelet_pleg_relist_duration_seconds_bucket{job="kubelet", node=~"$node", ${le}}[$__rate_interval]))`;
        assert.ok(fs.readFileSync(KUBELET_FIXTURE, "utf8").includes('\nkubelet_pleg_relist_duration_seconds_bucket{le="5"}'), "the fixture serves the other bounds");
        assert.strictEqual(await panelSeries(prom!, bounds('le!~"10(\\\\.0)?"'), values), 0);
        assert.ok((await panelSeries(prom!, bounds('le=~"10(\\\\.0)?"'), values)) > 0);
        assert.ok((await panelSeries(prom!, 'sum(rate(kubelet_pleg_relist_duration_seconds_count{job="kubelet", node=~"$node"}[$__rate_interval]))', values)) > 0);
    });

    it("a panel on a family the cadvisor drop rules remove would be empty: the test catches it", async () => {
        const family = "container_cpu_system_seconds_total";
        assert.ok(CADVISOR_FAMILIES.some((f) => f.name === family && !f.keep), "the family is dropped by the table");
        assert.ok(fs.readFileSync(CADVISOR_FIXTURE, "utf8").includes(`\n${family}{`), "the fixture serves it, so only the drop rule can empty the panel");
        const doctored = `sum by (pod, container) (rate(${family}{namespace="$namespace", pod=~"$pod", container!=""}[$__rate_interval]))`;
        const values = await variableValues(prom!, dashboards.find((d) => d.json.title === "Namespace and pod")!);
        assert.strictEqual(await panelSeries(prom!, doctored, values), 0);
        // The same panel on the kept sibling family has data.
        assert.ok((await panelSeries(prom!, doctored.replace(family, "container_cpu_usage_seconds_total"), values)) > 0);
    });

    it("a panel on a control-plane family the drop rules remove would be empty too", async () => {
        const family = "scheduler_plugin_execution_duration_seconds_bucket";
        assert.ok(fs.readFileSync(CONTROL_PLANE_FIXTURES["kube-scheduler"], "utf8").includes(`\n${family}{`), "the fixture serves it");
        assert.strictEqual(await panelSeries(prom!, `sum(rate(${family}{job="kube-scheduler"}[1m]))`, {}), 0);
        assert.ok((await panelSeries(prom!, 'sum(rate(scheduler_scheduling_attempt_duration_seconds_bucket{job="kube-scheduler"}[1m]))', {})) > 0);
    });

    it("a panel on an elasticsearch family the drop rules remove would be empty too", async () => {
        const family = "elasticsearch_thread_pool_queue_count";
        assert.ok(fs.readFileSync(ELASTICSEARCH_EXPORTER_FIXTURE, "utf8").includes(`\n${family}{`), "the fixture serves it");
        assert.strictEqual(await panelSeries(prom!, `sum by (name) (${family}{job="elasticsearch",type="write"})`, {}), 0);
        assert.ok((await panelSeries(prom!, 'sum by (name) (elasticsearch_thread_pool_rejected_count{job="elasticsearch",type="write"})', {})) > 0);
    });

    it("a panel on a node-exporter family the drop rules remove would be empty too", async () => {
        const values = await variableValues(prom!, dashboards.find((d) => d.json.title === "Node")!);
        assert.strictEqual(await panelSeries(prom!, 'sum(node_scrape_collector_duration_seconds{node="$node"})', values), 0);
        assert.ok((await panelSeries(prom!, 'sum(node_scrape_collector_success{node="$node"})', values)) > 0);
        // The Network board's three netstat counters are kept; their siblings, which the real exporter serves too, are not.
        assert.strictEqual(await panelSeries(prom!, 'sum(node_netstat_Tcp_InSegs{node="$node"})', values), 0);
        assert.ok((await panelSeries(prom!, 'sum(node_netstat_Tcp_OutSegs{node="$node"})', values)) > 0);
    });
});

describe("Grafana dashboards on real data with kube-state-metrics and node-exporter off", function () {
    const settings = settingsWithGrafana({ kubeStateMetrics: { enabled: false }, nodeExporter: { enabled: false } });
    const dashboards = dashboardsFor(settings, PROJECT).filter((d) => d.json.title !== "Logs");
    const closers: Array<() => Promise<void>> = [];
    let prom: PrometheusProcess | undefined;

    before(async () => {
        prom = await runStack(settings, closers, undefined, PANEL_SCRAPE_INTERVAL);
    });

    after(async () => {
        for (const close of closers.reverse()) {
            await close();
        }
    });

    it("the panels that remain, and the variables now read from cAdvisor, all return series", async () => {
        assert.ok(!dashboards.some((d) => d.json.title === "Node"));
        const empty: string[] = [];
        for (const d of dashboards) {
            const values = await variableValues(prom!, d);
            for (const q of prometheusQueries([d])) {
                if ((await panelSeries(prom!, q.expr, values)) === 0) {
                    empty.push(`${q.dashboard} / ${q.panel} / ${q.refId}: ${fillVariables(q.expr, values)}`);
                }
            }
        }
        assert.deepStrictEqual(empty, []);
    });
});
