import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { NAMESPACE_PODS_BY_PHASE } from "../components/kube-state-metrics/pod-phase-rules";
import { APISERVER_LATENCY_P99 } from "../components/apiserver/latency-rules";
import { APISERVER_REQUESTS_BY_CODE } from "../components/apiserver/request-rate-rules";
import { KUBELET_NOT_ANSWERED } from "../components/kubelet/dashboard";
import { DATASOURCE_VARIABLE as DATASOURCE } from "../components/common/dashboards/panels";
import * as ts from "typescript";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { prometheusQueries, queryVariables } from "./harness/dashboards";
import { fillVariables, labelValuesQuery, promqlProblems } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { Settings } from "../config";
import { parse } from "yaml";
import * as records from "../components/common/rules/compute-resource-records";

/** Any value will do for parsing; the real-data test fills them from the data. */
const PARSE_VALUES = { __rate_interval: "1m", node: "node-1", namespace: "shop", pod: ".*", integration: ".*", claim: ".*", type: ".*", workload: "web", instance: ".*" };

const titles = (ds: readonly GeneratedDashboard[]) => ds.map((d) => d.json.title);
const panelTitles = (ds: readonly GeneratedDashboard[], title: string) => (ds.find((d) => d.json.title === title)?.json.panels ?? []).map((p: any) => p.title);

