import * as assert from "assert";
import { PROJECT } from "../config/source";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { settingsWithGrafana } from "./harness/stack-config";
import { everyDefaultGroupOf } from "../stack/rule-groups";
import { DEFAULT_RELEASE } from "../prometheus-releases/release-lines";

/**
 * Links between the boards (docs/grafana.md#links-between-dashboards): every link of every
 * rendered board points at a board the same stack renders, by uid, and carries only variables
 * both boards have, or sets the target's from a label the panel's series carry.
 */

interface Link {
    from: string;
    where: string;
    title: string;
    url: string;
    /** The panel's query texts, for a data link; a board link has none. */
    exprs?: string[];
    /** A board link (type link): Grafana carries every variable itself with includeVars. */
    board?: { includeVars: boolean; keepTime: boolean };
}

const variablesOf = (d: GeneratedDashboard): string[] => (d.json.templating?.list ?? []).map((v: any) => v.name);

function linksOf(d: GeneratedDashboard): Link[] {
    const panels = (d.json.panels ?? []).flatMap((p: any) =>
        (p.fieldConfig?.defaults?.links ?? []).map((l: any) => ({ from: d.json.uid, where: p.title, title: l.title, url: l.url, exprs: (p.targets ?? []).map((t: any) => t.expr) })),
    );
    const boards = ((d.json as any).links ?? [])
        .filter((l: any) => l.type === "link")
        .map((l: any) => ({ from: d.json.uid, where: "top", title: l.title, url: l.url, board: { includeVars: l.includeVars, keepTime: l.keepTime } }));
    return [...panels, ...boards];
}

/** Each recording rule's expression, by the name it records. */
const RECORDED: ReadonlyMap<string, string> = new Map(
    everyDefaultGroupOf(DEFAULT_RELEASE)
        .flatMap((g) => g.rules)
        .flatMap((r) => ("record" in r ? [[r.record, r.expr] as [string, string]] : [])),
);

/** Whether every query of the panel keeps the label in its result: in its outer `by (...)`, or as a recorded series read as it is, whose rule keeps it. */
function seriesCarry(exprs: readonly string[], label: string): boolean {
    return exprs.every((e) => carries(e, label));
}

function carries(expr: string, label: string): boolean {
    const by = /^\s*\w+\s+by\s*\(([^)]*)\)/.exec(expr);
    if (by) {
        return by[1].split(",").map((x) => x.trim()).includes(label);
    }
    const bare = /^\s*([A-Za-z_:][\w:]*)\s*(\{[^}]*\})?\s*$/.exec(expr);
    const rule = bare ? RECORDED.get(bare[1]) : undefined;
    return rule !== undefined && carries(rule, label);
}

/** Every problem of the links of one stack's render: what is wrong, named by board, panel and link. */
function linkProblems(dashboards: readonly GeneratedDashboard[]): string[] {
    const byUid = new Map(dashboards.map((d) => [d.json.uid, d]));
    const problems: string[] = [];
    for (const d of dashboards) {
        for (const l of linksOf(d)) {
            const at = `${l.from} / ${l.where} / ${l.title}`;
            const m = /^\/d\/([A-Za-z0-9_-]+)(?:\?(.*))?$/.exec(l.url);
            if (!m) {
                problems.push(`${at}: not a /d/<uid> URL: ${l.url}`);
                continue;
            }
            const target = byUid.get(m[1]);
            if (!target) {
                problems.push(`${at}: board ${m[1]} is not rendered in this stack`);
                continue;
            }
            if (l.board) {
                if (!l.board.includeVars || !l.board.keepTime) problems.push(`${at}: a board link that drops the time or the variables`);
                continue;
            }
            const parts = (m[2] ?? "").split("&");
            if (!parts.includes("${__url_time_range}")) problems.push(`${at}: does not keep the time range`);
            for (const part of parts.filter((p) => p !== "${__url_time_range}")) {
                const shared = /^\$\{(\w+):queryparam\}$/.exec(part);
                const fromLabel = /^var-(\w+)=\$\{__field\.labels\.(\w+)\}$/.exec(part);
                if (shared) {
                    if (!variablesOf(d).includes(shared[1])) problems.push(`${at}: carries $${shared[1]}, which ${d.json.uid} does not have`);
                    if (!variablesOf(target).includes(shared[1])) problems.push(`${at}: carries $${shared[1]}, which ${target.json.uid} does not have`);
                } else if (fromLabel) {
                    if (!variablesOf(target).includes(fromLabel[1])) problems.push(`${at}: sets $${fromLabel[1]}, which ${target.json.uid} does not have`);
                    if (!seriesCarry(l.exprs ?? [], fromLabel[2])) problems.push(`${at}: takes label ${fromLabel[2]}, which not every query of the panel keeps`);
                } else {
                    problems.push(`${at}: unknown URL part ${part}`);
                }
            }
            // Every variable both boards have is carried.
            const carried = parts.map((p) => /^\$\{(\w+):queryparam\}$/.exec(p)?.[1] ?? /^var-(\w+)=/.exec(p)?.[1]);
            const missed = variablesOf(d).filter((v) => variablesOf(target).includes(v) && !carried.includes(v));
            if (missed.length > 0) problems.push(`${at}: drops ${missed.map((v) => `$${v}`).join(", ")}, which both boards have`);
            for (const label of [...l.title.matchAll(/\$\{__field\.labels\.(\w+)\}/g)].map((x) => x[1])) {
                if (!seriesCarry(l.exprs ?? [], label)) problems.push(`${at}: its title names label ${label}, which not every query keeps`);
            }
        }
    }
    return problems;
}

