import { PanelLinkSpec } from "../../common/dashboards/links";
import { DashboardContext } from "../../common/dashboards/context";
import { PanelSpec, PrometheusDashboardSpec } from "../../common/dashboards/panels";
import { workloadOwners } from "../../kube-state-metrics/pod-workload";
import {
    CONTAINER_CPU_RATE5M,
    CONTAINER_MEMORY_WORKING_SET,
    NAMESPACE_CPU_LIMITS,
    NAMESPACE_CPU_REQUESTS,
    NAMESPACE_MEMORY_LIMITS,
    NAMESPACE_MEMORY_REQUESTS,
} from "../../common/rules/compute-resource-records";

/**
 * From a namespace's series to the Namespace and pod board and to the Namespace workloads board
 * (the first step of cluster → namespace → workload → pod), and from a node's to the Node board
 * (docs/grafana.md#links-between-dashboards).
 */
const toNamespace: PanelLinkSpec[] = [
    { title: "Namespace ${__field.labels.namespace}", dashboard: "cm-namespace-pod", fromLabels: { namespace: "namespace" } },
    { title: "Workloads of ${__field.labels.namespace}", dashboard: "cm-namespace-workloads", fromLabels: { namespace: "namespace" } },
];
const toNode: PanelLinkSpec = { title: "Node ${__field.labels.node}", dashboard: "cm-node", fromLabels: { node: "node" } };

/**
 * CPU cores and working set of each namespace's containers: from the compute recording rules
 * where the stack evaluates them (one series per container), else from cAdvisor's raw families.
 */
export function namespaceUsage(rules: boolean, by: "namespace" | ""): { cpu: string; memory: string } {
    const agg = by ? `sum by (${by})` : "sum";
    return rules
        ? { cpu: `${agg} (${CONTAINER_CPU_RATE5M})`, memory: `${agg} (${CONTAINER_MEMORY_WORKING_SET})` }
        : { cpu: `${agg} (rate(container_cpu_usage_seconds_total{container!=""}[$__rate_interval]))`, memory: `${agg} (container_memory_working_set_bytes{container!=""})` };
}

const NAMESPACE_RECORDS = {
    requests: { cpu: NAMESPACE_CPU_REQUESTS, memory: NAMESPACE_MEMORY_REQUESTS },
    limits: { cpu: NAMESPACE_CPU_LIMITS, memory: NAMESPACE_MEMORY_LIMITS },
} as const;

/**
 * What the active (Pending or Running) pods of each namespace request, or are limited to, of one
 * resource: the per-namespace recording rule where the stack evaluates it, else the same sum
 * from kube-state-metrics' raw families (components/kube-state-metrics/resource-rules.ts), which
 * leaves out finished pods as the rule does.
 */
export function namespaceResource(rules: boolean, kind: "requests" | "limits", resource: "cpu" | "memory", by: "namespace" | ""): string {
    const agg = by ? `sum by (${by})` : "sum";
    if (rules) {
        return `${agg} (${NAMESPACE_RECORDS[kind][resource]})`;
    }
    const active = 'max by (namespace, pod) (kube_pod_status_phase{phase=~"Pending|Running"} == 1)';
    return `${agg} (kube_pod_container_resource_${kind}{resource="${resource}"} * on (namespace, pod) group_left () ${active})`;
}

const RESOURCES = {
    cpu: { title: "CPU", unit: "short", what: "CPU cores" },
    memory: { title: "Memory", unit: "bytes", what: "bytes of memory" },
} as const;

/** Requested and limit per namespace, one panel per resource. */
function namespaceRequestsAndLimits(rules: boolean, resource: "cpu" | "memory"): PanelSpec {
    const r = RESOURCES[resource];
    return {
        title: `${r.title} requests and limits per namespace`,
        links: toNamespace,
        description: `${r.what} the running and pending pods of each namespace request (the scheduler reserves it) and are limited to; a container without a limit adds nothing to its namespace's limit (kube-state-metrics)`,
        unit: r.unit,
        kind: "timeseries",
        needs: ["kubeStateMetrics"],
        queries: [
            { expr: namespaceResource(rules, "requests", resource, "namespace"), legend: "{{namespace}} requested" },
            { expr: namespaceResource(rules, "limits", resource, "namespace"), legend: "{{namespace}} limit" },
        ],
    };
}

