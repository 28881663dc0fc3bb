import { DashboardContext } from "../common/dashboards/context";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";

const KUBELET = 'job="kubelet"';
const NODE = `${KUBELET}, node=~"$node"`;

const timeseries = (title: string, description: string, unit: string, expr: string, legend: string): PanelSpec => ({
    title,
    description,
    unit,
    kind: "timeseries",
    needs: ["kubelet"],
    queries: [{ expr, legend }],
});

const stat = (title: string, description: string, expr: string, unit = "short"): PanelSpec => ({ title, description, unit, kind: "stat", needs: ["kubelet"], queries: [{ expr, legend: title }] });

/**
 * The questions of kube-prometheus' Kubelet board this one does not answer, each with why: the
 * family is dropped for its size (docs/scrape-jobs.md#kubelet-families) or the kubelet no longer
 * serves it. docs/grafana.md#questions-not-answered repeats the list.
 */
export const KUBELET_NOT_ANSWERED: ReadonlyArray<{ question: string; why: string }> = [
    { question: "Volumes the volume manager mounts, actual and desired", why: "`volume_manager_total_volumes` is one series per volume plugin and state on every node (12 on a small node) and is dropped; the Persistent volumes board shows each claim" },
    { question: "Configuration errors", why: "`kubelet_node_config_error` went with dynamic kubelet configuration (removed in Kubernetes 1.24); current kubelets do not serve it" },
    { question: "Container-runtime operations per second, and their p99 duration", why: "`kubelet_runtime_operations_total` and `kubelet_runtime_operations_duration_seconds` are one series (a histogram: 15) per CRI call on every node, 24 calls; the errors per call are shown" },
    { question: "Pod start duration (p99)", why: "the histogram's buckets are 26 series per node, and only the 60 s one is kept (KubeletPodStartUpLatencyHigh reads it): it tells whether the p99 is above a minute, not what it is; the mean start duration is shown from its sum and count" },
    { question: "Storage operations per second, errors and p99 duration", why: "`storage_operation_duration_seconds` is a histogram per volume plugin and operation (over 250 series per node); failures show as events and in the pods' status" },
    { question: "Cgroup manager operations and their p99", why: "`kubelet_cgroup_manager_duration_seconds` is a histogram per operation, dropped" },
    { question: "PLEG relist interval, and relist duration p99", why: "the interval histogram is dropped; the relist duration's quantiles are recorded per node (node_quantile:kubelet_pleg_relist_duration_seconds:histogram_quantile, for saved queries) but not drawn here; relists per second and the mean relist duration are shown, and the time since the last relist" },
    { question: "API-server request duration p99", why: "`rest_client_request_duration_seconds` is a histogram per verb and host, dropped for every Kubernetes component; requests by code are shown" },
];

/**
 * Kubernetes / Kubelet: the kubelet's own view of its node, from the kubelet job's kept families.
 * The questions are those of kube-prometheus' Kubelet board; the queries are written here, and a
 * text panel lists the ones our drop rules leave unanswered.
 */
