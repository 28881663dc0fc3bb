import { RecordingRule, RuleGroup } from "../common/rules/types";

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

export function apiserverRequestsGroup(): RuleGroup {
    const rule: RecordingRule = { record: APISERVER_REQUESTS_BY_CODE, expr: apiserverRequestsByCodeExpr("5m") };
    const classes = { read: 'verb=~"LIST|GET"', write: 'verb=~"POST|PUT|PATCH|DELETE"' };
    const byResource = (Object.keys(classes) as (keyof typeof classes)[]).map((verb) => ({
        record: APISERVER_REQUESTS_BY_CODE_RESOURCE,
        expr: `sum by (code, resource) (rate(apiserver_request_total{job="apiserver",${classes[verb]}}[5m]))`,
        labels: { verb },
    }));
    return { name: "kube-apiserver-requests", rules: [rule, ...byResource] };
}