/**
 * The cluster's commitment of one resource: what all pods request, and are limited to, as a share
 * of what the nodes can give pods (allocatable). Requests above 100 % leave pods Pending; limits
 * above 100 % are overcommitment, safe only while pods stay below them.
 */
function commitment(rules: boolean, resource: "cpu" | "memory"): PanelSpec {
    const r = RESOURCES[resource];
    const allocatable = `sum(kube_node_status_allocatable{resource="${resource}"})`;
    return {
        title: `${r.title} committed`,
        description: `${r.what} all running and pending pods request, and are limited to, as a share of the nodes' allocatable ${resource}; requests above 100 % leave pods Pending, limits above 100 % are overcommitment (kube-state-metrics)`,
        unit: "percentunit",
        kind: "stat",
        needs: ["kubeStateMetrics"],
        queries: [
            { expr: `${namespaceResource(rules, "requests", resource, "")} / ${allocatable}`, legend: "requests" },
            { expr: `${namespaceResource(rules, "limits", resource, "")} / ${allocatable}`, legend: "limits" },
        ],
    };
}

/**
 * Used as a share of what each namespace's pods request, or are limited to, of one resource: the
 * usage over the requests (or limits) of the same namespace. A namespace without requests or
 * limits has no series.
 */
function usedOfRequestsAndLimits(rules: boolean, resource: "cpu" | "memory"): PanelSpec {
    const r = RESOURCES[resource];
    const used = namespaceUsage(rules, "namespace")[resource];
    return {
        title: `${r.title} used of requests and limits per namespace`,
        links: toNamespace,
        description: `${r.what} each namespace's containers use, as a share of what its running and pending pods request and are limited to: above 100 % of requests the namespace lives on spare capacity; near 100 % of limits its containers are throttled (CPU) or killed (memory)`,
        unit: "percentunit",
        kind: "timeseries",
        needs: ["cadvisor", "kubeStateMetrics"],
        queries: [
            { expr: `${used} / ${namespaceResource(rules, "requests", resource, "namespace")}`, legend: "{{namespace}} of requests" },
            { expr: `${used} / ${namespaceResource(rules, "limits", resource, "namespace")}`, legend: "{{namespace}} of limits" },
        ],
    };
}

/**
 * The share of all nodes' CPU that is busy (not idle, waiting for I/O or stolen), over every CPU
 * of the cluster. Raw, as "Node CPU busy" below: the node recording rules rate over 5 minutes, the
 * panels over $__rate_interval, and the counters they read are one per CPU and mode, a few per node.
 */
const CLUSTER_CPU_UTILISATION = '1 - sum(rate(node_cpu_seconds_total{mode=~"idle|iowait|steal"}[$__rate_interval])) / count(node_cpu_seconds_total{mode="idle"})';

/**
 * Cluster: nodes, the cluster's CPU and memory utilisation and commitment, and per namespace CPU,
 * memory, pods, workloads, requests and limits (and usage as a share of each) and storage I/O,
 * and targets down: the questions of kube-prometheus' Compute Resources / Cluster board, whose
 * network questions the linked Network board answers.
 */
