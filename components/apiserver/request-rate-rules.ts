import { RecordingRule, RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";

/**
 * The API server's requests per second by HTTP response code, recorded so the Control plane
 * board's "API server requests by code" reads one series per code instead of every verb,
 * resource, scope, component and instance of `apiserver_request_total` (about 4 million samples
 * over an hour of the benchmark's 10-node cluster, the board's slowest query; docs/grafana.md#query-speed-npm-run-benchdashboards).
 * kube-prometheus' board reads its own record by code and resource; ours keeps only the code,
 * the one label the panel shows. Over 5 minutes, as the other API server records: the panel is
 * smooth at that scale.
 */
export const APISERVER_REQUESTS_BY_CODE = "code:apiserver_request_total:rate5m";

/** The raw query the record answers: the board's fallback while the default rules are off. */
export function apiserverRequestsByCodeExpr(range: string): string {
    return `sum by (code) (rate(apiserver_request_total{job="apiserver"}[${range}]))`;
}

/**
 * kubernetes-mixin's requests per second by code and resource, per verb class (read, write), for
 * the boards and queries people bring: one series per code, resource and class.
 */
export const APISERVER_REQUESTS_BY_CODE_RESOURCE = "code_resource:apiserver_request_total:rate5m";

/**
 * The requests per second over 5m, summed over instances, scopes, components, groups and versions
 * but kept by code, verb and resource: the narrowest labels the records below need. Recorded first
 * in the group, so that the by-code record and the two by-class records read it instead of each
 * rating every series of `apiserver_request_total` (issue #47, rule evaluation cost). Our own name;
 * kube-prometheus has none for it.
 */
export const APISERVER_REQUESTS_RATE5M = "code_verb_resource:apiserver_request_total:sum_rate5m";

function requestRateRule(): RecordingRule {
    return { record: APISERVER_REQUESTS_RATE5M, expr: `sum by (code, verb, resource) (rate(apiserver_request_total{job="apiserver"}[5m]))` };
}

/** The shared rates first: the records after it read them in the same evaluation (rules in a group run in order). */
export function apiserverRequestsGroup(): RuleGroup {
    // Answers apiserverRequestsByCodeExpr over 5m, from the shared rates.
    const rule: RecordingRule = { record: APISERVER_REQUESTS_BY_CODE, expr: `sum by (code) (${APISERVER_REQUESTS_RATE5M})` };
    const classes = { read: 'verb=~"LIST|GET"', write: 'verb=~"POST|PUT|PATCH|DELETE"' };
    const byResource = (Object.keys(classes) as (keyof typeof classes)[]).map((verb) => ({
        record: APISERVER_REQUESTS_BY_CODE_RESOURCE,
        expr: `sum by (code, resource) (${APISERVER_REQUESTS_RATE5M}{${classes[verb]}})`,
        labels: { verb },
    }));
    return { name: "kube-apiserver-requests", interval: SLOW_GROUP_INTERVAL, rules: [requestRateRule(), rule, ...byResource] };
}
