import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/**
 * Alertmanager / Overview: which alerts it holds, how many arrive, and whether its notifications
 * get out, per integration, and how long they take. The questions are those of kube-prometheus'
 * board of that name (the alertmanager mixin); the queries are written here. Every family is one
 * Alertmanager serves from its start (each integration's counters and latency histogram at 0),
 * under the self-monitoring job, which keeps every family of the program's own components.
 *
 * Replicas of a clustered Alertmanager each hold every alert, so alert counts take the largest
 * replica's, not the sum; notifications are sent by one replica each, so those are summed.
 */
export function alertmanagerDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const am = `job="${ctx.alertmanagerJob ?? "alertmanager"}"`;
    const integration = `${am}, integration=~"$integration"`;
    return {
        uid: "cm-alertmanager",
        folder: "monitoring",
        title: "Alertmanager",
        description: "Alerts Alertmanager holds and receives, notifications sent and failed per integration, and their latency",
        needs: ["alertmanager"],
        variables: [{ name: "integration", label: "Integration", query: `label_values(alertmanager_notifications_total{${am}}, integration)`, includeAll: true }],
        panels: [
            {
                title: "Alerts by state",
                description: "Alerts Alertmanager holds: active (being notified), suppressed (silenced or inhibited), unprocessed; the largest replica's count",
                unit: "short",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [{ expr: `max by (state) (alertmanager_alerts{${am}})`, legend: "{{state}}" }],
            },
            {
                title: "Alerts received",
                description: "Alerts Prometheus posts per second, firing and resolved, and those Alertmanager refused as invalid",
                unit: "short",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [
                    { expr: `sum by (status) (rate(alertmanager_alerts_received_total{${am}}[$__rate_interval]))`, legend: "{{status}}" },
                    { expr: `sum(rate(alertmanager_alerts_invalid_total{${am}}[$__rate_interval]))`, legend: "invalid" },
                ],
            },
            {
                title: "Notifications sent per integration",
                description: "Notifications attempted per second, per integration (email, slack, webhook...)",
                unit: "short",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [{ expr: `sum by (integration) (rate(alertmanager_notifications_total{${integration}}[$__rate_interval]))`, legend: "{{integration}}" }],
            },
            {
                title: "Notifications failed per integration",
                description: "Notifications per second that failed for good after retries, per integration; any value above 0 is a page or message nobody received",
                unit: "short",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [{ expr: `sum by (integration) (rate(alertmanager_notifications_failed_total{${integration}}[$__rate_interval]))`, legend: "{{integration}}" }],
            },
            {
                title: "Notification latency (p99)",
                description: "99th percentile of the time one notification takes to send, per integration; empty (NaN) while an integration sends nothing",
                unit: "s",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [
                    {
                        expr: `histogram_quantile(0.99, sum by (integration, le) (rate(alertmanager_notification_latency_seconds_bucket{${integration}}[$__rate_interval])))`,
                        legend: "{{integration}} p99",
                    },
                ],
            },
            {
                title: "Notification latency (mean)",
                description: "Mean time one notification takes to send, per integration",
                unit: "s",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [
                    {
                        expr:
                            `sum by (integration) (rate(alertmanager_notification_latency_seconds_sum{${integration}}[$__rate_interval])) / ` +
                            `sum by (integration) (rate(alertmanager_notification_latency_seconds_count{${integration}}[$__rate_interval]))`,
                        legend: "{{integration}} mean",
                    },
                ],
            },
            {
                title: "Silences by state",
                description: "Silences Alertmanager holds: active, pending (not started yet) and expired; the largest replica's count",
                unit: "short",
                kind: "timeseries",
                needs: ["alertmanager"],
                queries: [{ expr: `max by (state) (alertmanager_silences{${am}})`, legend: "{{state}}" }],
            },
            {
                title: "Configuration loaded",
                description: "1 while each replica's last configuration reload succeeded; 0 means it runs an older configuration",
                unit: "short",
                kind: "stat",
                needs: ["alertmanager"],
                queries: [{ expr: `alertmanager_config_last_reload_successful{${am}}`, legend: "{{pod}}" }],
            },
        ],
    };
}
