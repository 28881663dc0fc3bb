import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule, keptFamily } from "../common/scrape/family-rules";
import { keepBounds, SeriesRule } from "../common/scrape/series-rules";

/**
 * The kubelet job's families (/metrics; docs/scrape-jobs.md#kubelet-families). The volume and
 * certificate alerts read the volume stats and the certificate manager's series; besides those,
 * what is kept is what says in one or a few series per node whether the kubelet, its runtime and
 * its volumes are healthy, which the Kubelet and Persistent Volumes dashboards read; of two
 * latency histograms the sum and count (mean durations, two series per node), every bound of the
 * PLEG relist histogram (its quantile record) and the one bound of pod starts their alert reads
 * (KUBELET_SERIES_RULES). Dropped: the
 * latency histograms per operation, HTTP path and volume plugin, which make most of the payload.
 * The Kubernetes component rows follow.
 */
const OPERATION_HISTOGRAM = "a latency histogram per operation; no panel or alert reads it, the operation's error counter is kept";
const POD_LIFECYCLE = "a pod-lifecycle latency histogram; no panel or alert reads it";
const VOLUME_DETAIL = "volume operation detail per plugin; kubelet_volume_stats_* say how full each claim is";
const NO_RESOURCE_MANAGERS = "CPU, topology and device managers' detail; zero on nodes without such policies";

export const KUBELET_OWN_FAMILIES: readonly FamilyRule[] = [
    keptFamily("kubelet_node_name", "one series: which node the kubelet serves"),
    keptFamily("kubelet_running_pods", "one series: pods with a running sandbox"),
    keptFamily("kubelet_running_containers", "containers per state: four series"),
    keptFamily("kubelet_volume_stats_*", "capacity and use of each persistent volume claim on the node: KubePersistentVolumeFillingUp and KubePersistentVolumeInodesFillingUp"),
    keptFamily("kubelet_certificate_manager_client_ttl_seconds", "one series: when the kubelet's client certificate expires, for KubeletClientCertificateExpiration"),
    keptFamily("kubelet_certificate_manager_server_ttl_seconds", "one series: when the kubelet's serving certificate expires, for KubeletServerCertificateExpiration"),
    keptFamily("kubelet_certificate_manager_client_expiration_renew_errors", "one series: failed client certificate renewals, for KubeletClientCertificateRenewalErrors"),
    keptFamily("kubelet_server_expiration_renew_errors", "one series: failed serving certificate renewals, for KubeletServerCertificateRenewalErrors"),
    keptFamily("kubelet_runtime_operations_errors_total", "failed container-runtime calls per operation"),
    keptFamily("kubelet_started_pods_errors_total", "one series: pods that failed to start"),
    keptFamily("kubelet_evictions", "pod evictions per eviction signal: KubeNodeEviction"),
    keptFamily("kubelet_pleg_last_seen_seconds", "one series: whether the pod lifecycle event generator is alive"),
    droppedFamily("kubelet_runtime_operations_duration_seconds*", OPERATION_HISTOGRAM),
    droppedFamily("kubelet_runtime_operations_total", "one counter per container-runtime call; the errors counter is kept"),
    droppedFamily("kubelet_run_podsandbox_duration_seconds*", OPERATION_HISTOGRAM),
    droppedFamily("kubelet_cgroup_manager_duration_seconds*", OPERATION_HISTOGRAM),
    keptFamily("kubelet_pleg_relist_duration_seconds_count", "one series: PLEG relists per second, on the Kubelet dashboard, and all relists for KubeletPlegDurationHigh"),
    keptFamily("kubelet_pleg_relist_duration_seconds_sum", "one series: with the count, the mean PLEG relist duration on the Kubelet dashboard"),
    keptFamily("kubelet_pleg_relist_duration_seconds_bucket", "every bound, 12 series: the PLEG quantiles per node, node_quantile:kubelet_pleg_relist_duration_seconds:histogram_quantile, and the relists within 10 s for KubeletPlegDurationHigh"),
    droppedFamily("kubelet_pleg_relist_interval_seconds*", OPERATION_HISTOGRAM),
    droppedFamily("kubelet_pod_worker_*", POD_LIFECYCLE),
    keptFamily("kubelet_pod_start_duration_seconds_count", "one series: with the sum, the mean pod start duration on the Kubelet dashboard; all starts for KubeletPodStartUpLatencyHigh"),
    keptFamily("kubelet_pod_start_duration_seconds_sum", "one series: with the count, the mean pod start duration on the Kubelet dashboard"),
    keptFamily("kubelet_pod_start_duration_seconds_bucket", "its 60 s bound only, one series (the series rules drop the others): the starts within 60 s, for KubeletPodStartUpLatencyHigh"),
    droppedFamily("kubelet_pod_start_sli_duration_seconds*", POD_LIFECYCLE),
    droppedFamily("kubelet_pod_start_total_duration_seconds*", POD_LIFECYCLE),
    droppedFamily("kubelet_pod_status_sync_duration_seconds*", POD_LIFECYCLE),
    droppedFamily("kubelet_image_pull_duration_seconds*", POD_LIFECYCLE),
    droppedFamily("kubelet_eviction_stats_age_seconds*", "stats age at eviction time as a histogram; kubelet_evictions is kept"),
    droppedFamily("kubelet_containers_per_pod_count*", "a histogram of containers per pod; no panel or alert reads it"),
    droppedFamily("kubelet_http_*", "the kubelet's own HTTP server per path, Prometheus' scrapes included; no panel or alert reads it"),
    droppedFamily("kubelet_container_log_filesystem_used_bytes", "log size per container; no panel or alert reads it"),
    droppedFamily("kubelet_cpu_manager_*", NO_RESOURCE_MANAGERS),
    droppedFamily("kubelet_topology_manager_*", NO_RESOURCE_MANAGERS),
    droppedFamily("kubelet_pod_resources_endpoint_*", NO_RESOURCE_MANAGERS),
    droppedFamily("storage_operation_duration_seconds*", VOLUME_DETAIL),
    droppedFamily("volume_operation_total_seconds*", VOLUME_DETAIL),
    droppedFamily("volume_manager_total_volumes", VOLUME_DETAIL),
    droppedFamily("plugin_manager_total_plugins", VOLUME_DETAIL),
];

