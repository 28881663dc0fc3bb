import { droppedFamily, FamilyRule, keptFamily } from "./family-rules";

/**
 * Families that every Kubernetes component serves through k8s.io/component-base and client-go:
 * the scheduler, the controller manager and kube-proxy. Kept: what the control-plane alerts and
 * dashboard read (docs/scrape-jobs.md#control-plane-families). Dropped: per-request histograms
 * of the component's own API client and of its secure-serving front, and Go runtime detail.
 */
const CLIENT_HISTOGRAM = "a histogram per verb and host of the component's own API client; rest_client_requests_total says whether its calls fail";
const SERVING_FRONT = "the secure-serving front that authenticates Prometheus itself; no panel or alert reads it";
const GO_DETAIL = "Go runtime detail; process CPU, memory and go_goroutines are kept";

export const COMPONENT_BASE_FAMILIES: readonly FamilyRule[] = [
    keptFamily("rest_client_requests_total", "API client calls by code: a dozen series that show a component failing to reach the API server, for KubeClientErrors"),
    droppedFamily("rest_client_request_duration_seconds*", CLIENT_HISTOGRAM),
    droppedFamily("rest_client_rate_limiter_duration_seconds*", CLIENT_HISTOGRAM),
    droppedFamily("rest_client_request_size_bytes*", CLIENT_HISTOGRAM),
    droppedFamily("rest_client_response_size_bytes*", CLIENT_HISTOGRAM),
    droppedFamily("rest_client_transport_*", "client-go connection-cache detail"),
    droppedFamily("apiserver_delegated_*", SERVING_FRONT),
    droppedFamily("apiserver_client_certificate_expiration_seconds*", SERVING_FRONT),
    droppedFamily("apiserver_webhooks_x509_*", SERVING_FRONT),
    droppedFamily("authenticated_user_requests", SERVING_FRONT),
    droppedFamily("authentication_*", SERVING_FRONT),
    droppedFamily("apiserver_audit_*", SERVING_FRONT),
    droppedFamily("apiserver_storage_*", "storage statistics of a component that has no storage; always empty"),
    droppedFamily("aggregator_*", "aggregated-API discovery state; only the API server's matters"),
    droppedFamily("kubernetes_feature_enabled", "one series per feature gate, several hundred per component; the component's flags say the same"),
    droppedFamily("registered_metrics_total", "the metrics registry counting itself"),
    droppedFamily("disabled_metrics_total", "the metrics registry counting itself"),
    droppedFamily("hidden_metrics_total", "the metrics registry counting itself"),
    keptFamily("kubernetes_build_info", "one series: which version answers, for KubeVersionMismatch"),
    keptFamily("leader_election_master_status", "which replica holds the lease: one series per lease"),
    keptFamily("workqueue_depth", "the work-queue backlog alerts and panels"),
    keptFamily("workqueue_adds_total", "the controller work-queue adds panel"),
    keptFamily("workqueue_retries_total", "retries per queue, one series each, next to the depth"),
    droppedFamily("workqueue_queue_duration_seconds*", "a 10-bucket histogram per queue; the backlog alert reads the depth"),
    droppedFamily("workqueue_work_duration_seconds*", "a 10-bucket histogram per queue; the backlog alert reads the depth"),
    droppedFamily("workqueue_unfinished_work_seconds", "per-queue detail of stuck work; the backlog alert reads the depth"),
    droppedFamily("workqueue_longest_running_processor_seconds", "per-queue detail of stuck work; the backlog alert reads the depth"),
    keptFamily("process_cpu_seconds_total", "the component's own CPU: one series, for ad-hoc queries"),
    keptFamily("process_resident_memory_bytes", "the component's own memory: one series, for ad-hoc queries"),
    keptFamily("go_goroutines", "the component's goroutines: one series, for ad-hoc queries"),
    droppedFamily("go_gc_*", GO_DETAIL),
    droppedFamily("go_memstats_*", GO_DETAIL),
    droppedFamily("go_sched_*", GO_DETAIL),
    droppedFamily("go_cpu_*", GO_DETAIL),
    droppedFamily("go_godebug_*", GO_DETAIL),
    droppedFamily("go_cgo_*", GO_DETAIL),
    droppedFamily("go_threads", GO_DETAIL),
    droppedFamily("go_info", GO_DETAIL),
];
