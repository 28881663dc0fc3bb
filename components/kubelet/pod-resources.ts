/**
 * Each pod's CPU, memory and network from cAdvisor, and its containers' requests and limits from
 * kube-state-metrics, one series per (namespace, pod): what the compute and networking boards
 * add up by workload, node or namespace. Each is written here once, so that switching a board to
 * a recording rule (kube-prometheus' node_namespace_pod_container:* and cluster:namespace:*
 * names) changes one function, not every panel.
 *
 * `sel` is label matchers (namespace="$namespace", node="$node"...), without braces.
 */

/**
 * CPU cores used by the pod's containers; container!="" leaves out the pod's own cgroup, which
 * counts them again. kube-prometheus' rule: node_namespace_pod_container:container_cpu_usage_seconds_total:sum_rate5m.
 */
export function podCpuUsage(sel: string): string {
    return `sum by (namespace, pod) (rate(container_cpu_usage_seconds_total{${sel}, container!=""}[$__rate_interval]))`;
}

/**
 * The cAdvisor memory families the boards read per pod: the working set (what eviction and the
 * OOM killer act on), usage with the page cache, RSS, page cache, swap.
 */
export type PodMemory = "container_memory_working_set_bytes" | "container_memory_usage_bytes" | "container_memory_rss" | "container_memory_cache" | "container_memory_swap";

/** kube-prometheus' rules: node_namespace_pod_container:<family> for all but container_memory_usage_bytes. */
export function podMemory(sel: string, family: PodMemory = "container_memory_working_set_bytes"): string {
    return `sum by (namespace, pod) (${family}{${sel}, container!=""})`;
}

/**
 * What the pod's containers request, or are limited to, of `resource` (cpu in cores, memory in
 * bytes), while the pod is Pending or Running: kube-state-metrics reports them for finished pods
 * too (a completed Job's), which hold nothing on their node. kube-prometheus' rules
 * cluster:namespace:pod_{cpu,memory}:active:kube_pod_container_resource_{requests,limits} count the same.
 * `podSel` picks the phase series, which carry no node label: by default `sel`.
 */
export function podResource(kind: "requests" | "limits", resource: "cpu" | "memory", sel: string, podSel: string = sel): string {
    const active = `max by (namespace, pod) (kube_pod_status_phase{${podSel ? `${podSel}, ` : ""}phase=~"Pending|Running"} == 1)`;
    return `(sum by (namespace, pod) (kube_pod_container_resource_${kind}{${sel}, resource="${resource}"}) * on (namespace, pod) group_left () ${active})`;
}

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
