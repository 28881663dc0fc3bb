import { RuleGroup, runbook } from "../common/rules/types";
import { GRAFANA_JOB_NAME } from "./layout";

/**
 * Grafana answering its own HTTP API with server errors, from its request histogram
 * (grafana_http_request_duration_seconds, labelled handler, status_code, method, status_source
 * and slo_group: pkg/middleware/request_metrics.go). Requests Grafana passes on to a data source
 * are left out, and so are 5xx that Grafana marks status_source="downstream": those errors are
 * the data source's. Threshold, `for` and severity are kube-prometheus's Grafana rule's; the
 * expression is written here.
 */
export function grafanaGroup(): RuleGroup {
    const requests = `grafana_http_request_duration_seconds_count{job="${GRAFANA_JOB_NAME}",handler!~"/api/datasources/.*proxy.*|/api/ds/query|/api/tsdb/query"`;
    const perHandler = (matchers: string) => `sum by (namespace, job, handler) (rate(${requests}${matchers}}[5m]))`;
    return {
        name: "grafana",
        rules: [
            {
                alert: "GrafanaRequestsFailing",
                expr: `100 * ${perHandler(',status_code=~"5..",status_source!="downstream"')} / ${perHandler("")} > 50`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Grafana fails most requests to one of its handlers.",
                    description: "More than half of the requests to Grafana's handler {{ $labels.handler }} in namespace {{ $labels.namespace }} have failed with a server error for 5 minutes.",
                    runbook_url: runbook("grafana/grafanarequestsfailing"),
                },
            },
        ],
    };
}
