import { RecordingRule, RuleGroup } from "../common/rules/types";

/**
 * The API server's 99th percentile request latency by verb, recorded so the Control plane board
 * reads one series per verb instead of every bucket of every resource, scope and instance of
 * `apiserver_request_duration_seconds` (the histogram the apiserver job keeps, with the bounds
 * 0.05 to 30 s and +Inf; families.ts). kube-prometheus records the same question from the `_sli_`
 * histogram, which the job drops, under the name with `_sli_`; ours names the histogram it reads.
 * WATCH and CONNECT last as long as their client and measure no latency (their buckets are
 * dropped anyway). histogram_quantile reads `le` as a number, so 3.x's `le="1.0"` changes nothing.
 */
export const APISERVER_LATENCY_P99 = "cluster_quantile:apiserver_request_duration_seconds:histogram_quantile";

/** The raw query the record answers: the board's fallback while the default rules are off. */
export function apiserverLatencyP99Expr(range: string): string {
    return `histogram_quantile(0.99, sum by (verb, le) (rate(apiserver_request_duration_seconds_bucket{job="apiserver", verb!~"WATCH|CONNECT"}[${range}])))`;
}

function latencyRule(): RecordingRule {
    return { record: APISERVER_LATENCY_P99, expr: apiserverLatencyP99Expr("5m"), labels: { quantile: "0.99" } };
}

export function apiserverLatencyGroup(): RuleGroup {
    return { name: "kube-apiserver-latency", rules: [latencyRule()] };
}
