import { PrometheusRuleInput } from "./rule-input";
import { RuleGroup, runbook } from "../common/rules/types";

/** Prometheus watching itself; thresholds and durations from kubernetes-mixin's prometheus alerts. */
export function prometheusGroup(c: Pick<PrometheusRuleInput, "prometheusJob" | "alertmanager">): RuleGroup {
    const self = `job="${c.prometheusJob}"`;
    return {
        name: "prometheus",
        rules: [
            {
                // Was PrometheusConfigReloadFailed (warning): renamed and raised to prometheus-mixin's
                // name and severity, since rules and targets added since the failed reload never run.
                alert: "PrometheusBadConfig",
                // max over the window, so a reload that failed and was retried still counts.
                expr: `max_over_time(prometheus_config_last_reload_successful{${self}}[5m]) == 0`,
                for: "10m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Prometheus could not reload its configuration.",
                    description: "Prometheus {{ $labels.namespace }}/{{ $labels.pod }} keeps running on its previous configuration: the last reload failed. Its log says why.",
                    runbook_url: runbook("prometheus/prometheusbadconfig"),
                },
            },
            {
                alert: "PrometheusRuleFailures",
                expr: `increase(prometheus_rule_evaluation_failures_total{${self}}[5m]) > 0`,
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Prometheus fails to evaluate rules.",
                    description: "Rule group {{ $labels.rule_group }} of Prometheus {{ $labels.namespace }}/{{ $labels.pod }} has failed evaluations; its alerts may stay silent.",
                    runbook_url: runbook("prometheus/prometheusrulefailures"),
                },
            },
            ...(c.alertmanager ? notificationRules(self) : []),
            {
                alert: "PrometheusTSDBCompactionsFailing",
                expr: `increase(prometheus_tsdb_compactions_failed_total{${self}}[3h]) > 0`,
                for: "4h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Prometheus cannot compact its storage.",
                    description: "Prometheus {{ $labels.namespace }}/{{ $labels.pod }} had failed block compactions in the last 3 hours; the data volume may be full or damaged.",
                    runbook_url: runbook("prometheus/prometheustsdbcompactionsfailing"),
                },
            },
            {
                alert: "PrometheusTSDBWALCorruptions",
                expr: `increase(prometheus_tsdb_wal_corruptions_total{${self}}[3h]) > 0`,
                for: "4h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Prometheus found a corrupted write-ahead log.",
                    description: "Prometheus {{ $labels.namespace }}/{{ $labels.pod }} detected write-ahead log corruption in the last 3 hours; recent samples may be lost.",
                },
            },
            {
                alert: "PrometheusScrapeSampleLimitHit",
                // A scrape over its sample_limit stores nothing; the target's up is 0 (docs/monitor-your-app.md#limits).
                expr: `increase(prometheus_target_scrapes_exceeded_sample_limit_total{${self}}[5m]) > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A scrape target serves more samples than its limit allows.",
                    description:
                        "Prometheus {{ $labels.namespace }}/{{ $labels.pod }} refused scrapes over their sample_limit in the last 5 minutes: " +
                        "those targets store nothing and show up == 0. scrape_samples_scraped of the targets with up == 0 says how many samples each served.",
                },
            },
            {
                alert: "TargetDown",
                // Share of a job's targets that are down, per job and namespace.
                expr: "100 * (count by (job, namespace) (up == 0) / count by (job, namespace) (up)) > 10",
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Some targets of a scrape job are down.",
                    description: "More than 10 % of the {{ $labels.job }} targets in namespace {{ $labels.namespace }} have not answered scrapes for 10 minutes.",
                    runbook_url: runbook("general/targetdown"),
                },
            },
        ],
    };
}

function notificationRules(self: string): RuleGroup["rules"] {
    // Both counters carry the alertmanager label on every release line (notifier/notifier.go at
    // v2.11.1, notifier/metric.go at v3.5.0 and later), so the share is per Alertmanager as is.
    const failingPercent = `100 * (rate(prometheus_notifications_errors_total{${self}}[5m]) / rate(prometheus_notifications_sent_total{${self}}[5m]))`;
    return [
        {
            alert: "PrometheusErrorSendingAlertsToSomeAlertmanagers",
            expr: `${failingPercent} > 1`,
            for: "15m",
            labels: { severity: "warning" },
            annotations: {
                summary: "Prometheus fails to send alerts to one Alertmanager.",
                description: "More than 1 % of the alerts Prometheus {{ $labels.namespace }}/{{ $labels.pod }} sends to {{ $labels.alertmanager }} fail; the other Alertmanagers may still get them.",
                runbook_url: runbook("prometheus/prometheuserrorsendingalertstosomealertmanagers"),
            },
        },
        {
            // Was PrometheusNotificationsFailing, which paged for any one Alertmanager; the least
            // failing one above 3 % means no Alertmanager gets the alerts reliably.
            alert: "PrometheusErrorSendingAlertsToAnyAlertmanager",
            expr: `min without (alertmanager) (${failingPercent}) > 3`,
            for: "15m",
            labels: { severity: "critical" },
            annotations: {
                summary: "Prometheus fails to send alerts to every Alertmanager.",
                description: "More than 3 % of the alerts Prometheus {{ $labels.namespace }}/{{ $labels.pod }} sends fail at every Alertmanager it knows; alerts may reach no one.",
                runbook_url: runbook("prometheus/prometheuserrorsendingalertstoanyalertmanager"),
            },
        },
        {
            alert: "PrometheusNotConnectedToAlertmanagers",
            expr: `max_over_time(prometheus_notifications_alertmanagers_discovered{${self}}[5m]) < 1`,
            for: "10m",
            labels: { severity: "warning" },
            annotations: {
                summary: "Prometheus has discovered no Alertmanager.",
                description: "Prometheus {{ $labels.namespace }}/{{ $labels.pod }} knows no Alertmanager to send alerts to; no alert reaches anyone.",
                runbook_url: runbook("prometheus/prometheusnotconnectedtoalertmanagers"),
            },
        },
    ];
}
