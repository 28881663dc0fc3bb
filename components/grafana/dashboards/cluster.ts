import { PanelLinkSpec } from "../../common/dashboards/links";
import { PrometheusDashboardSpec } from "../../common/dashboards/panels";

/** From a namespace's series to the Namespace and pod board, and from a node's to the Node board (docs/grafana.md#links-between-dashboards). */
const toNamespace: PanelLinkSpec = { title: "Namespace ${__field.labels.namespace}", dashboard: "cm-namespace-pod", fromLabels: { namespace: "namespace" } };
const toNode: PanelLinkSpec = { title: "Node ${__field.labels.node}", dashboard: "cm-node", fromLabels: { node: "node" } };

/** Cluster: nodes, CPU, memory and pods per namespace, and targets down. */
export const clusterDashboard: PrometheusDashboardSpec = {
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
            links: [toNamespace],
            description: "CPU cores used by the containers of each namespace (cAdvisor)",
            unit: "short",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: 'sum by (namespace) (rate(container_cpu_usage_seconds_total{container!=""}[$__rate_interval]))', legend: "{{namespace}}" }],
        },
        {
            title: "Memory per namespace",
            links: [toNamespace],
            description: "Working set of the containers of each namespace, what the kubelet evicts on (cAdvisor)",
            unit: "bytes",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: 'sum by (namespace) (container_memory_working_set_bytes{container!=""})', legend: "{{namespace}}" }],
        },
        {
            title: "Pods per namespace",
            links: [toNamespace],
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
};
