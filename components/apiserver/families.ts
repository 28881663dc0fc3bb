import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule, keptFamily, histogramFamilies } from "../common/scrape/family-rules";
import { keepBounds, SeriesRule } from "../common/scrape/series-rules";

export { dropSeries } from "../common/scrape/series-rules";
export type { SeriesRule } from "../common/scrape/series-rules";

/**
 * The apiserver job's families (docs/scrape-jobs.md#apiserver-families). Kept: what the API
 * server alerts and the Control plane dashboard read, and a few single gauges. Dropped: the
 * per-request histograms that repeat apiserver_request_sli_duration_seconds by another cut, the
 * storage, watch-cache, flow-control and admission detail that no panel or alert reads, and the
 * component families (client-go, Go runtime) the other Kubernetes components also drop.
 */
const PER_REQUEST = "a histogram per verb, resource and scope, as large as the request latency histogram; apiserver_request_sli_duration_seconds is kept";
const STORAGE = "one series per resource from the storage layer or the watch cache; no panel or alert reads it";
const FLOW_CONTROL = "API Priority and Fairness detail per flow schema and priority level; no panel or alert reads it";
const ADMISSION = "admission detail per plugin or webhook and operation; no panel or alert reads it";
const ETCD_CLIENT = "the API server's etcd client per operation and resource; the etcd job scrapes etcd itself";
const OWN_SERVING = "authentication, authorization and audit of the API server's own requests; apiserver_request_total counts their outcome";

export const APISERVER_OWN_FAMILIES: readonly FamilyRule[] = [
    keptFamily("apiserver_request_total", "the API error-rate alert and the request rate panel"),
    droppedFamily(
        "apiserver_request_duration_seconds*",
        "the request latency with admission webhooks and APF queueing in it; the latency panel, its records and the SLO read apiserver_request_sli_duration_seconds, as kubernetes-mixin does",
    ),
    keptFamily("apiserver_request_sli_duration_seconds_bucket", "the latency panel and its p99 records, and the SLO's bounds 1, 5 and 30 s and +Inf (every request it times) for the burn-rate and availability rules; thinned, see below"),
    droppedFamily("apiserver_request_sli_duration_seconds_count", "the number of requests timed, which the kept +Inf bucket holds too"),
    droppedFamily("apiserver_request_sli_duration_seconds_sum", "the total latency, for a mean no panel or rule reads"),
    keptFamily("apiserver_current_inflight_requests", "the inflight requests panel: two series"),
    keptFamily("apiserver_request_terminations_total", "requests the API server cut off in self-defence (429, timeouts), per request kind, served once one was: KubeAPITerminatedRequests"),
    ...histogramFamilies("apiserver_client_certificate_expiration_seconds", ["bucket"], "the remaining lifetime of the client certificates presented: KubeClientCertificateExpiration"),
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

/** apiserver_request_sli_duration_seconds: the API server's buckets (k8s.io/apiserver pkg/endpoints/metrics/metrics.go, the same from v0.26.0 to v0.35.0). */
const SLI_BOUNDS = ["0.05", "0.1", "0.2", "0.4", "0.6", "0.8", "1", "1.25", "1.5", "2", "3", "4", "5", "6", "8", "10", "15", "20", "30", "45", "60", "+Inf"];

/**
 * The bounds kept. Of those kube-prometheus keeps (its apiserver job drops the rest, v0.16.0
 * manifests/kubernetesControlPlane-serviceMonitorApiserver.yaml): 0.05, 0.1, 0.2, 1, 2, 5 and 10,
 * about one per doubling where it has one, not 4, 20, 45 or 60. And the SLO's 30 s, which
 * kube-prometheus drops though its own cluster-scope reads ask for it (on 2.x; 3.x writes it
 * `le="30.0"`, which that regex does not match). 0.4 is dropped as there: a p99 between 0.2 and
 * 1 s is read off a straight line between them, and keeping it costs one series per label set.
 */
const SLI_KEPT = ["0.05", "0.1", "0.2", "1", "2", "5", "10", "30", "+Inf"];

/**
 * The series rules of the apiserver job: the SLI histogram thinned to the bounds its readers
 * read, and without CONNECT. A WATCH gets no latency tracker, so the SLI histogram has no WATCH
 * series (k8s.io/apiserver pkg/endpoints/filters/webhook_duration.go, v0.35.0); a CONNECT (exec,
 * attach, port-forward, proxy) does, and is timed whole, as long as its client keeps the stream
 * open: no latency, so the panel and records would read nothing but noise in its buckets.
 */
export const APISERVER_SERIES_RULES: readonly SeriesRule[] = [
    keepBounds(
        "apiserver_request_sli_duration_seconds_bucket",
        SLI_BOUNDS,
        SLI_KEPT,
        `${SLI_BOUNDS.length - SLI_KEPT.length} of the ${SLI_BOUNDS.length - 1} bounds; ${SLI_KEPT.slice(0, -1).join(", ")} and +Inf are kept, enough for the 99th percentile panel`,
        "the 99th percentile panel and records read every kept bucket: the bounds from 50 ms to 30 s bound the quantile within a factor of two or three, five between 0.2 and 1 s, and 1, 5, 30 s and +Inf are the SLO's, which the burn-rate and availability rules read",
    ),
    {
        family: "apiserver_request_sli_duration_seconds_bucket",
        label: "verb",
        values: ["CONNECT"],
        why: "an exec, attach, port-forward or proxy stream lasts as long as its client; the latency panel and the SLO leave this verb out",
    },
];