describe("Grafana dashboards: queries Prometheus v2.11.1 runs", () => {
    const dashboards = dashboardsFor(settingsWithGrafana(), PROJECT);
    const queries = prometheusQueries(dashboards);

    it("every dashboard of the issue is generated", () => {
        // By folder (components/common/dashboards/folders.ts), then the component list (stack/components.ts).
        assert.deepStrictEqual(titles(dashboards), ["Home", "Cluster", "Kubelet", "Persistent volumes", "Control plane", "CoreDNS", "Network", "Namespace and pod", "Namespace workloads", "Workload", "Node pods", "Node", "USE Method / Cluster", "USE Method / Node", "Prometheus", "Alertmanager", "Grafana", "Log agent", "Logs"]);
        assert.ok(queries.length >= 25, `${queries.length} queries`);
    });

    it("every panel query parses with lezer-promql and uses only what v2.11.1 has", () => {
        const problems = queries.flatMap((q) => promqlProblems(fillVariables(q.expr, PARSE_VALUES)).map((p) => `${q.dashboard} / ${q.panel}: ${p}`));
        assert.deepStrictEqual(problems, []);
    });

    it("every Prometheus variable is a label_values query whose selector parses for v2.11.1", () => {
        for (const d of dashboards) {
            for (const v of queryVariables(d).filter((v) => v.datasourceType === "prometheus")) {
                const { selector } = labelValuesQuery(v.query);
                assert.deepStrictEqual(promqlProblems(fillVariables(selector, PARSE_VALUES)), [], `${d.json.title} $${v.name}`);
            }
        }
    });

    it("the checker is not a rubber stamp: later functions, aggregators and syntax are refused", () => {
        assert.match(promqlProblems("absent_over_time(up[5m])").join(), /absent_over_time is not in Prometheus v2.11.1/);
        assert.match(promqlProblems("last_over_time(up[5m])").join(), /last_over_time/);
        assert.match(promqlProblems("group(up)").join(), /aggregator group/);
        assert.match(promqlProblems("up @ 100").join(), /@ modifier/);
        assert.match(promqlProblems("up offset -5m").join(), /negative offset/);
        assert.match(promqlProblems("sum(rate(up[5m])").join(), /syntax error/);
        assert.deepStrictEqual(promqlProblems("histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m])))"), []);
    });

    it("every dashboard has a data-source variable that its panels and variables use", () => {
        for (const d of dashboards) {
            const ds = (d.json.templating?.list ?? []).find((v: any) => v.type === "datasource");
            assert.ok(ds, `${d.json.title} has no data-source variable`);
            // A text panel (a question not answered, and why) and the list of dashboards query nothing.
            for (const p of (d.json.panels ?? []).filter((p: any) => p.type !== "text" && p.type !== "dashlist")) {
                assert.strictEqual(p.datasource?.uid, "${datasource}", `${d.json.title} / ${p.title}`);
                for (const t of p.targets ?? []) {
                    assert.strictEqual(t.datasource?.uid, "${datasource}", `${d.json.title} / ${p.title} / ${t.refId}`);
                }
            }
        }
    });

    it("node, namespace and pod variables where the panels filter on them", () => {
        const vars = (title: string) => queryVariables(dashboards.find((d) => d.json.title === title)!).map((v) => v.name);
        assert.deepStrictEqual(vars("Node"), ["cluster", "node"]);
        assert.deepStrictEqual(vars("Namespace and pod"), ["cluster", "namespace", "pod"]);
        assert.deepStrictEqual(vars("Namespace workloads"), ["cluster", "namespace", "type"]);
        assert.deepStrictEqual(vars("Workload"), ["cluster", "namespace", "type", "workload"]);
        assert.deepStrictEqual(vars("Node pods"), ["cluster", "node"]);
        assert.deepStrictEqual(vars("Log agent"), ["cluster", "node"]);
        assert.deepStrictEqual(vars("Logs"), ["namespace", "pod"]);
    });

    it("every dashboard links to all the others: its menu and Home's list name the folder tag, which every dashboard carries", () => {
        for (const d of dashboards) {
            const json = d.json as any;
            assert.deepStrictEqual(json.tags, [PROJECT], d.json.title);
            assert.deepStrictEqual(
                // Links to one board each (type link) are checked in tests/grafana-dashboard-links.test.ts.
                json.links.filter((l: any) => l.type !== "link").map((l: any) => [l.type, l.tags, l.asDropdown, l.includeVars, l.keepTime]),
                [["dashboards", [PROJECT], true, true, true]],
                `${d.json.title}: the Dashboards menu`,
            );
        }
        const list = dashboards.find((d) => d.json.uid === "cm-home")!.json.panels!.find((p: any) => p.type === "dashlist");
        assert.deepStrictEqual(list.options.tags, [PROJECT]);
        assert.strictEqual(list.options.includeVars, true);
    });

    it("Home exists whatever is switched off, since Grafana opens on its file", () => {
        const off = { enabled: false };
        const bare = dashboardsFor(
            settingsWithGrafana({
                metrics: { jobs: { cadvisor: false, kubelet: false, apiserver: false, logAgent: false } },
                kubeStateMetrics: off,
                nodeExporter: off,
                alertmanager: off,
                controlPlane: { coreDns: off, scheduler: off, controllerManager: off, kubeProxy: off },
            }),
            PROJECT,
        );
        assert.strictEqual(bare[0].slug, "home");
        assert.deepStrictEqual(panelTitles(bare, "Home"), ["Alerts firing", "Scrape targets down", "Firing alerts", "Dashboards"]);
    });

    it("the Kubelet board's text panel and docs/grafana.md list the same unanswered questions, with the same reasons", () => {
        const docs = fs.readFileSync(path.join(__dirname, "..", "docs", "grafana.md"), "utf8");
        const listed = KUBELET_NOT_ANSWERED.map((n) => `- **${n.question}**: ${n.why}.`);
        assert.deepStrictEqual(listed.filter((line) => !docs.includes(`\n${line}\n`)), []);
        const text = dashboards.find((d) => d.json.uid === "cm-kubelet")!.json.panels!.find((p: any) => p.type === "text");
        assert.strictEqual(text.options.content, listed.join("\n"));
    });

    it("every $variable a panel or a variable query uses is a variable of its own dashboard, or one of Grafana's built-ins", () => {
        const builtIn = new Set(["__rate_interval", "__interval", "__range", DATASOURCE]);
        const undefinedVariables = (d: GeneratedDashboard) => {
            const own = new Set((d.json.templating?.list ?? []).map((v: any) => v.name));
            const texts = [
                ...(d.json.panels ?? []).flatMap((p: any) => (p.targets ?? []).map((t: any) => t.expr ?? t.query ?? "")),
                ...(d.json.templating?.list ?? []).map((v: any) => (typeof v.query === "string" ? v.query : "")),
            ];
            const used = texts.flatMap((t: string) => [...t.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
            return [...new Set(used.filter((u) => !own.has(u) && !builtIn.has(u)))];
        };
        const all = dashboardsFor(settingsWithGrafana({ metrics: { remoteWrite: [{ url: "https://m.example.com/w" }] }, searchStore: { enabled: true } }), PROJECT);
        for (const d of all) {
            assert.deepStrictEqual(undefinedVariables(d), [], d.json.title);
        }
        // Not a rubber stamp: the Kubelet board's $node used on a board without it is caught.
        const kubelet = all.find((d) => d.json.uid === "cm-kubelet")!;
        assert.deepStrictEqual(undefinedVariables({ ...kubelet, json: { ...kubelet.json, templating: { list: [] } } }), ["cluster", "node"]);
    });

    it("uids are unique and stable, so a renamed title keeps its links", () => {
        const uids = dashboards.map((d) => d.json.uid);
        assert.deepStrictEqual(uids, ["cm-home", "cm-cluster", "cm-kubelet", "cm-persistent-volumes", "cm-control-plane", "cm-coredns", "cm-network", "cm-namespace-pod", "cm-namespace-workloads", "cm-workload", "cm-node-pods", "cm-node", "cm-use-cluster", "cm-use-node", "cm-prometheus", "cm-alertmanager", "cm-grafana", "cm-log-agent", "cm-logs"]);
    });
});

describe("Grafana dashboards follow the enabled components", () => {
    it("without node-exporter there is no Node dashboard and no node CPU panel on Cluster", () => {
        const ds = dashboardsFor(settingsWithGrafana({ nodeExporter: { enabled: false } }), PROJECT);
        assert.ok(!titles(ds).includes("Node"));
        assert.ok(!panelTitles(ds, "Cluster").includes("Node CPU busy"));
        assert.ok(!JSON.stringify(ds).includes("node_cpu_seconds_total"));
    });

    it("without kube-state-metrics no kube_ series is queried, and the namespace variables come from cAdvisor", () => {
        const ds = dashboardsFor(settingsWithGrafana({ kubeStateMetrics: { enabled: false } }), PROJECT);
        assert.ok(!JSON.stringify(ds).includes("kube_"));
        assert.deepStrictEqual(panelTitles(ds, "Namespace and pod"), [
            "CPU per container",
            "CPU throttling",
            "Memory per container",
            "Memory with page cache, RSS, cache and swap per pod",
            "Network per pod",
            "Packets per pod",
            "Packets dropped per pod",
            "Storage operations per pod and container",
            "Storage throughput per pod and container",
        ]);
        // Node pods keeps each pod's usage, without requests, limits or the node's capacity.
        assert.deepStrictEqual(panelTitles(ds, "Node pods"), ["CPU used per pod", "Memory used per pod", "Memory with page cache, RSS, cache and swap per pod"]);
        assert.ok(!panelTitles(ds, "Cluster").includes("Nodes"));
    });

    it("without the cadvisor job no container_ series is queried", () => {
        const ds = dashboardsFor(settingsWithGrafana({ metrics: { jobs: { cadvisor: false } } }), PROJECT);
        // cAdvisor's families all start with container_; kube-state-metrics' kube_pod_container_ ones stay, and so do
        // the kubelet's container_state label and kubelet_running_containers: only a metric name (before { or [) counts.
        assert.deepStrictEqual(JSON.stringify(ds).match(/(?<![a-z_])container_[a-z_]+(?=[{[])/g), null);
        assert.deepStrictEqual(panelTitles(ds, "Namespace and pod"), [
            "CPU requested",
            "CPU requests and limits per pod",
            "CPU quota of the namespace",
            "Memory requests and limits per pod",
            "Memory quota of the namespace",
            "Container restarts",
        ]);
        assert.ok(!titles(ds).includes("Node pods"));
    });

    it("etcd panels only while the etcd job is on; no Control plane dashboard without the apiserver, etcd and control-plane jobs", () => {
        const etcdPanels = (ds: GeneratedDashboard[]) => panelTitles(ds, "Control plane").filter((t: string) => t.startsWith("etcd"));
        assert.deepStrictEqual(etcdPanels(dashboardsFor(settingsWithGrafana(), PROJECT)), []);
        const withEtcd = dashboardsFor(settingsWithGrafana({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } } }), PROJECT);
        assert.deepStrictEqual(etcdPanels(withEtcd), ["etcd has a leader", "etcd leader changes", "etcd database size", "etcd WAL fsync (p99)"]);
        const off = { enabled: false };
        const noControlPlane = { coreDns: off, scheduler: off, controllerManager: off, kubeProxy: off };
        const neither = dashboardsFor(settingsWithGrafana({ metrics: { jobs: { apiserver: false } }, controlPlane: noControlPlane }), PROJECT);
        assert.ok(!titles(neither).includes("Control plane"));
    });

    it("the CoreDNS board exactly while CoreDNS is scraped, the etcd board exactly while the etcd job is on", () => {
        const uids = (overrides: Record<string, Record<string, unknown>>) => dashboardsFor(settingsWithGrafana(overrides), PROJECT).map((d) => d.json.uid);
        assert.ok(uids({}).includes("cm-coredns") && !uids({}).includes("cm-etcd"), uids({}).join(", "));
        assert.ok(!uids({ controlPlane: { coreDns: { enabled: false } } }).includes("cm-coredns"));
        assert.ok(uids({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } } }).includes("cm-etcd"));
    });

    it("a control-plane component's panels exist exactly while its job does; managed clusters get no scheduler or controller-manager panel", () => {
        const queries = (overrides: Record<string, Record<string, unknown>>) =>
            JSON.stringify(dashboardsFor(settingsWithGrafana(overrides), PROJECT).find((d) => d.json.title === "Control plane")?.json.panels ?? []);
        const all = queries({});
        for (const job of ["coredns", "kube-scheduler", "kube-controller-manager", "kube-proxy"]) {
            assert.ok(all.includes(`job=\\"${job}\\"`), `${job} has panels by default`);
        }
        const managed = queries({ controlPlane: { kind: "managed" } });
        assert.ok(!managed.includes("kube-scheduler") && !managed.includes("kube-controller-manager"));
        assert.ok(managed.includes("coredns") && managed.includes("kube-proxy"));
        assert.ok(!queries({ controlPlane: { kubeProxy: { enabled: false } } }).includes("kube-proxy"));
    });

    it("without the log-agent job there is no Log agent dashboard", () => {
        const ds = dashboardsFor(settingsWithGrafana({ metrics: { jobs: { logAgent: false } } }), PROJECT);
        assert.ok(!titles(ds).includes("Log agent"));
        assert.ok(!JSON.stringify(ds).includes("fluentd_"));
    });

    it("the Remote write board exists only with a remoteWrite target, and reads the families of the stack's release line", () => {
        const uids = (ds: GeneratedDashboard[]) => ds.map((d) => d.json.uid);
        assert.ok(!uids(dashboardsFor(settingsWithGrafana(), PROJECT)).includes("cm-remote-write"));
        const remoteWrite = [{ url: "https://metrics.example.com/api/v1/write" }];
        const board = (image?: string) =>
            dashboardsFor(settingsWithGrafana({ metrics: { remoteWrite, ...(image ? { image } : {}) } }), PROJECT).find((d) => d.json.uid === "cm-remote-write")!;
        const old = prometheusQueries([board()]);
        assert.ok(old.every((q) => !/remote_name|shards_desired|prometheus_remote_storage_samples_total\{/.test(q.expr)));
        assert.ok(old.some((q) => q.expr.includes("by (pod, queue)")));
        // Every query of the default line's board parses for v2.11.1; the later line's uses its own names.
        assert.deepStrictEqual(old.flatMap((q) => promqlProblems(fillVariables(q.expr, PARSE_VALUES))), []);
        const later = prometheusQueries([board("quay.io/prometheus/prometheus:v2.53.5")]);
        assert.ok(later.some((q) => q.expr.includes("by (pod, remote_name, url)") && q.expr.includes("prometheus_remote_storage_samples_total")));
        assert.ok(later.some((q) => q.expr.includes("prometheus_remote_storage_shards_desired")));
    });

    it("no Grafana board while Grafana, and so its scrape job, is off", () => {
        const grafanaOff = settingsWithGrafana();
        const uids = dashboardsFor({ ...grafanaOff, grafana: { ...grafanaOff.grafana, enabled: false } }, PROJECT).map((d) => d.json.uid);
        assert.ok(uids.includes("cm-alertmanager") && !uids.includes("cm-grafana"), uids.join(", "));
    });

    it("no Alertmanager board without Alertmanager, no Kubelet or Persistent volumes board without the kubelet job", () => {
        const titlesWith = (overrides: Record<string, Record<string, unknown>>) => titles(dashboardsFor(settingsWithGrafana(overrides), PROJECT));
        assert.ok(!titlesWith({ alertmanager: { enabled: false } }).includes("Alertmanager"));
        const noKubelet = titlesWith({ metrics: { jobs: { kubelet: false } } });
        assert.ok(!noKubelet.includes("Kubelet") && !noKubelet.includes("Persistent volumes"));
        // Without kube-state-metrics the claims' phase and size go; the usage panels stay.
        assert.deepStrictEqual(panelTitles(dashboardsFor(settingsWithGrafana({ kubeStateMetrics: { enabled: false } }), PROJECT), "Persistent volumes"), [
            "Space used",
            "Space used now",
            "Bytes used and capacity",
            "Inodes used",
            "Inodes used now",
        ]);
    });

    it("the namespace's quota panels only while kube-state-metrics exposes ResourceQuotas; no workload board without kube-state-metrics", () => {
        const quotaPanels = (overrides: Record<string, Record<string, unknown>>) =>
            panelTitles(dashboardsFor(settingsWithGrafana(overrides), PROJECT), "Namespace workloads").filter((t: string) => t.includes("quota"));
        assert.deepStrictEqual(quotaPanels({}), ["CPU quota of the namespace", "Memory quota of the namespace"]);
        assert.deepStrictEqual(quotaPanels({ kubeStateMetrics: { exposedResources: ["pods", "replicasets", "nodes"] } }), []);
        const noKsm = titles(dashboardsFor(settingsWithGrafana({ kubeStateMetrics: { enabled: false } }), PROJECT));
        assert.ok(!noKsm.includes("Namespace workloads") && !noKsm.includes("Workload"));
    });

    it("without cAdvisor and kube-state-metrics there is no Namespace and pod dashboard at all", () => {
        const ds = dashboardsFor(settingsWithGrafana({ metrics: { jobs: { cadvisor: false } }, kubeStateMetrics: { enabled: false } }), PROJECT);
        assert.ok(!titles(ds).includes("Namespace and pod"));
    });

    it("Fast: no panel or variable reads a raw family that a compute recording rule serves, while the stack records them", () => {
        // Each raw family, and the rule that serves a board's question on it (components/common/rules/compute-resource-records.ts).
        const served: Record<string, string> = {
            container_cpu_usage_seconds_total: records.CONTAINER_CPU_RATE5M,
            container_memory_working_set_bytes: records.CONTAINER_MEMORY_WORKING_SET,
            container_memory_rss: records.CONTAINER_MEMORY_RSS,
            container_memory_cache: records.CONTAINER_MEMORY_CACHE,
            container_memory_swap: records.CONTAINER_MEMORY_SWAP,
            kube_pod_container_resource_requests: `${records.POD_CPU_REQUESTS} or ${records.POD_MEMORY_REQUESTS}`,
            kube_pod_container_resource_limits: `${records.POD_CPU_LIMITS} or ${records.POD_MEMORY_LIMITS}`,
            kube_pod_owner: records.POD_WORKLOAD,
            kube_replicaset_owner: records.POD_WORKLOAD,
            // Issue 30: Home's pods not running and the Control plane board's API server p99 latency.
            kube_pod_status_phase: NAMESPACE_PODS_BY_PHASE,
            apiserver_request_sli_duration_seconds_bucket: APISERVER_LATENCY_P99,
            apiserver_request_total: APISERVER_REQUESTS_BY_CODE,
        };
        const rawReads = (ds: readonly GeneratedDashboard[]) => {
            const texts = [
                ...prometheusQueries(ds).map((q) => ({ at: `${q.dashboard} / ${q.panel}`, text: q.expr })),
                ...ds.flatMap((d) => queryVariables(d).map((v) => ({ at: `${d.json.title} / $${v.name}`, text: v.query }))),
            ];
            // A family's name on its own: not the tail of a rule's name (namespace_workload_pod:kube_pod_owner:relabel).
            return texts.flatMap(({ at, text }) => Object.keys(served).filter((f) => new RegExp(`(?<![\\w:])${f}(?![\\w:])`).test(text)).map((f) => `${at}: ${f}, which ${served[f]} serves`));
        };
        const everything = settingsWithGrafana({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://m.example.com/w" }] }, searchStore: { enabled: true } });
        assert.deepStrictEqual(rawReads(dashboardsFor(settingsWithGrafana(), PROJECT)), []);
        assert.deepStrictEqual(rawReads(dashboardsFor(everything, PROJECT)), []);
        // The check can fail: without the default rules the same boards read every one of those families.
        const raw = rawReads(dashboardsFor(settingsWithGrafana({ alertRules: { defaults: false } }), PROJECT));
        assert.deepStrictEqual(Object.keys(served).filter((f) => !raw.some((r) => r.includes(`: ${f},`))), []);
    });

    it("Fast: Namespace and pod and Persistent volumes open on one pod and one claim, as kube-prometheus' boards do: several values, but no All", () => {
        // Grafana opens a variable that offers All on All (scenes: defaultToAll follows includeAll), one series per pod or claim in every panel.
        const ds = dashboardsFor(settingsWithGrafana(), PROJECT);
        const variable = (uid: string, name: string) => (ds.find((d) => d.json.uid === uid)!.json.templating?.list ?? []).find((v: any) => v.name === name);
        for (const [uid, name] of [["cm-namespace-pod", "pod"], ["cm-persistent-volumes", "claim"]]) {
            const v = variable(uid, name);
            assert.deepStrictEqual([v.multi, v.includeAll ?? false, v.allValue], [true, false, undefined], `${uid} $${name}`);
        }
        // The check can fail: the Kubelet board's node variable offers All.
        assert.strictEqual(variable("cm-kubelet", "node").includeAll, true);
    });

    it("every recording rule a panel or variable reads is recorded by the same stack's rule files; without the default rules none is read", () => {
        // A recording rule's name has a colon, which no label name and no other identifier of a query has (ranges and strings aside);
        // it may begin with one (:node_memory_MemAvailable_bytes:sum).
        const recordsRead = (ds: readonly GeneratedDashboard[]) => {
            const exprs = [...prometheusQueries(ds).map((q) => q.expr), ...ds.flatMap((d) => queryVariables(d).filter((v) => v.datasourceType === "prometheus").map((v) => v.query))];
            return new Set(exprs.flatMap((e) => e.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, "").match(/:?[a-zA-Z_][a-zA-Z0-9_]*:[a-zA-Z0-9_:]*/g) ?? []));
        };
        const recorded = (settings: Settings) =>
            new Set(Object.values(generatedPrometheusFiles(settings).ruleFiles).flatMap((file) => (parse(file)?.groups ?? []).flatMap((g: any) => g.rules.map((r: any) => r.record).filter((r: unknown) => r !== undefined))));
        const stacks: Array<[string, Settings]> = [
            ["default", settingsWithGrafana()],
            ["kube-state-metrics off", settingsWithGrafana({ kubeStateMetrics: { enabled: false } })],
            ["the cadvisor job off", settingsWithGrafana({ metrics: { jobs: { cadvisor: false } } })],
            ["the kubelet job off", settingsWithGrafana({ metrics: { jobs: { kubelet: false } } })],
        ];
        for (const [name, settings] of stacks) {
            const [read, rules] = [recordsRead(dashboardsFor(settings, PROJECT)), recorded(settings)];
            const missing = [...read].filter((r) => !rules.has(r));
            assert.deepStrictEqual(missing, [], name);
        }
        assert.ok(recordsRead(dashboardsFor(stacks[0][1], PROJECT)).size >= 8, "the default stack's boards read the compute rules");
        const withoutRules = settingsWithGrafana({ alertRules: { defaults: false } });
        assert.deepStrictEqual([...recordsRead(dashboardsFor(withoutRules, PROJECT))], []);
        // The check can fail: a board that reads the rules in a stack that loads none.
        const none = recorded(withoutRules);
        assert.ok([...recordsRead(dashboardsFor(stacks[0][1], PROJECT))].some((r) => !none.has(r)));
    });
});

/**
 * @grafana/schema 13.2.3 ships the dashboard schema as TypeScript types only (no validator at
 * run time), so each generated dashboard is type-checked against its `Dashboard` type: the JSON
 * becomes an object literal assigned to that type, where TypeScript refuses unknown fields and
 * wrong value types. Each source is a module of its own, and all of them are checked in one
 * program, so the schema's declarations are loaded once rather than once per dashboard and
 * panel; the declaration files parsed are kept for the next program too.
 */
const parsedDeclarations = new Map<string, ts.SourceFile | undefined>();

function typeErrorsOf(sources: readonly string[]): string[][] {
    const root = path.resolve(__dirname, "..");
    const files = new Map(sources.map((source, i) => [path.join(root, `__generated_dashboard_check_${i}__.ts`), source]));
    const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, skipLibCheck: true, types: [] };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, ...rest) => {
        const source = files.get(name);
        if (source !== undefined) {
            return ts.createSourceFile(name, source, lang);
        }
        if (!parsedDeclarations.has(name)) {
            parsedDeclarations.set(name, getSourceFile(name, lang, ...rest));
        }
        return parsedDeclarations.get(name);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    const program = ts.createProgram([...files.keys()], options, host);
    const shared = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    return [...files.keys()].map((file) => {
        const sf = program.getSourceFile(file)!;
        return [...shared, ...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    });
}

function typeErrors(source: string): string[] {
    return typeErrorsOf([source])[0];
}

function dashboardSource(json: object): string {
    return `import type { Dashboard } from "@grafana/schema";\nexport const dashboard: Dashboard = ${JSON.stringify(json, null, 1)};\n`;
}

function schemaErrors(json: object): string[] {
    return typeErrors(dashboardSource(json));
}

/** The panel plugins' own schemas in @grafana/schema 13.2.3, which the Dashboard type leaves open (options: Record<string, unknown>). */
const PANEL_SCHEMAS: Record<string, string> = {
    timeseries: "@grafana/schema/dist/esm/raw/composable/timeseries/panelcfg/x/TimeSeriesPanelCfg_types.gen",
    stat: "@grafana/schema/dist/esm/raw/composable/stat/panelcfg/x/StatPanelCfg_types.gen",
    logs: "@grafana/schema/dist/esm/raw/composable/logs/panelcfg/x/LogsPanelCfg_types.gen",
    text: "@grafana/schema/dist/esm/raw/composable/text/panelcfg/x/TextPanelCfg_types.gen",
    dashlist: "@grafana/schema/dist/esm/raw/composable/dashboardlist/panelcfg/x/DashboardListPanelCfg_types.gen",
};

/**
 * A panel's options and custom field config against its plugin's Options and FieldConfig. JSON
 * holds an enum member as its string, so the types are compared with enums as their values.
 */
function panelSchemaSource(panel: any): string | undefined {
    const module = PANEL_SCHEMAS[panel.type];
    if (module === undefined) {
        return undefined;
    }
    const custom = panel.fieldConfig?.defaults?.custom;
    return (
        `import type * as cfg from "${module}";\n` +
        "type Json<T> = T extends string ? `${T}` : T extends number | boolean ? T : T extends Array<infer U> ? Array<Json<U>> : T extends object ? { [K in keyof T]: Json<T[K]> } : T;\n" +
        `export const options: Json<cfg.Options> = ${JSON.stringify(panel.options ?? {})};\n` +
        (custom !== undefined ? `export const custom: Json<cfg.FieldConfig> = ${JSON.stringify(custom)};\n` : "")
    );
}

function panelSchemaErrors(panel: any): string[] {
    const source = panelSchemaSource(panel);
    return source === undefined ? [`no schema known for panel type ${panel.type}`] : typeErrors(source);
}

describe("Grafana dashboards against @grafana/schema 13.2.3 (its TypeScript types)", function () {
    const dashboards = dashboardsFor(settingsWithGrafana(), PROJECT);
    // Every dashboard and every panel with a known schema, checked together in one program.
    let dashboardErrors: string[][] = [];
    let panelErrors: string[][][] = [];

    before(() => {
        const panels = dashboards.map((d) => (d.json.panels ?? []).map((p: any) => panelSchemaSource(p)));
        const known = panels.flat().filter((s): s is string => s !== undefined);
        const errors = typeErrorsOf([...dashboards.map((d) => dashboardSource(d.json)), ...known]);
        dashboardErrors = errors.slice(0, dashboards.length);
        let next = dashboards.length;
        panelErrors = panels.map((ps, i) =>
            ps.map((source, j) => (source === undefined ? [`no schema known for panel type ${dashboards[i].json.panels![j].type}`] : errors[next++])),
        );
    });

    dashboards.forEach((d, i) => {
        it(`${d.json.title} is a Dashboard`, () => {
            assert.deepStrictEqual(dashboardErrors[i], []);
        });
    });

    dashboards.forEach((d, i) => {
        it(`${d.json.title}: every panel's options and field config match its plugin's schema`, () => {
            const problems = (d.json.panels ?? []).flatMap((p: any, j: number) => panelErrors[i][j].map((e) => `${p.title}: ${e}`));
            assert.deepStrictEqual(problems, []);
        });
    });

    it("the panel check is not a rubber stamp either: an unknown option and a wrong enum value are refused", () => {
        const logs = dashboards.find((d) => d.json.title === "Logs")!.json.panels![0];
        assert.match(panelSchemaErrors({ ...logs, options: { ...logs.options, wrapLines: true } }).join("\n"), /wrapLines/);
        assert.ok(panelSchemaErrors({ ...logs, options: { ...logs.options, dedupStrategy: "sometimes" } }).length > 0);
    });

    it("the check is not a rubber stamp: a misspelt field and a wrong type are refused", () => {
        const bad = { ...dashboards[0].json, refrsh: "30s" };
        assert.match(schemaErrors(bad).join("\n"), /refrsh/);
        assert.ok(schemaErrors({ ...dashboards[0].json, editable: "yes" }).length > 0);
    });
});
