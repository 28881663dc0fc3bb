import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule, keptFamily, histogramFamilies } from "../common/scrape/family-rules";
import { keepBounds, SeriesRule } from "../common/scrape/series-rules";

export { dropSeries } from "../common/scrape/series-rules";
export type { SeriesRule } from "../common/scrape/series-rules";

/**
 * The apiserver job's families (docs/scrape-jobs.md#apiserver-families). Kept: what the API
 * server alerts and the Control plane dashboard read, and a few single gauges. Dropped: the
 * per-request histograms that repeat apiserver_request_duration_seconds by another cut, the
 * storage, watch-cache, flow-control and admission detail that no panel or alert reads, and the
 * component families (client-go, Go runtime) the other Kubernetes components also drop.
 */
const PER_REQUEST = "a histogram per verb, resource and scope, as large as the request latency histogram; apiserver_request_duration_seconds is kept";
const STORAGE = "one series per resource from the storage layer or the watch cache; no panel or alert reads it";
const FLOW_CONTROL = "API Priority and Fairness detail per flow schema and priority level; no panel or alert reads it";
const ADMISSION = "admission detail per plugin or webhook and operation; no panel or alert reads it";
const ETCD_CLIENT = "the API server's etcd client per operation and resource; the etcd job scrapes etcd itself";
const OWN_SERVING = "authentication, authorization and audit of the API server's own requests; apiserver_request_total counts their outcome";

export const APISERVER_OWN_FAMILIES: readonly FamilyRule[] = [
    keptFamily("apiserver_request_total", "the API error-rate alert and the request rate panel"),
    keptFamily("apiserver_request_duration_seconds_bucket", "the request latency panels and their p99 records, and the SLO's bounds 1, 5 and 30 s for the burn-rate and availability rules; thinned, see below"),
    keptFamily("apiserver_request_duration_seconds_count", "every request with a latency: the burn-rate and availability rules count the slow ones against it"),
    droppedFamily("apiserver_request_duration_seconds_sum", "the total latency, for a mean no panel or rule reads; the buckets and the count are kept"),
    keptFamily("apiserver_current_inflight_requests", "the inflight requests panel: two series"),
    keptFamily("apiserver_request_terminations_total", "requests the API server cut off in self-defence (429, timeouts), per request kind, served once one was: KubeAPITerminatedRequests"),
    ...histogramFamilies("apiserver_client_certificate_expiration_seconds", ["bucket"], "the remaining lifetime of the client certificates presented: KubeClientCertificateExpiration"),
    droppedFamily("apiserver_request_sli_duration_seconds*", PER_REQUEST),
    droppedFamily("apiserver_request_slo_duration_seconds*", PER_REQUEST),
    droppedFamily("apiserver_response_sizes*", PER_REQUEST),
    droppedFamily("apiserver_longrunning_requests", "open watches per resource; apiserver_request_total counts them"),
    droppedFamily("apiserver_request_filter_duration_seconds*", "a histogram per request filter; the request latency covers them"),
    droppedFamily("apiserver_request_body_size_bytes*", "request body sizes per resource and verb; no panel or alert reads it"),
    droppedFamily("field_validation_request_duration_seconds*", "latency per field-validation mode; the request latency covers it"),
    droppedFamily("apiserver_current_inqueue_requests", FLOW_CONTROL),
    droppedFamily("apiserver_flowcontrol_*", FLOW_CONTROL),
    droppedFamily("apiserver_admission_*", ADMISSION),
    droppedFamily("apiserver_storage_*", STORAGE),
    droppedFamily("apiserver_cache_*", STORAGE),
    droppedFamily("apiserver_watch_*", STORAGE),
    droppedFamily("apiserver_init_events_total", STORAGE),
    droppedFamily("apiserver_terminated_watchers_total", STORAGE),
    droppedFamily("apiserver_selfrequest_total", "the API server's loopback requests per resource; apiserver_request_total counts them"),
    droppedFamily("etcd_*", ETCD_CLIENT),
    droppedFamily("apiserver_audit_*", OWN_SERVING),
    droppedFamily("apiserver_tls_handshake_errors_total", OWN_SERVING),
    droppedFamily("authentication_*", OWN_SERVING),
    droppedFamily("authorization_*", OWN_SERVING),
    keptFamily("aggregator_unavailable_apiservice", "one series per APIService, 1 while it is unavailable: KubeAggregatedAPIDown"),
    keptFamily("aggregator_unavailable_apiservice_total", "each APIService's turns to unavailable, by reason, served once one has happened: KubeAggregatedAPIErrors"),
    droppedFamily("aggregator_openapi_*", "OpenAPI regeneration of the aggregated APIs; no panel or alert reads it"),
    droppedFamily("aggregator_discovery_*", "discovery aggregation detail of the aggregated APIs; no panel or alert reads it"),
    droppedFamily("kube_apiserver_clusterip_allocator_*", "Service IP allocator detail; no panel or alert reads it"),
    droppedFamily("kubernetes_healthcheck", "one series per health check and endpoint; the scrape itself says whether the API server answers"),
    droppedFamily("kubernetes_healthchecks_total", "one series per health check and endpoint; the scrape itself says whether the API server answers"),
];

/**
 * The Kubernetes component rows that fit the API server too: client-go, the metrics registry,
 * work queues and the Go runtime. Those about a delegated secure-serving front and an empty
 * storage layer describe the other components, not the API server, whose own rows are above.
 */
const SHARED = COMPONENT_BASE_FAMILIES.filter((r) => !/^(apiserver_|aggregator_|authentication|authenticated_)/.test(r.family));

export const APISERVER_FAMILIES: readonly FamilyRule[] = [...APISERVER_OWN_FAMILIES, ...SHARED];

/**
 * The series rules of the apiserver job. The latency panel asks for the 99th percentile per verb,
 * which the kept buckets still bound; WATCH and CONNECT last as long as the client keeps them
 * open, so their buckets measure no latency (the panel leaves them out), while their _count and
 * _sum stay.
 */
/** apiserver_request_duration_seconds: the API server's buckets (staging/src/k8s.io/apiserver/pkg/endpoints/metrics/metrics.go, v1.35.0). */
const REQUEST_DURATION_BOUNDS = ["0.005", "0.025", "0.05", "0.1", "0.2", "0.4", "0.6", "0.8", "1", "1.25", "1.5", "2", "3", "4", "5", "6", "8", "10", "15", "20", "30", "45", "60", "+Inf"];

export const APISERVER_SERIES_RULES: readonly SeriesRule[] = [
    keepBounds(
        "apiserver_request_duration_seconds_bucket",
        REQUEST_DURATION_BOUNDS,
        ["0.05", "0.1", "0.2", "0.4", "1", "2", "5", "10", "30", "+Inf"],
        "14 of the 23 bounds; 0.05, 0.1, 0.2, 0.4, 1, 2, 5, 10, 30 and +Inf are kept, enough for the 99th percentile panel",
        "the 99th percentile panels and records read every kept bucket: a bound at about each doubling from 50 ms to 30 s bounds the quantile within a factor of two, and 1, 5 and 30 s are the SLO's bounds, which the burn-rate and availability rules read",
    ),
    {
        family: "apiserver_request_duration_seconds_bucket",
        label: "verb",
        values: ["WATCH", "CONNECT"],
        why: "a watch or exec lasts as long as its client; the latency panel leaves these verbs out",
    },
];
