import { PanelSpec, Query } from "../common/dashboards/panels";
import { Source } from "../common/dashboards/context";
import { byWorkload, workloadOwners } from "../kube-state-metrics/pod-workload";
import { NETWORK_PAIRS, podNetwork, PodLevel, PodSeries, podSeries } from "./pod-resources";

/**
 * The panels the compute and networking boards share: CPU and memory used against requests and
 * limits, the namespace's quota, and the network, of a set of pods, one series per pod or per
 * workload. The questions are those of kube-prometheus' Compute Resources and Networking boards;
 * the queries are written here.
 */

/** How a board groups the per-pod series of pod-resources.ts. */
export interface Grouping {
    /** Where the per-pod CPU, memory, requests and limits come from: the recording rules or the raw families. */
    series: PodSeries;
    /** The label each series carries. */
    by: "workload" | "pod" | "namespace";
    /** Label matchers of the pods, e.g. namespace="$namespace" or node="$node". */
    sel: string;
    /** Matchers for kube-state-metrics' pod-level series without a node label (the pods' phase), when `sel` names a node. */
    podSel?: string;
    /** Sources the grouping reads besides the per-pod series (kube-state-metrics' owners). */
    needs: Source[];
    /** Whether host-network pods, whose counters are the node's interfaces, are left out. */
    leavesOutHostNetwork?: boolean;
    /**
     * The form of the CPU, memory, request and limit series `sum` takes (pod-resources.ts): per
     * pod (the default), or "series", the rule's own series, where `sum` joins them to workloads
     * and adds them up, so that Prometheus need not add up each pod first.
     */
    level?: PodLevel;
    /**
     * Per pod only (`by` "pod", `level` "pod"): whether the share of requests and limits adds up the
     * requests and limits of only the pods that have usage at that step (`and on (namespace, pod)`)
     * before it divides. The division drops the others anyway, so the same series and values come
     * out; but adding up each pod costs Prometheus about a microsecond per pod and step, so where a
     * node lists more pods with requests than with usage (Pending pods; in npm run
     * bench:dashboards, whose kube-state-metrics describes 184 pods a node to cAdvisor's 40) the
     * query does half the work. Where every pod has usage the filter costs about nothing.
     */
    shareOfUsedPodsOnly?: boolean;
    /**
     * Per pod only: whether the requests and limits are read as PodSeries.podTotal, one series per
     * pod with its node, which the rules form reads as the per-pod rule records it: no adding up of
     * each pod's containers at every step (about a microsecond per pod and step, the same work as
     * kube-prometheus' Quota columns). The share of requests and limits then divides by it on
     * (namespace, pod), one-to-one, in place of `shareOfUsedPodsOnly`'s filter, which the raw form keeps.
     */
    podTotals?: boolean;
    /** A per-pod expression (by namespace and pod; or of `level`) as one series per `by`: the pods' sum, or their mean. */
    sum(perPod: string): string;
    avg(perPod: string): string;
}

/** The pods of the picked workloads of one namespace. */
export interface WorkloadSelection {
    /** Whether the stack evaluates the compute recording rules (DashboardContext.computeRules). */
    rules: boolean;
    /** Label matchers of the namespace, e.g. namespace="$namespace". */
    namespace: string;
    /** Regexes of the workload kinds and names, e.g. "$type" and "$workload". */
    type: string;
    workload: string;
    by: "workload" | "pod";
}

export function workloadGrouping(s: WorkloadSelection): Grouping {
    const group = (agg: "sum" | "avg") => (perPod: string) => byWorkload(workloadOwners(s.rules), agg, s.by, perPod, s.namespace, s.type, s.workload);
    return { series: podSeries(s.rules), level: "series", by: s.by, sel: s.namespace, needs: ["kubeStateMetrics"], sum: group("sum"), avg: group("avg") };
}

