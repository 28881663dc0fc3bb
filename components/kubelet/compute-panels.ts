import { PanelSpec } from "../common/dashboards/panels";
import { byWorkload } from "../kube-state-metrics/pod-workload";
import { NETWORK_PAIRS, podCpuUsage, podMemory, podNetwork, podResource } from "./pod-resources";

/**
 * The panels the workload boards share: CPU and memory used against requests and limits, and the
 * network, of the pods of the picked workloads, grouped by workload (a namespace's workloads) or
 * by pod (one workload's pods). The questions are those of kube-prometheus' Compute Resources and
 * Networking boards; the queries are written here.
 */
export interface WorkloadSelection {
    /** Label matchers of the namespace, e.g. namespace="$namespace". */
    namespace: string;
    /** Regexes of the workload kinds and names, e.g. "$type" and "$workload". */
    type: string;
    workload: string;
    /** What each series is: one per workload, or one per pod. */
    by: "workload" | "pod";
}

const resources = {
    cpu: { title: "CPU", unit: "short", usage: podCpuUsage, what: "CPU cores" },
    memory: { title: "Memory", unit: "bytes", usage: (sel: string) => podMemory(sel), what: "working set bytes" },
} as const;

function grouped(s: WorkloadSelection, perPod: string, agg: "sum" | "avg" = "sum"): string {
    return byWorkload(agg, s.by, perPod, s.namespace, s.type, s.workload);
}

/** Used, requested and limit, and used as a share of each, for one resource. */
export function resourcePanels(s: WorkloadSelection, resource: "cpu" | "memory"): PanelSpec[] {
    const r = resources[resource];
    const legend = `{{${s.by}}}`;
    const used = grouped(s, r.usage(s.namespace));
    const requested = grouped(s, podResource("requests", resource, s.namespace));
    const limit = grouped(s, podResource("limits", resource, s.namespace));
    return [
        {
            title: `${r.title} used per ${s.by}`,
            description: `${r.what} used by the containers of each ${s.by}`,
            unit: r.unit,
            kind: "timeseries",
            needs: ["cadvisor", "kubeStateMetrics"],
            queries: [{ expr: used, legend }],
        },
        {
            title: `${r.title} requests and limits per ${s.by}`,
            description: `What the containers of each ${s.by} request (the scheduler reserves it) and are limited to; a container without a limit adds nothing to its ${s.by}'s limit`,
            unit: r.unit,
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [
                { expr: requested, legend: `${legend} requested` },
                { expr: limit, legend: `${legend} limit` },
            ],
        },
        {
            title: `${r.title} used of requests and limits per ${s.by}`,
            description: `${r.what} used as a share of what each ${s.by} requests and of its limit: above 100 % of requests it uses what others may need, near 100 % of the limit it is ${resource === "cpu" ? "throttled" : "about to be OOM-killed"}`,
            unit: "percentunit",
            kind: "timeseries",
            needs: ["cadvisor", "kubeStateMetrics"],
            queries: [
                { expr: `${used} / ${requested}`, legend: `${legend} of requests` },
                { expr: `${used} / ${limit}`, legend: `${legend} of limit` },
            ],
        },
    ];
}

/** Bandwidth, packets and packets dropped, in and out, summed per workload or pod, and the bandwidth of each workload's average pod. */
export function networkPanels(s: WorkloadSelection): PanelSpec[] {
    const legend = `{{${s.by}}}`;
    const sums: PanelSpec[] = NETWORK_PAIRS.map((p) => ({
        title: `${p.what} per ${s.by}`,
        description: `${p.what} received and sent per second by the pods of each ${s.by} (their network namespaces; host-network pods report the node's interfaces)`,
        unit: p.unit,
        kind: "timeseries",
        needs: ["cadvisor", "kubeStateMetrics"],
        queries: [
            { expr: grouped(s, podNetwork(p.in, s.namespace)), legend: `${legend} in` },
            { expr: grouped(s, podNetwork(p.out, s.namespace)), legend: `${legend} out` },
        ],
    }));
    const bandwidth = NETWORK_PAIRS[0];
    const perWorkload: WorkloadSelection = { ...s, by: "workload" };
    return [
        sums[0],
        {
            title: "Bandwidth of the average pod per workload",
            description: "Bytes received and sent per second by the mean pod of each workload: whether a workload is busy because of many pods or of busy ones",
            unit: bandwidth.unit,
            kind: "timeseries",
            needs: ["cadvisor", "kubeStateMetrics"],
            queries: [
                { expr: grouped(perWorkload, podNetwork(bandwidth.in, s.namespace), "avg"), legend: "{{workload}} in" },
                { expr: grouped(perWorkload, podNetwork(bandwidth.out, s.namespace), "avg"), legend: "{{workload}} out" },
            ],
        },
        ...sums.slice(1),
    ];
}