export const clusterDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-cluster",
    title: "Cluster",
    description: "Nodes, the cluster's CPU and memory utilisation, CPU, memory, pods, workloads and storage I/O per namespace, requests and limits against allocatable and against usage, and scrape targets down",
    needs: [],
    variables: [],
    // The network of each namespace, which kube-prometheus' Cluster board shows too, is the Network board's.
    links: [{ title: "Network per namespace", dashboard: "cm-network" }],
    panels: [
        {
            title: "Nodes",
            description: "Nodes the API server knows (kube-state-metrics)",
            unit: "short",
            kind: "stat",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: "count(kube_node_info)", legend: "nodes" }],
        },
        {
            title: "Targets down per job",
            description: "Scrape targets whose last scrape failed; 0 means every target answered",
            unit: "short",
            kind: "timeseries",
            needs: ["prometheus"],
            queries: [{ expr: "sum by (job) (up == bool 0)", legend: "{{job}}" }],
        },
        {
            title: "CPU per namespace",
            links: toNamespace,
            description: "CPU cores used by the containers of each namespace (cAdvisor)",
            unit: "short",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: namespaceUsage(ctx.computeRules, "namespace").cpu, legend: "{{namespace}}" }],
        },
        {
            title: "Memory per namespace",
            links: toNamespace,
            description: "Working set of the containers of each namespace, what the kubelet evicts on (cAdvisor)",
            unit: "bytes",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: namespaceUsage(ctx.computeRules, "namespace").memory, legend: "{{namespace}}" }],
        },
        {
            title: "CPU utilisation",
            description: "Share of all the nodes' CPU time that is busy: not idle, waiting for I/O or stolen by the hypervisor (node-exporter)",
            unit: "percentunit",
            kind: "stat",
            needs: ["nodeExporter"],
            queries: [{ expr: CLUSTER_CPU_UTILISATION, legend: "CPU" }],
        },
        {
            title: "Memory utilisation",
            description: "Share of all the nodes' memory not available to new work without swapping (node-exporter)",
            unit: "percentunit",
            kind: "stat",
            needs: ["nodeExporter"],
            queries: [{ expr: "1 - sum(node_memory_MemAvailable_bytes) / sum(node_memory_MemTotal_bytes)", legend: "memory" }],
        },
        commitment(ctx.computeRules, "cpu"),
        commitment(ctx.computeRules, "memory"),
        namespaceRequestsAndLimits(ctx.computeRules, "cpu"),
        namespaceRequestsAndLimits(ctx.computeRules, "memory"),
        usedOfRequestsAndLimits(ctx.computeRules, "cpu"),
        usedOfRequestsAndLimits(ctx.computeRules, "memory"),
        {
            title: "Pods per namespace",
            links: toNamespace,
            description: "Pods of each namespace (kube-state-metrics)",
            unit: "short",
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: "count by (namespace) (kube_pod_info)", legend: "{{namespace}}" }],
        },
        {
            title: "Workloads per namespace",
            links: toNamespace,
            description: "Workloads with pods in each namespace, of the kinds the workload boards show and counted as they count them (kube-state-metrics)",
            unit: "short",
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: `count by (namespace) (count by (namespace, workload) (${workloadOwners(ctx.computeRules).podWorkload('namespace!=""', ".+", ".+")}))`, legend: "{{namespace}}" }],
        },
        {
            title: "Storage operations per namespace",
            links: toNamespace,
            description: "Reads and writes per second on the filesystems of each namespace's containers (cAdvisor)",
            unit: "iops",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [
                { expr: 'sum by (namespace) (rate(container_fs_reads_total{container!=""}[$__rate_interval]))', legend: "{{namespace}} reads" },
                { expr: 'sum by (namespace) (rate(container_fs_writes_total{container!=""}[$__rate_interval]))', legend: "{{namespace}} writes" },
            ],
        },
        {
            title: "Storage throughput per namespace",
            links: toNamespace,
            description: "Bytes read and written per second on the filesystems of each namespace's containers (cAdvisor)",
            unit: "Bps",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [
                { expr: 'sum by (namespace) (rate(container_fs_reads_bytes_total{container!=""}[$__rate_interval]))', legend: "{{namespace}} read" },
                { expr: 'sum by (namespace) (rate(container_fs_writes_bytes_total{container!=""}[$__rate_interval]))', legend: "{{namespace}} written" },
            ],
        },
        {
            title: "Node CPU busy",
            links: [toNode],
            description: "Share of each node's CPU time not idle (node-exporter)",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [{ expr: 'avg by (node) (1 - rate(node_cpu_seconds_total{mode="idle"}[$__rate_interval]))', legend: "{{node}}" }],
        },
    ],
});
