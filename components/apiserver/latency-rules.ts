import { RecordingRule, RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";

/** The histogram the latency records read: the API server's own time, without admission webhooks and APF queueing, as kubernetes-mixin reads. */
export const APISERVER_LATENCY_HISTOGRAM = "apiserver_request_sli_duration_seconds";

/**
 * The API server's 99th percentile request latency by verb, recorded so the Control plane board
 * reads one series per verb instead of every bucket of every resource, scope and instance of
 * `apiserver_request_sli_duration_seconds` (the histogram the apiserver job keeps, with the
 * bounds 0.05 to 30 s and +Inf; families.ts). The SLI histogram leaves out the time admission
 * webhooks and API Priority and Fairness' queues take, which the API server does not control,
 * and has no WATCH series; CONNECT streams (exec, attach, port-forward, proxy) last as long as
 * their client and measure no latency (the job drops their buckets, and the record leaves both
 * verbs out wherever they come from). histogram_quantile reads `le` as a number, so 3.x's
 * `le="1.0"` changes nothing. Kubernetes before 1.26 serves no
 * SLI histogram (1.23 to 1.25 name it `apiserver_request_slo_duration_seconds`, which the job
 * drops): there the record is empty (docs/alerting.md, the API server's error budget).
 */
export const APISERVER_LATENCY_P99 = "cluster_verb_quantile:apiserver_request_sli_duration_seconds:histogram_quantile";

/** The raw query the record answers: the board's fallback while the default rules are off. */
export function apiserverLatencyP99Expr(range: string): string {
    return `histogram_quantile(0.99, sum by (verb, le) (rate(${APISERVER_LATENCY_HISTOGRAM}_bucket{job="apiserver", verb!~"WATCH|CONNECT"}[${range}])))`;
}

/**
 * The histogram's buckets per second over 5m, summed over instances, scopes, groups and versions
 * but kept by verb, resource, subresource and bound; WATCH and CONNECT left out, as every record
 * below leaves them out. Recorded first in the group, so that the three p99 records read it
 * instead of each rating every bucket series of every API server (issue #47, rule evaluation
 * cost). Our own name; kube-prometheus has none for it.
 */
export const APISERVER_LATENCY_BUCKETS_RATE5M = "verb_resource_subresource_le:apiserver_request_sli_duration_seconds_bucket:sum_rate5m";

function bucketRateRule(): RecordingRule {
    return {
        record: APISERVER_LATENCY_BUCKETS_RATE5M,
        expr: `sum by (verb, resource, subresource, le) (rate(${APISERVER_LATENCY_HISTOGRAM}_bucket{job="apiserver", verb!~"WATCH|CONNECT"}[5m]))`,
    };
}

/** The record answers apiserverLatencyP99Expr over 5m, from the bucket rates above. */
function latencyRule(): RecordingRule {
    return { record: APISERVER_LATENCY_P99, expr: `histogram_quantile(0.99, sum by (verb, le) (${APISERVER_LATENCY_BUCKETS_RATE5M}))`, labels: { quantile: "0.99" } };
}

/**
 * kubernetes-mixin's p99 by verb class (read, write) and resource, under its name, for the boards
 * that read it; from the same histogram, with the bounds the job keeps (0.05 ... 30 s, thinned as
 * kube-prometheus thins them, with 30 s). Streams of logs, exec, attach, port-forward and proxy
 * last as long as their client and are left out, as there; so is a resource without requests
 * (`> 0` drops the NaN of an empty rate).
 */
export const APISERVER_SLI_P99 = "cluster_quantile:apiserver_request_sli_duration_seconds:histogram_quantile";

function sliLatencyRules(): RecordingRule[] {
    const classes = { read: 'verb=~"LIST|GET"', write: 'verb=~"POST|PUT|PATCH|DELETE"' };
    return (Object.keys(classes) as (keyof typeof classes)[]).map((verb) => ({
        record: APISERVER_SLI_P99,
        expr: `histogram_quantile(0.99, sum by (resource, le) (${APISERVER_LATENCY_BUCKETS_RATE5M}{${classes[verb]},subresource!~"proxy|attach|log|exec|portforward"})) > 0`,
        labels: { verb, quantile: "0.99" },
    }));
}

/** The bucket rates first: the p99 records read them in the same evaluation (rules in a group run in order). */
export function apiserverLatencyGroup(): RuleGroup {
    return { name: "kube-apiserver-latency", interval: SLOW_GROUP_INTERVAL, rules: [bucketRateRule(), latencyRule(), ...sliLatencyRules()] };
}