/** Pods picked by label matchers alone; the per-pod series are already one per pod. */
export function podGrouping(rules: boolean, sel: string, podSel?: string, speed?: { shareOfUsedPodsOnly?: boolean; podTotals?: boolean }): Grouping {
    const opts = { ...(podSel !== undefined ? { podSel } : {}), ...(speed?.shareOfUsedPodsOnly ? { shareOfUsedPodsOnly: true } : {}), ...(speed?.podTotals ? { podTotals: true } : {}) };
    return { series: podSeries(rules), by: "pod", sel, ...opts, needs: [], sum: (perPod) => perPod, avg: (perPod) => perPod };
}

const resources = {
    cpu: { title: "CPU", unit: "short", usage: (s: PodSeries, sel: string, level?: PodLevel) => s.cpuUsage(sel, level), what: "CPU cores" },
    memory: { title: "Memory", unit: "bytes", usage: (s: PodSeries, sel: string, level?: PodLevel) => s.memory(sel, undefined, level), what: "working set bytes" },
} as const;

/** Lines drawn with the usage, e.g. the node's capacity, and the sources they read. */
export interface Reference {
    queries: Query[];
    needs: Source[];
}

/** Used, requested and limit, and used as a share of each, for one resource. */
export function resourcePanels(g: Grouping, resource: "cpu" | "memory", reference?: Reference): PanelSpec[] {
    const r = resources[resource];
    const legend = `{{${g.by}}}`;
    const used = g.sum(r.usage(g.series, g.sel, g.level));
    const perPod = g.by === "pod" && (g.level ?? "pod") === "pod";
    const podTotals = perPod && g.podTotals === true;
    const [requested, limit] = (["requests", "limits"] as const).map((kind) =>
        podTotals ? g.series.podTotal(kind, resource, g.sel, g.podSel) : g.sum(g.series.resource(kind, resource, g.sel, g.podSel, g.level)),
    );
    // The per-pod requests or limits of the pods that have usage: the containers' own series, filtered, then added up per pod.
    const ofUsedPods = (kind: "requests" | "limits") =>
        `sum by (namespace, pod) (${g.series.resource(kind, resource, g.sel, g.podSel, "series")} and on (namespace, pod) ${r.usage(g.series, g.sel, "series")})`;
    // The divisor, after the slash: the per-pod rule's series carry node and their name, so the division matches on the pod.
    const [shareOfRequested, shareOfLimit] =
        podTotals && g.series.rules
            ? [`on (namespace, pod) ${requested}`, `on (namespace, pod) ${limit}`]
            : g.shareOfUsedPodsOnly && perPod
              ? [ofUsedPods("requests"), ofUsedPods("limits")]
              : [requested, limit];
    const usageNeeds: Source[] = ["cadvisor", ...g.needs];
    return [
        {
            title: `${r.title} used per ${g.by}`,
            description: `${r.what} used by the containers of each ${g.by}`,
            unit: r.unit,
            kind: "timeseries",
            needs: [...new Set([...usageNeeds, ...(reference?.needs ?? [])])],
            queries: [{ expr: used, legend }, ...(reference?.queries ?? [])],
        },
        {
            title: `${r.title} requests and limits per ${g.by}`,
            description: `What the containers of each ${g.by} request (the scheduler reserves it) and are limited to; a container without a limit adds nothing to its ${g.by}'s limit`,
            unit: r.unit,
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [
                { expr: requested, legend: `${legend} requested` },
                { expr: limit, legend: `${legend} limit` },
            ],
        },
        {
            title: `${r.title} used of requests and limits per ${g.by}`,
            description: `${r.what} used as a share of what each ${g.by} requests and of its limit: above 100 % of requests it uses what others may need, near 100 % of the limit it is ${resource === "cpu" ? "throttled" : "about to be OOM-killed"}`,
            unit: "percentunit",
            kind: "timeseries",
            needs: ["cadvisor", "kubeStateMetrics"],
            queries: [
                { expr: `${used} / ${shareOfRequested}`, legend: `${legend} of requests` },
                { expr: `${used} / ${shareOfLimit}`, legend: `${legend} of limit` },
            ],
        },
    ];
}

