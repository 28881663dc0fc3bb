import { DashboardContext } from "../common/dashboards/context";
import { PanelLinkSpec } from "../common/dashboards/links";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { memoryDetailPanel, namespaceQuotaPanel, networkPanels, podGrouping, resourcePanels } from "./compute-panels";
import { podSeries, PodSeries, podStorage } from "./pod-resources";

const sel = 'namespace="$namespace", pod=~"$pod"';

/** The picked pods' use of one resource as a share of their requests or limits, all together. */
function shareStat(series: PodSeries, resource: "cpu" | "memory", kind: "requests" | "limits"): PanelSpec {
    const used = resource === "cpu" ? series.cpuUsage(sel) : series.memory(sel);
    const name = resource === "cpu" ? "CPU" : "Memory";
    return {
        title: `${name} used of ${kind}`,
        description: `${name} the pods use now, as a share of what they ${kind === "requests" ? "request" : "are limited to"} in total`,
        unit: "percentunit",
        kind: "stat",
        needs: ["cadvisor", "kubeStateMetrics"],
        queries: [{ expr: `sum(${used}) / sum(${series.resource(kind, resource, sel)})`, legend: `${name} of ${kind}` }],
    };
}

/** Reads and writes of the pods' container filesystems: operations or bytes per second. */
function storagePanel(what: "operations" | "bytes"): PanelSpec {
    return {
        title: what === "operations" ? "Storage operations per pod and container" : "Storage throughput per pod and container",
        description: `${what === "operations" ? "Reads and writes" : "Bytes read and written"} per second on the filesystems of each pod's containers: per pod apart, per container together`,
        unit: what === "operations" ? "iops" : "Bps",
        kind: "timeseries",
        needs: ["cadvisor"],
        queries: [
            { expr: podStorage(what, "reads", sel), legend: "{{pod}} reads" },
            { expr: podStorage(what, "writes", sel), legend: "{{pod}} writes" },
            { expr: podStorage(what, "both", sel, "container"), legend: "{{pod}}/{{container}} reads and writes" },
        ],
    };
}

/** From a pod's series to this board with that pod chosen; the namespace, cluster and time stay (docs/grafana.md#links-between-dashboards). */
const toPod: PanelLinkSpec = { title: "Pod ${__field.labels.pod}", dashboard: "cm-namespace-pod", fromLabels: { pod: "pod" } };

/**
 * Namespace and pod (Compute Resources / Namespace (Pods), Pod, and Networking / Namespace (Pods),
 * Pod): CPU and memory against requests, limits and the namespace's quota, throttling, network,
 * storage and restarts, from cAdvisor and kube-state-metrics: CPU, memory, requests and limits from
 * the compute recording rules where the stack evaluates them (ctx.computeRules), throttling,
 * network, storage, quota and restarts raw (no rule records them). The variables come from kube-state-metrics when it is on (every pod, even
 * one that has not started), else from cAdvisor.
 */
export function workloadsDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const podFamily = ctx.sources.has("kubeStateMetrics") ? "kube_pod_info" : "container_cpu_usage_seconds_total";
    const series = podSeries(ctx.computeRules);
    const pods = podGrouping(ctx.computeRules, sel);
    return {
        uid: "cm-namespace-pod",
        folder: "workloads",
        title: "Namespace and pod",
        description: "CPU and memory against requests, limits and quota, throttling, network, storage and restarts of the pods picked in one namespace",
        needs: ctx.sources.has("kubeStateMetrics") ? ["kubeStateMetrics"] : ["cadvisor"],
        variables: [
            { name: "namespace", label: "Namespace", query: `label_values(${podFamily}, namespace)` },
            // Several pods, but no All: Grafana opens on one pod, as kube-prometheus' Pod board does,
            // not on every pod of the namespace, which costs each panel one series per pod
            // (docs/grafana.md#query-speed-npm-run-benchdashboards). Per workload, the whole
            // namespace is the Namespace workloads board.
            { name: "pod", label: "Pod", query: `label_values(${podFamily}{namespace="$namespace"}, pod)`, multi: true },
        ],
        panels: [
            shareStat(series, "cpu", "requests"),
            shareStat(series, "cpu", "limits"),
            shareStat(series, "memory", "requests"),
            shareStat(series, "memory", "limits"),
            {
                title: "CPU per container",
                links: [toPod],
                description: "CPU cores used by each container",
                unit: "short",
                kind: "timeseries",
                needs: ["cadvisor"],
                queries: [{ expr: series.cpuUsage(sel, "container"), legend: "{{pod}}/{{container}}" }],
            },
            {
                title: "CPU requested",
                links: [toPod],
                description: "CPU cores each container of a Pending or Running pod requests",
                unit: "short",
                kind: "timeseries",
                needs: ["kubeStateMetrics"],
                queries: [{ expr: series.resource("requests", "cpu", sel, sel, "container"), legend: "{{pod}}/{{container}}" }],
            },
            ...resourcePanels(pods, "cpu").slice(1),
            namespaceQuotaPanel("cpu", 'namespace="$namespace"'),
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
                queries: [{ expr: series.memory(sel, "container_memory_working_set_bytes", "container"), legend: "{{pod}}/{{container}}" }],
            },
            ...resourcePanels(pods, "memory").slice(1),
            memoryDetailPanel(pods),
            namespaceQuotaPanel("memory", 'namespace="$namespace"'),
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
            ...networkPanels(pods).slice(1),
            storagePanel("operations"),
            storagePanel("bytes"),
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
