import { droppedFamily, FamilyRule, keptFamily, histogramFamilies } from "../common/scrape/family-rules";

const SIZE_HISTOGRAM = "a histogram per server, zone and protocol of message sizes; no panel or alert reads it";
const GO_DETAIL = "Go runtime detail; process CPU, memory and go_goroutines are kept";

/** The coredns job's families (docs/scrape-jobs.md#control-plane-families), CoreDNS's prometheus plugin. */
export const COREDNS_FAMILIES: readonly FamilyRule[] = [
    keptFamily("coredns_dns_requests_total", "the CoreDNS requests panel"),
    keptFamily("coredns_dns_responses_total", "the CoreDNS error-rate alert (SERVFAIL share) and the response-code panel"),
    ...histogramFamilies("coredns_dns_request_duration_seconds", ["bucket"], "the CoreDNS latency alert and panel"),
    keptFamily("coredns_dns_do_requests_total", "the CoreDNS board's requests with the DNSSEC OK bit: one series per server block and zone"),
    droppedFamily("coredns_dns_request_size_bytes*", SIZE_HISTOGRAM),
    droppedFamily("coredns_dns_response_size_bytes*", SIZE_HISTOGRAM),
    keptFamily("coredns_cache_hits_total", "the CoreDNS cache hits panels"),
    keptFamily("coredns_cache_misses_total", "with the hits, the cache hit ratio: one series per server"),
    keptFamily("coredns_cache_entries", "the CoreDNS board's cache size: two series per server"),
    ...histogramFamilies("coredns_proxy_request_duration_seconds", ["bucket", "count"], "the CoreDNS board's forwarded requests, upstream errors and upstream latency: since CoreDNS 1.11 the only forward family with per-upstream requests (coredns_forward_requests_total is gone); one histogram per upstream and response code, per CoreDNS pod, not per node"),
    keptFamily("coredns_proxy_healthcheck_failures_total", "the CoreDNS board's upstream errors: one series per upstream"),
    keptFamily("coredns_forward_max_concurrent_rejects_total", "the CoreDNS board's upstream errors (lookups refused at forward's concurrency limit): one series"),
    droppedFamily("coredns_health_request_duration_seconds*", "the health plugin timing its own self-check"),
    droppedFamily("coredns_kubernetes_dns_programming_duration_seconds*", "endpoint-to-DNS programming latency histogram; no panel or alert reads it"),
    droppedFamily("coredns_plugin_enabled", "one constant series per plugin and server block; the Corefile says the same"),
    keptFamily("coredns_panics_total", "panics since start: one series"),
    keptFamily("coredns_build_info", "one series: which version answers"),
    keptFamily("process_cpu_seconds_total", "the component's own CPU: one series, for ad-hoc queries"),
    keptFamily("process_resident_memory_bytes", "the component's own memory: one series, for ad-hoc queries"),
    keptFamily("go_goroutines", "the component's goroutines: one series, for ad-hoc queries"),
    droppedFamily("go_gc_*", GO_DETAIL),
    droppedFamily("go_memstats_*", GO_DETAIL),
    droppedFamily("go_sched_*", GO_DETAIL),
    droppedFamily("go_threads", GO_DETAIL),
    droppedFamily("go_info", GO_DETAIL),
];
