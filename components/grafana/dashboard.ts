import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { GRAFANA_JOB_NAME } from "./layout";
import { GRAFANA_REQUESTS } from "./request-rules";

/**
 * Grafana: which Grafana runs, what it holds, and how it answers. The questions are those of
 * kube-prometheus' "Grafana Overview" board (the grafana mixin): firing alerts, dashboards, build,
 * requests and latency; the queries are written here, against the families Grafana serves from its
 * start (tests/fixtures/grafana/grafana-metrics.txt names the source they were read from).
 *
 * Firing alerts are those of Grafana-managed alert rules (grafana_alerting_alerts, unified
 * alerting): the legacy grafana_alerting_result_total that kube-prometheus reads went with
 * Grafana's legacy alerting. The program's own alerts are Prometheus' and show on Home.
 */
export function grafanaDashboard(ctx: Pick<DashboardContext, "computeRules">): PrometheusDashboardSpec {
    const grafana = `job="${GRAFANA_JOB_NAME}"`;
    // While the default rules load (grafana-requests loads with Grafana), the requests per code are the record's, summed over handlers.
    const requests = ctx.computeRules
        ? `sum by (status_code) (${GRAFANA_REQUESTS}{${grafana}})`
        : `sum by (status_code) (rate(grafana_http_request_duration_seconds_count{${grafana}}[$__rate_interval]))`;
    const latency = (q: string) => `histogram_quantile(${q}, sum by (le) (rate(grafana_http_request_duration_seconds_bucket{${grafana}}[$__rate_interval])))`;
    return {
        uid: "cm-grafana",
        folder: "monitoring",
        title: "Grafana",
        description: "Grafana's version, its dashboards, its own alerts by state, requests per status code and their latency",
        needs: ["grafana"],
        variables: [],
        panels: [
            {
                title: "Grafana-managed alerts by state",
                description: "Alert instances of the alert rules Grafana itself evaluates, by state (alerting is firing); the program's own alerts are Prometheus' and show on Home",
                unit: "short",
                kind: "stat",
                needs: ["grafana"],
                queries: [{ expr: `sum by (state) (grafana_alerting_alerts{${grafana}})`, legend: "{{state}}" }],
            },
            {
                title: "Dashboards",
                description: "Dashboards Grafana holds, provisioned and saved in the UI, as its usage statistics last counted them",
                unit: "short",
                kind: "stat",
                needs: ["grafana"],
                queries: [{ expr: `max(grafana_stat_totals_dashboard{${grafana}})`, legend: "dashboards" }],
            },
            {
                title: "Version",
                description: "The version and edition each Grafana pod runs",
                unit: "short",
                kind: "stat",
                needs: ["grafana"],
                queries: [{ expr: `count by (version, edition) (grafana_build_info{${grafana}})`, legend: "{{version}} {{edition}}" }],
            },
            {
                title: "Requests per status code",
                description: "HTTP requests Grafana answers per second, by status code, the queries it passes on to data sources included",
                unit: "reqps",
                kind: "timeseries",
                needs: ["grafana"],
                queries: [{ expr: requests, legend: "{{status_code}}" }],
            },
            {
                title: "Request latency",
                description: "Time Grafana takes to answer one request: 99th and 50th percentile and mean; the percentiles are empty (NaN) while no request arrives",
                unit: "s",
                kind: "timeseries",
                needs: ["grafana"],
                queries: [
                    { expr: latency("0.99"), legend: "p99" },
                    { expr: latency("0.5"), legend: "p50" },
                    {
                        expr:
                            `sum(rate(grafana_http_request_duration_seconds_sum{${grafana}}[$__rate_interval])) / ` +
                            `sum(rate(grafana_http_request_duration_seconds_count{${grafana}}[$__rate_interval]))`,
                        legend: "mean",
                    },
                ],
            },
        ],
    };
}
