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

/**
 * kubernetes-mixin's p99 by verb class (read, write) and resource, under its name with `_sli_`
 * for the boards that read it; from the histogram the job keeps (admission webhooks included,
 * the bounds thinned to 0.05 ... 30 s), so other input than the mixin's. Streams of logs, exec,
 * attach, port-forward and proxy last as long as their client and are left out, as there; so is
 * a resource without requests (`> 0` drops the NaN of an empty rate).
 */
export const APISERVER_SLI_P99 = "cluster_quantile:apiserver_request_sli_duration_seconds:histogram_quantile";

function sliLatencyRules(): RecordingRule[] {
    const classes = { read: 'verb=~"LIST|GET"', write: 'verb=~"POST|PUT|PATCH|DELETE"' };
    return (Object.keys(classes) as (keyof typeof classes)[]).map((verb) => ({
        record: APISERVER_SLI_P99,
        expr: `histogram_quantile(0.99, sum by (resource, le) (rate(apiserver_request_duration_seconds_bucket{job="apiserver",${classes[verb]},subresource!~"proxy|attach|log|exec|portforward"}[5m]))) > 0`,
        labels: { verb, quantile: "0.99" },
    }));
}

export function apiserverLatencyGroup(): RuleGroup {
    return { name: "kube-apiserver-latency", rules: [latencyRule(), ...sliLatencyRules()] };
}
