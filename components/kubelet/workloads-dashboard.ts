import { DashboardContext } from "../common/dashboards/context";
import { PanelLinkSpec } from "../common/dashboards/links";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

const sel = 'namespace="$namespace", pod=~"$pod"';

/** From a pod's series to this board with that pod chosen; the namespace, cluster and time stay (docs/grafana.md#links-between-dashboards). */
const toPod: PanelLinkSpec = { title: "Pod ${__field.labels.pod}", dashboard: "cm-namespace-pod", fromLabels: { pod: "pod" } };

/**
 * Namespace and pod: CPU, memory, throttling, network and restarts, from cAdvisor and
 * kube-state-metrics. The variables come from kube-state-metrics when it is on (every pod, even
 * one that has not started), else from cAdvisor.
 */
export function workloadsDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const podSeries = ctx.sources.has("kubeStateMetrics") ? "kube_pod_info" : "container_cpu_usage_seconds_total";
    return {
        uid: "cm-namespace-pod",
        title: "Namespace and pod",
        description: "CPU, memory, throttling, network and restarts of the pods of one namespace",
        needs: ctx.sources.has("kubeStateMetrics") ? ["kubeStateMetrics"] : ["cadvisor"],
        variables: [
            { name: "namespace", label: "Namespace", query: `label_values(${podSeries}, namespace)` },
            { name: "pod", label: "Pod", query: `label_values(${podSeries}{namespace="$namespace"}, pod)`, includeAll: true },
        ],
        panels: [
            {
                title: "CPU per container",
                links: [toPod],
                description: "CPU cores used by each container",
                unit: "short",
                kind: "timeseries",
                needs: ["cadvisor"],
                queries: [{ expr: `sum by (pod, container) (rate(container_cpu_usage_seconds_total{${sel}, container!=""}[$__rate_interval]))`, legend: "{{pod}}/{{container}}" }],
            },
            {
                title: "CPU requested",
                links: [toPod],
                description: "CPU cores each container requests",
                unit: "short",
                kind: "timeseries",
                needs: ["kubeStateMetrics"],
                queries: [{ expr: `sum by (pod, container) (kube_pod_container_resource_requests{${sel}, resource="cpu"})`, legend: "{{pod}}/{{container}}" }],
            },
            {
                title: "CPU throttling",
                links: [toPod],
                description: "Share of CFS periods in which each container was throttled by its CPU limit",
                unit: "percentunit",
                kind: "timeseries",
                needs: ["cadvisor"],
                queries: [
                    {
                        expr:
                            `sum by (pod, container) (rate(container_cpu_cfs_throttled_periods_total{${sel}, container!=""}[$__rate_interval])) / ` +
                            `sum by (pod, container) (rate(container_cpu_cfs_periods_total{${sel}, container!=""}[$__rate_interval]))`,
                        legend: "{{pod}}/{{container}}",
                    },
                ],
            },
            {
                title: "Memory per container",
                links: [toPod],
                description: "Working set of each container, what the kubelet evicts and the OOM killer acts on",
                unit: "bytes",
                kind: "timeseries",
                needs: ["cadvisor"],
                queries: [{ expr: `sum by (pod, container) (container_memory_working_set_bytes{${sel}, container!=""})`, legend: "{{pod}}/{{container}}" }],
            },
            {
                title: "Network per pod",
                links: [toPod],
                description: "Bytes received and sent per second by each pod (its network namespace, counted on the pause container)",
                unit: "Bps",
                kind: "timeseries",
                needs: ["cadvisor"],
                queries: [
                    { expr: `sum by (pod) (rate(container_network_receive_bytes_total{${sel}}[$__rate_interval]))`, legend: "{{pod}} in" },
                    { expr: `sum by (pod) (rate(container_network_transmit_bytes_total{${sel}}[$__rate_interval]))`, legend: "{{pod}} out" },
                ],
            },
            {
                title: "Container restarts",
                links: [toPod],
                description: "Restarts of each container since its pod started",
                unit: "short",
                kind: "timeseries",
                needs: ["kubeStateMetrics"],
                queries: [{ expr: `sum by (pod, container) (kube_pod_container_status_restarts_total{${sel}})`, legend: "{{pod}}/{{container}}" }],
            },
        ],
    };
}