export function kubeletDashboard(_ctx: DashboardContext): PrometheusDashboardSpec {
    return {
        uid: "cm-kubelet",
        title: "Kubelet",
        description: "Each kubelet: pods and containers it runs, runtime errors, evictions, pod starts, PLEG, its API requests and its own CPU and memory",
        needs: ["kubelet"],
        variables: [{ name: "node", label: "Node", query: `label_values(kubelet_node_name{${KUBELET}}, node)`, includeAll: true }],
        // The same node's machine: CPU, memory, disks and network (docs/grafana.md#links-between-dashboards).
        links: [{ title: "Node", dashboard: "cm-node" }],
        panels: [
            stat("Kubelets", "Kubelets that answered the last scrape", `sum(kubelet_node_name{${KUBELET}})`),
            stat("Running pods", "Pods with a running sandbox on the selected nodes", `sum(kubelet_running_pods{${NODE}})`),
            stat("Running containers", "Containers in state running on the selected nodes", `sum(kubelet_running_containers{${NODE}, container_state="running"})`),
            stat("Client certificate expires in", "Time until the soonest kubelet client certificate expires", `min(kubelet_certificate_manager_client_ttl_seconds{${NODE}})`, "s"),
            {
                ...timeseries("Running pods per node", "Pods with a running sandbox, per node", "short", `sum by (node) (kubelet_running_pods{${NODE}})`, "{{node}}"),
                links: [{ title: "Node ${__field.labels.node}", dashboard: "cm-node", fromLabels: { node: "node" } }],
            },
            timeseries("Containers per state", "Containers the kubelet knows, per state", "short", `sum by (container_state) (kubelet_running_containers{${NODE}})`, "{{container_state}}"),
            timeseries("Pods started", "Pods the kubelet started per second, per node", "short", `sum by (node) (rate(kubelet_started_pods_total{${NODE}}[$__rate_interval]))`, "{{node}}"),
            timeseries(
                "Pod start duration (mean)",
                "Mean time from the kubelet seeing a pod to its containers running, per node",
                "s",
                `sum by (node) (rate(kubelet_pod_start_duration_seconds_sum{${NODE}}[$__rate_interval])) / sum by (node) (rate(kubelet_pod_start_duration_seconds_count{${NODE}}[$__rate_interval]))`,
                "{{node}}",
            ),
            timeseries("Pod start errors", "Pods per second that failed to start, per node", "short", `sum by (node) (rate(kubelet_started_pods_errors_total{${NODE}}[$__rate_interval]))`, "{{node}}"),
            timeseries(
                "Runtime operation errors",
                "Failed container-runtime (CRI) calls per second, per operation",
                "short",
                `sum by (operation_type) (rate(kubelet_runtime_operations_errors_total{${NODE}}[$__rate_interval]))`,
                "{{operation_type}}",
            ),
            timeseries("Evictions", "Pods evicted per second, per eviction signal", "short", `sum by (eviction_signal) (rate(kubelet_evictions{${NODE}}[$__rate_interval]))`, "{{eviction_signal}}"),
            timeseries("PLEG relists", "Pod lifecycle event generator relists per second, per node", "short", `sum by (node) (rate(kubelet_pleg_relist_duration_seconds_count{${NODE}}[$__rate_interval]))`, "{{node}}"),
            timeseries(
                "PLEG relist duration (mean)",
                "Mean time one relist of the pod lifecycle event generator takes, per node; over a second, pods go NotReady",
                "s",
                `sum by (node) (rate(kubelet_pleg_relist_duration_seconds_sum{${NODE}}[$__rate_interval])) / sum by (node) (rate(kubelet_pleg_relist_duration_seconds_count{${NODE}}[$__rate_interval]))`,
                "{{node}}",
            ),
            timeseries("Since the last PLEG relist", "Seconds since the pod lifecycle event generator last relisted, per node; minutes mean the kubelet is stuck", "s", `time() - max by (node) (kubelet_pleg_last_seen_seconds{${NODE}})`, "{{node}}"),
            timeseries("API requests by code", "Requests the kubelet sends to the API server per second, per HTTP code", "short", `sum by (code) (rate(rest_client_requests_total{${NODE}}[$__rate_interval]))`, "{{code}}"),
            timeseries("Kubelet memory", "Resident memory of each kubelet", "bytes", `process_resident_memory_bytes{${NODE}}`, "{{node}}"),
            timeseries("Kubelet CPU", "CPU cores each kubelet uses", "short", `rate(process_cpu_seconds_total{${NODE}}[$__rate_interval])`, "{{node}}"),
            timeseries("Kubelet goroutines", "Goroutines of each kubelet", "short", `go_goroutines{${NODE}}`, "{{node}}"),
            {
                kind: "text",
                title: "Not answered on this board",
                needs: ["kubelet"],
                content: KUBELET_NOT_ANSWERED.map((n) => `- **${n.question}**: ${n.why}.`).join("\n"),
            },
        ],
    };
}