/** Memory with the page cache, RSS, page cache and swap per pod or workload: what the working set is made of, and what it leaves out. */
export function memoryDetailPanel(g: Grouping): PanelSpec {
    const legend = `{{${g.by}}}`;
    return {
        title: `Memory with page cache, RSS, cache and swap per ${g.by}`,
        description: `Memory of the containers of each ${g.by} with all their page cache, and its parts: anonymous memory (RSS) and page cache; and swap. The working set is RSS plus the active page cache`,
        unit: "bytes",
        kind: "timeseries",
        needs: ["cadvisor"],
        queries: [
            // No rule records usage with the page cache: it is read raw (pod-resources.ts).
            { expr: g.sum(g.series.memory(g.sel, "container_memory_usage_bytes", g.level)), legend: `${legend} with cache` },
            { expr: g.sum(g.series.memory(g.sel, "container_memory_rss", g.level)), legend: `${legend} RSS` },
            { expr: g.sum(g.series.memory(g.sel, "container_memory_cache", g.level)), legend: `${legend} cache` },
            { expr: g.sum(g.series.memory(g.sel, "container_memory_swap", g.level)), legend: `${legend} swap` },
        ],
    };
}

/**
 * Bandwidth, packets and packets dropped, in and out, per pod, workload or namespace; with
 * `average`, after the bandwidth that of the average pod of each series `average` groups by.
 */
export function networkPanels(g: Grouping, average?: Grouping): PanelSpec[] {
    const legend = `{{${g.by}}}`;
    const [bandwidth, ...rest]: PanelSpec[] = NETWORK_PAIRS.map((p) => ({
        title: `${p.what} per ${g.by}`,
        description: `${p.what} received and sent per second by the pods of each ${g.by}, on their network namespaces${g.leavesOutHostNetwork ? "" : "; a host-network pod reports the node's interfaces"}`,
        unit: p.unit,
        kind: "timeseries",
        needs: ["cadvisor", ...g.needs],
        queries: [
            { expr: g.sum(podNetwork(p.in, g.sel)), legend: `${legend} in` },
            { expr: g.sum(podNetwork(p.out, g.sel)), legend: `${legend} out` },
        ],
    }));
    if (average === undefined) {
        return [bandwidth, ...rest];
    }
    const pair = NETWORK_PAIRS[0];
    const averagePanel: PanelSpec = {
        title: `Bandwidth of the average pod per ${average.by}`,
        description: `Bytes received and sent per second by the mean pod of each ${average.by}: whether a ${average.by} is busy because of many pods or of busy ones`,
        unit: pair.unit,
        kind: "timeseries",
        needs: ["cadvisor", ...average.needs],
        queries: [
            { expr: average.avg(podNetwork(pair.in, average.sel)), legend: `{{${average.by}}} in` },
            { expr: average.avg(podNetwork(pair.out, average.sel)), legend: `{{${average.by}}} out` },
        ],
    };
    return [bandwidth, averagePanel, ...rest];
}

/** The network panels of the workload boards, with the bandwidth of each workload's average pod. */
export function workloadNetworkPanels(s: WorkloadSelection): PanelSpec[] {
    return networkPanels(workloadGrouping(s), workloadGrouping({ ...s, by: "workload" }));
}

/** A namespace's ResourceQuotas on one resource, read raw: no rule records them, and a namespace has a few series of them: the hard limits on requests and on limits, and what is counted against them. */
export function namespaceQuotaPanel(resource: "cpu" | "memory", namespace: string): PanelSpec {
    const quota = (type: "hard" | "used", of: string) => `sum(kube_resourcequota{${namespace}, type="${type}", resource=~"${of}"})`;
    // A quota on plain cpu or memory limits requests, as requests.cpu does.
    const requests = `requests.${resource}|${resource}`;
    return {
        title: `${resources[resource].title} quota of the namespace`,
        description: "The namespace's ResourceQuotas: the most its pods may request and be limited to in total, and what they hold now; a pod that would pass a hard line is refused",
        unit: resources[resource].unit,
        kind: "timeseries",
        needs: ["kubeStateMetrics", "resourceQuotas"],
        queries: [
            { expr: quota("hard", requests), legend: "requests quota" },
            { expr: quota("used", requests), legend: "requested" },
            { expr: quota("hard", `limits.${resource}`), legend: "limits quota" },
            { expr: quota("used", `limits.${resource}`), legend: "limited" },
        ],
    };
}
