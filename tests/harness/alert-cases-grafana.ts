import { AlertCase, AlertCases, bounded, s, text } from "./alert-case-format";

/** The grafana group's cases (components/grafana/alerts.ts), at its boundary. */
const grafana = { job: "grafana", namespace: "monitoring", pod: "grafana-7d9f8-abcde", service: "grafana", endpoint: "http" };

/**
 * Requests to `handler` from minute 0, `failed` of every 100 with a 500 whose source Grafana
 * names `source`; rate() holds from minute 1.
 */
const requests = (handler: string, failed: number, at: string, source = "server"): AlertCase => ({
    series: [
        s(`grafana_http_request_duration_seconds_count{${text({ ...grafana, handler, method: "GET", status_code: "500", status_source: source })}}`, `0+${failed}x20`),
        s(`grafana_http_request_duration_seconds_count{${text({ ...grafana, handler, method: "GET", status_code: "200", status_source: "server" })}}`, `0+${100 - failed}x20`),
    ],
    at,
    labels: { namespace: "monitoring", job: "grafana", handler },
});

const DASHBOARD = "/api/dashboards/uid/:uid";

export const GRAFANA_ALERT_CASES: Record<string, AlertCases> = {
    // 51 % and 49 % of the requests failing; true from 1m, so the 5m run out at 6m.
    GrafanaRequestsFailing: bounded({
        fires: requests(DASHBOARD, 51, "6m"),
        silent: requests(DASHBOARD, 49, "6m"),
        scenarios: [
            { name: "a data source failing the queries Grafana passes on", fires: false, case: requests("/api/ds/query", 100, "6m") },
            { name: "errors Grafana marks as a downstream service's", fires: false, case: requests(DASHBOARD, 51, "6m", "downstream") },
        ],
    }),
};
