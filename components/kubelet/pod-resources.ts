import {
    CONTAINER_CPU_RATE5M,
    CONTAINER_MEMORY_CACHE,
    CONTAINER_MEMORY_RSS,
    CONTAINER_MEMORY_SWAP,
    CONTAINER_MEMORY_WORKING_SET,
    POD_CPU_LIMITS,
    POD_CPU_REQUESTS,
    POD_MEMORY_LIMITS,
    POD_MEMORY_REQUESTS,
    POD_SUM_CPU_LIMITS,
    POD_SUM_CPU_REQUESTS,
    POD_SUM_MEMORY_LIMITS,
    POD_SUM_MEMORY_REQUESTS,
} from "../common/rules/compute-resource-records";

/**
 * Each pod's (or container's) CPU and memory from cAdvisor, and its containers' requests and
 * limits from kube-state-metrics: what the compute boards add up by workload, node or namespace.
 * Each is written here once, in two forms:
 * - from the compute recording rules (components/common/rules/compute-resource-records.ts), which
 *   the stack evaluates with its default rule groups: a panel then reads one series per container
 *   instead of every raw cAdvisor or kube-state-metrics series of it ("Fast", issue #30);
 * - from the raw families, for a stack that loads no default rules (alertRules.defaults false),
 *   where the recorded series never come. The two count the same (docs/grafana.md#recording-rules).
 *
 * `sel` is label matchers (namespace="$namespace", node="$node"...), without braces.
 */

/** The cAdvisor memory families the boards read: the working set (what eviction and the OOM killer act on), usage with the page cache, RSS, page cache, swap. */
export type PodMemory = "container_memory_working_set_bytes" | "container_memory_usage_bytes" | "container_memory_rss" | "container_memory_cache" | "container_memory_swap";

/** The recorded memory series of each family; usage with the page cache has none (kube-prometheus records none either), so it is read raw. */
const MEMORY_RECORDS: Partial<Record<PodMemory, string>> = {
    container_memory_working_set_bytes: CONTAINER_MEMORY_WORKING_SET,
    container_memory_rss: CONTAINER_MEMORY_RSS,
    container_memory_cache: CONTAINER_MEMORY_CACHE,
    container_memory_swap: CONTAINER_MEMORY_SWAP,
};

const RESOURCE_RECORDS = {
    requests: { cpu: POD_CPU_REQUESTS, memory: POD_MEMORY_REQUESTS },
    limits: { cpu: POD_CPU_LIMITS, memory: POD_MEMORY_LIMITS },
} as const;

const POD_SUM_RECORDS = {
    requests: { cpu: POD_SUM_CPU_REQUESTS, memory: POD_SUM_MEMORY_REQUESTS },
    limits: { cpu: POD_SUM_CPU_LIMITS, memory: POD_SUM_MEMORY_LIMITS },
} as const;

/** `name{sel}`, or the bare name when there is no matcher. */
const selector = (name: string, sel: string) => (sel ? `${name}{${sel}}` : name);

/**
 * Per pod (labels namespace, pod) or per container (namespace, pod, container), as the boards
 * draw them; or "series": the rule's or family's own series, not added up, for a query that joins
 * them to the pods' workloads and adds them up by workload anyway. Adding up each pod first costs
 * Prometheus an aggregation over every pod at every step: about four times the join's own time in
 * npm run bench:dashboards (docs/grafana.md#query-speed-npm-run-benchdashboards).
 */
export type PodLevel = "pod" | "container" | "series";
const BY: Record<Exclude<PodLevel, "series">, string> = { pod: "namespace, pod", container: "namespace, pod, container" };
const summed = (level: PodLevel, expr: string) => (level === "series" ? expr : `sum by (${BY[level]}) (${expr})`);

/** Where the per-pod series come from: the recording rules, or the raw families. */
export interface PodSeries {
    /** Whether they read the recording rules. */
    rules: boolean;
    /** CPU cores used by the containers; container!="" leaves out the pod's own cgroup, which counts them again. */
    cpuUsage(sel: string, level?: PodLevel): string;
    memory(sel: string, family?: PodMemory, level?: PodLevel): string;
    /**
     * What the containers request, or are limited to, of `resource` (cpu in cores, memory in
     * bytes), while the pod is Pending or Running: kube-state-metrics reports them for finished
     * pods too (a completed Job's), which hold nothing on their node. Raw, `podSel` picks the phase
     * series, which carry no node label: by default `sel`. The rules have filtered the phase already.
     */
    resource(kind: "requests" | "limits", resource: "cpu" | "memory", sel: string, podSel?: string, level?: PodLevel): string;
    /**
     * The same per pod, labelled node, namespace and pod: from the rules, the per-pod rule's own
     * series, which a range query reads without adding up anything at each step (Node pods,
     * where that adding up set the board's p95; docs/grafana.md#query-speed-npm-run-benchdashboards).
     * The recorded series keep their name, which the raw sum has not; Grafana draws neither.
     */
    podTotal(kind: "requests" | "limits", resource: "cpu" | "memory", sel: string, podSel?: string): string;
}

