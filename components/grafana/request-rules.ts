import { RuleGroup } from "../common/rules/types";
import { GRAFANA_JOB_NAME } from "./layout";

/**
 * Grafana's requests per second by handler and response code, kube-prometheus' record for the
 * Grafana boards and queries people bring. GrafanaRequestsFailing does not read it: it also
 * leaves out the 5xx Grafana marks status_source="downstream" (a data source's errors), a label
 * this record sums away, as kube-prometheus' does.
 */
export const GRAFANA_REQUESTS = "namespace_job_handler_statuscode:grafana_http_request_duration_seconds_count:rate5m";

export function grafanaRequestsGroup(): RuleGroup {
    return {
        name: "grafana-requests",
        rules: [
            {
                record: GRAFANA_REQUESTS,
                expr: `sum by (namespace, job, handler, status_code) (rate(grafana_http_request_duration_seconds_count{job="${GRAFANA_JOB_NAME}"}[5m]))`,
            },
        ],
    };
}
