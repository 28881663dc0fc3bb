import { PrometheusDashboardSpec } from "../../common/dashboards/panels";

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
            description: "CPU cores used by the containers of each namespace (cAdvisor)",
            unit: "short",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: 'sum by (namespace) (rate(container_cpu_usage_seconds_total{container!=""}[$__rate_interval]))', legend: "{{namespace}}" }],
        },
        {
            title: "Memory per namespace",
            description: "Working set of the containers of each namespace, what the kubelet evicts on (cAdvisor)",
            unit: "bytes",
            kind: "timeseries",
            needs: ["cadvisor"],
            queries: [{ expr: 'sum by (namespace) (container_memory_working_set_bytes{container!=""})', legend: "{{namespace}}" }],
        },
        {
            title: "Pods per namespace",
            description: "Pods of each namespace (kube-state-metrics)",
            unit: "short",
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: "count by (namespace) (kube_pod_info)", legend: "{{namespace}}" }],
        },
        {
            title: "Node CPU busy",
            description: "Share of each node's CPU time not idle (node-exporter)",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [{ expr: 'avg by (node) (1 - rate(node_cpu_seconds_total{mode="idle"}[$__rate_interval]))', legend: "{{node}}" }],
        },
    ],
};