/** The per-pod series read from the compute recording rules. */
const recorded: PodSeries = {
    rules: true,
    // The rule's rate is over 5 minutes, not Grafana's $__rate_interval: as kube-prometheus' panels.
    cpuUsage: (sel, level = "pod") => summed(level, selector(CONTAINER_CPU_RATE5M, sel)),
    memory: (sel, family = "container_memory_working_set_bytes", level = "pod") => {
        const record = MEMORY_RECORDS[family];
        return record === undefined ? raw.memory(sel, family, level) : summed(level, selector(record, sel));
    },
    resource: (kind, resource, sel, _podSel, level = "pod") => summed(level, selector(RESOURCE_RECORDS[kind][resource], sel)),
    podTotal: (kind, resource, sel) => selector(POD_SUM_RECORDS[kind][resource], sel),
};

/** 1 for each Pending or Running pod that `podSel` picks, by namespace and pod. */
const activePods = (podSel: string) => `max by (namespace, pod) (kube_pod_status_phase{${podSel ? `${podSel}, ` : ""}phase=~"Pending|Running"} == 1)`;

/** The same from the raw families. */
const raw: PodSeries = {
    rules: false,
    cpuUsage: (sel, level = "pod") => summed(level, `rate(container_cpu_usage_seconds_total{${sel}, container!=""}[$__rate_interval])`),
    memory: (sel, family = "container_memory_working_set_bytes", level = "pod") => summed(level, `${family}{${sel}, container!=""}`),
    resource: (kind, resource, sel, podSel = sel, level = "pod") => {
        return `(${summed(level, `kube_pod_container_resource_${kind}{${sel}, resource="${resource}"}`)} * on (namespace, pod) group_left () ${activePods(podSel)})`;
    },
    podTotal: (kind, resource, sel, podSel = sel) =>
        `(sum by (node, namespace, pod) (kube_pod_container_resource_${kind}{${sel}, resource="${resource}"}) * on (namespace, pod) group_left () ${activePods(podSel)})`,
};

/** The recording rules where the stack evaluates them, else the raw families. */
export function podSeries(rules: boolean): PodSeries {
    return rules ? recorded : raw;
}

/*
 * Network, storage and throttling are read raw: no recording rule serves them (kube-prometheus
 * records none either), and each panel reads one family per pod or container, as a rule would.
 */

/** The network counters cAdvisor keeps per pod (its network namespace, reported on the pause container or the pod's cgroup). */
export type PodNetwork =
    | "container_network_receive_bytes_total"
    | "container_network_transmit_bytes_total"
    | "container_network_receive_packets_total"
    | "container_network_transmit_packets_total"
    | "container_network_receive_packets_dropped_total"
    | "container_network_transmit_packets_dropped_total";

/** Per second, per pod. */
export function podNetwork(family: PodNetwork, sel: string): string {
    return `sum by (namespace, pod) (rate(${family}{${sel}}[$__rate_interval]))`;
}

/**
 * Reads or writes per second (operations), or bytes read or written per second, on the
 * filesystems of the pod's containers, per pod or per container; "both" adds reads and writes.
 */
export function podStorage(what: "operations" | "bytes", direction: "reads" | "writes" | "both", sel: string, by: "pod" | "container" = "pod"): string {
    const family = (d: "reads" | "writes") => (what === "operations" ? `container_fs_${d}_total` : `container_fs_${d}_bytes_total`);
    const labels = by === "pod" ? "namespace, pod" : "namespace, pod, container";
    const per = (d: "reads" | "writes") => `sum by (${labels}) (rate(${family(d)}{${sel}, container!=""}[$__rate_interval]))`;
    return direction === "both" ? `${per("reads")} + ${per("writes")}` : per(direction);
}

/** The three network questions every networking board asks, each in and out: bandwidth, packets, packets dropped. */
export const NETWORK_PAIRS = [
    { what: "Bandwidth", unit: "Bps", in: "container_network_receive_bytes_total", out: "container_network_transmit_bytes_total" },
    { what: "Packets", unit: "pps", in: "container_network_receive_packets_total", out: "container_network_transmit_packets_total" },
    { what: "Packets dropped", unit: "pps", in: "container_network_receive_packets_dropped_total", out: "container_network_transmit_packets_dropped_total" },
] as const;