export const KUBELET_FAMILIES: readonly FamilyRule[] = [...KUBELET_OWN_FAMILIES, ...COMPONENT_BASE_FAMILIES];

/** kubelet_pleg_relist_duration_seconds: client_golang's default buckets (pkg/kubelet/metrics/metrics.go, v1.35.0). */
export const PLEG_RELIST_BOUNDS = ["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"];
/** kubelet_pod_start_duration_seconds: the kubelet's own buckets, 0.5 s to an hour (pkg/kubelet/metrics/metrics.go, v1.35.0). */
export const POD_START_BOUNDS = ["0.5", "1", "2", "3", "4", "5", "6", "8", "10", "20", "30", "45", "60", "120", "180", "240", "300", "360", "480", "600", "900", "1200", "1800", "2700", "3600", "+Inf"];

/**
 * The pod start histogram keeps one bound (the PLEG relist histogram keeps all of its 12 for the
 * quantile record, pleg-rules.ts). An alert on "the 99th percentile is
 * above X" needs only the share of observations above X, when X is a bound: the quantile lies in
 * a bucket above X exactly when more than 1 % of observations do (components/kubelet/health-alerts.ts).
 * That share is 1 - bucket{le=X} / _count, one series per node beside the count that is kept
 * anyway; +Inf repeats _count. Each kept bound is held to its reader (stack/keep-readers.ts).
 */
export const KUBELET_SERIES_RULES: readonly SeriesRule[] = [
    keepBounds("kubelet_pod_start_duration_seconds_bucket", POD_START_BOUNDS, ["60"], "25 of the 26 bounds; 60 is kept, the bound KubeletPodStartUpLatencyHigh reads"),
];
