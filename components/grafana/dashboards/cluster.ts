import { PanelLinkSpec } from "../../common/dashboards/links";
import { DashboardContext } from "../../common/dashboards/context";
import { PrometheusDashboardSpec } from "../../common/dashboards/panels";
import { CONTAINER_CPU_RATE5M, CONTAINER_MEMORY_WORKING_SET } from "../../common/rules/compute-resource-records";

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

/** Cluster: nodes, CPU, memory and pods per namespace, and targets down. */
export const clusterDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-cluster",
    title: "Cluster",
    description: "Nodes, CPU, memory and pods per namespace, and scrape targets down",
    needs: [],
    variables: [],
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
            title: "Pods per namespace",
            links: toNamespace,
            description: "Pods of each namespace (kube-state-metrics)",
            unit: "short",
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: "count by (namespace) (kube_pod_info)", legend: "{{namespace}}" }],
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