const off = { enabled: false };
const STACKS: Array<[string, GeneratedDashboard[]]> = [
    ["default", dashboardsFor(settingsWithGrafana(), PROJECT)],
    ["everything on", dashboardsFor(settingsWithGrafana({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://m.example.com/w" }] }, searchStore: { enabled: true } }), PROJECT)],
    ["kube-state-metrics and node-exporter off", dashboardsFor(settingsWithGrafana({ kubeStateMetrics: off, nodeExporter: off }), PROJECT)],
    ["kubelet job off", dashboardsFor(settingsWithGrafana({ metrics: { jobs: { kubelet: false } } }), PROJECT)],
];

describe("links between the dashboards (docs/grafana.md#links-between-dashboards)", () => {
    it("every link of every rendered board points at a board of the same render, keeps the time, and carries or sets only variables that exist", () => {
        let links = 0;
        for (const [stack, ds] of STACKS) {
            assert.deepStrictEqual(linkProblems(ds), [], stack);
            links += ds.flatMap(linksOf).length;
        }
        assert.ok(links > 60, `${links} links`);
    });

    it("the drill-downs: cluster → namespace → pod, node → the kubelet's pods and back, a claim → its namespace", () => {
        const [, ds] = STACKS[0];
        const to = (from: string, target: string) => ds.find((d) => d.json.uid === from)!.json && linksOf(ds.find((d) => d.json.uid === from)!).filter((l) => l.url.startsWith(`/d/${target}`));
        assert.ok(to("cm-cluster", "cm-namespace-pod").some((l) => l.url.includes("var-namespace=${__field.labels.namespace}")), "cluster → namespace");
        assert.ok(to("cm-namespace-pod", "cm-namespace-pod").every((l) => l.url.includes("${namespace:queryparam}") && l.url.includes("var-pod=${__field.labels.pod}")), "namespace → pod");
        assert.ok(to("cm-cluster", "cm-node").some((l) => l.url.includes("var-node=${__field.labels.node}")), "cluster → node");
        assert.strictEqual(to("cm-node", "cm-kubelet").length, 1, "node → its kubelet's pods");
        assert.ok(to("cm-kubelet", "cm-node").length >= 1, "kubelet → node");
        assert.strictEqual(to("cm-persistent-volumes", "cm-namespace-pod").length, 1, "claim → namespace");
        assert.ok(to("cm-home", "cm-cluster").length >= 1, "home → cluster");
        // cluster → namespace → workload → pod, on the Compute Resources boards.
        assert.ok(to("cm-cluster", "cm-namespace-workloads").some((l) => l.url.includes("var-namespace=${__field.labels.namespace}")), "cluster → the namespace's workloads");
        const toWorkload = to("cm-namespace-workloads", "cm-workload");
        assert.ok(toWorkload.length >= 10, `${toWorkload.length} links namespace → workload`);
        assert.ok(
            toWorkload.every((l) => l.url.includes("${namespace:queryparam}") && l.url.includes("${type:queryparam}") && l.url.includes("var-workload=${__field.labels.workload}")),
            "namespace → workload carries the namespace and the kind, and sets the workload",
        );
        // Every per-workload panel links down; the quota panels, whose series are the namespace's, do not.
        const namespaceBoard = ds.find((d) => d.json.uid === "cm-namespace-workloads")!;
        const unlinked = namespaceBoard.json.panels!.filter((p: any) => !(p.fieldConfig?.defaults?.links ?? []).length).map((p: any) => p.title);
        assert.deepStrictEqual(unlinked, ["CPU quota of the namespace", "Memory quota of the namespace"]);
        const toPod = to("cm-workload", "cm-namespace-pod");
        assert.ok(toPod.length >= 9 && toPod.every((l) => l.url.includes("${namespace:queryparam}") && l.url.includes("var-pod=${__field.labels.pod}")), "workload → pod carries the namespace and sets the pod");
        const workloadBoard = ds.find((d) => d.json.uid === "cm-workload")!;
        assert.deepStrictEqual(
            workloadBoard.json.panels!.filter((p: any) => !(p.fieldConfig?.defaults?.links ?? []).length).map((p: any) => p.title),
            ["Bandwidth of the average pod per workload"],
            "every per-pod panel of Workload links to the pod",
        );
        assert.strictEqual(to("cm-workload", "cm-namespace-workloads").filter((l) => l.board).length, 1, "workload → back up to its namespace's workloads, with every variable");
        // node → its pods: from Node pods' per-pod panels to the pod, namespace and pod both from the series.
        const nodeToPod = to("cm-node-pods", "cm-namespace-pod");
        assert.ok(nodeToPod.length >= 3 && nodeToPod.every((l) => l.url.includes("var-namespace=${__field.labels.namespace}") && l.url.includes("var-pod=${__field.labels.pod}")), "node pods → pod");
        // Every link carries the data source and the cluster: both exist on every Prometheus board.
        const data = ds.flatMap(linksOf).filter((l) => !l.board);
        assert.ok(data.every((l) => l.url.includes("${datasource:queryparam}") && l.url.includes("${cluster:queryparam}")));
    });

    it("a link to a board the stack does not render is left out, and its panel stays", () => {
        const [, ds] = STACKS[2];
        assert.ok(!ds.some((d) => d.json.uid === "cm-node"));
        assert.deepStrictEqual(ds.flatMap(linksOf).filter((l) => l.url.includes("cm-node")), []);
        assert.ok(ds.find((d) => d.json.uid === "cm-log-agent")!.json.panels!.some((p: any) => p.title === "Buffer"));
    });

    it("the check can fail: a missing board, a variable the target lacks, a label the series lack, a dropped time range are each named", () => {
        const [, ds] = STACKS[0];
        const doctor = (uid: string, url: string, title = "x") =>
            ds.map((d) => {
                if (d.json.uid !== uid) return d;
                const panels = d.json.panels!.map((p: any, i: number) => (i === 0 ? { ...p, targets: [{ expr: "sum by (node) (up)" }], fieldConfig: { defaults: { links: [{ title, url }] } } } : p));
                return { ...d, json: { ...d.json, panels } };
            });
        const problems = (url: string, title?: string) => linkProblems(doctor("cm-cluster", url, title)).map((p) => p.replace(/^.*?: /, ""));
        assert.deepStrictEqual(problems("/d/cm-nowhere?${__url_time_range}"), ["board cm-nowhere is not rendered in this stack"]);
        assert.deepStrictEqual(problems("/d/cm-node?${__url_time_range}&${datasource:queryparam}&${cluster:queryparam}&var-nod=${__field.labels.node}"), ["sets $nod, which cm-node does not have"]);
        assert.deepStrictEqual(problems("/d/cm-node?${__url_time_range}&${datasource:queryparam}&${cluster:queryparam}&var-node=${__field.labels.instance}"), ["takes label instance, which not every query of the panel keeps"]);
        assert.deepStrictEqual(problems("/d/cm-node?${datasource:queryparam}&${cluster:queryparam}"), ["does not keep the time range"]);
        assert.deepStrictEqual(problems("/d/cm-node?${__url_time_range}&${datasource:queryparam}"), ["drops $cluster, which both boards have"]);
        assert.deepStrictEqual(problems("/d/cm-node?${__url_time_range}&${datasource:queryparam}&${cluster:queryparam}&${pod:queryparam}"), ["carries $pod, which cm-cluster does not have", "carries $pod, which cm-node does not have"]);
    });
});
