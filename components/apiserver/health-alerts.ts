import { RuleGroup, runbook } from "../common/rules/types";

const JOB = 'job="apiserver"';

/**
 * The API server cutting off its own requests, and the aggregated APIs it fronts (metrics.k8s.io
 * and any APIService an extension registers) failing. Thresholds, `for` and severities are
 * kubernetes-mixin's; the expressions are written here from the families' meaning
 * (k8s.io/apiserver's endpoint metrics, k8s.io/kube-aggregator's status controller).
 */
export function apiserverHealthGroup(): RuleGroup {
    return {
        name: "apiserver-health",
        rules: [
            {
                alert: "KubeAPITerminatedRequests",
                // Terminated requests (429s from API Priority and Fairness or the in-flight limit,
                // 504 timeouts) are counted in the terminations, and a rejected one in
                // apiserver_request_total as well; the share is kubernetes-mixin's, terminations over
                // both, so that its 20 % means the same here. While none has been cut off, the
                // family is not served and the alert is silent.
                expr:
                    `sum(rate(apiserver_request_terminations_total{${JOB}}[10m])) / ` +
                    `(sum(rate(apiserver_request_total{${JOB}}[10m])) + sum(rate(apiserver_request_terminations_total{${JOB}}[10m]))) > 0.2`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The API server cuts off many of its requests.",
                    description: "Over the last 10 minutes the API servers have terminated more than 20 % of the requests they received, for 5 minutes; clients are throttled or time out.",
                    runbook_url: runbook("kubernetes/kubeapiterminatedrequests"),
                },
            },
            {
                alert: "KubeAggregatedAPIErrors",
                // The counter goes up each time the status controller turns an APIService from
                // available to unavailable. A 5-minute window holds several scrapes at any scrape
                // interval the stack may choose: an APIService that keeps falling over again.
                expr: `sum by (name, reason) (increase(aggregator_unavailable_apiservice_total{${JOB}}[5m])) > 0`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "An aggregated API keeps becoming unavailable.",
                    description: "APIService {{ $labels.name }} has turned unavailable ({{ $labels.reason }}) again in every 5 minutes for 10 minutes; requests to its API fail while it is.",
                    runbook_url: runbook("kubernetes/kubeaggregatedapierrors"),
                },
            },
            {
                alert: "KubeAggregatedAPIDown",
                // The gauge is 1 while the APIService is unavailable: its average over 10 minutes is
                // the share of that time it was down, on the API server that saw it worst.
                expr: `(1 - max by (name) (avg_over_time(aggregator_unavailable_apiservice{${JOB}}[10m]))) * 100 < 85`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "An aggregated API is down.",
                    description: "APIService {{ $labels.name }} has been available less than 85 % of the last 10 minutes, for 5 minutes; requests to its API fail.",
                    runbook_url: runbook("kubernetes/kubeaggregatedapidown"),
                },
            },
        ],
    };
}
