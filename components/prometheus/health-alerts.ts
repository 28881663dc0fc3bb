import { PrometheusRuleInput } from "./rule-input";
import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { KubernetesSdFailures, SelfHealthFamilies } from "../../prometheus-releases/release-lines";

/**
 * A failed LIST or WATCH of Kubernetes discovery in the last 5 minutes, as the line counts them
 * (release-lines.ts, KubernetesSdFailures). 2.11's request results are summed over the failing
 * status codes, so that a failure that changes its code (a 503, then no answer) stays one alert.
 */
function kubernetesSdFailuresExpr(f: KubernetesSdFailures, self: string): string {
    return f.kind === "calls"
        ? `increase(${f.family}{${self}}[5m]) > 0`
        : `sum without (${f.statusCodeLabel}) (increase(${f.family}{${self},${f.statusCodeLabel}=~"${f.failedStatusCodes}"}[5m])) > 0`;
}

/**
 * Prometheus' own health beyond config, rules and storage (alerts.ts): discovery, the alert
 * queue, block reloads, ingestion, what its targets send, rule groups that miss their turn, and
 * query load. Thresholds, `for` and severities are the prometheus-mixin's; the expressions are
 * written here. Families that differ between lines follow the release line (release-lines.ts,
 * selfHealth): an alert whose family the line does not export is left out there.
 */
export function prometheusHealthGroup(c: Pick<PrometheusRuleInput, "prometheusJob" | "prometheusHealth" | "alertmanager">): RuleGroup {
    const self = `job="${c.prometheusJob}"`;
    const who = "Prometheus {{ $labels.namespace }}/{{ $labels.pod }}";
    const f = c.prometheusHealth;
    const rule = (alert: string, expr: string, forDuration: string, severity: "warning" | "critical", summary: string, description: string): AlertingRule => ({
        alert,
        expr,
        for: forDuration,
        labels: { severity },
        annotations: { summary, description, runbook_url: runbook(`prometheus/${alert.toLowerCase()}`) },
    });
    const rules: (AlertingRule | undefined)[] = [
        rule(
            "PrometheusSDRefreshFailure",
            // Polling discovery (DNS, file, cloud APIs) of a stack's extra scrape configs; Kubernetes discovery watches instead.
            `increase(prometheus_sd_refresh_failures_total{${self}}[10m]) > 0`,
            "20m",
            "warning",
            "Prometheus fails to refresh a service discovery.",
            `${who} has failed to refresh its {{ $labels.mechanism }} discovery for 20 minutes; the targets it finds are stale.`,
        ),
        rule(
            "PrometheusKubernetesListWatchFailures",
            kubernetesSdFailuresExpr(f.kubernetesSdFailures, self),
            "15m",
            "warning",
            "Prometheus' Kubernetes discovery fails to list or watch.",
            `${who} has had failed LIST or WATCH calls to the API server for 15 minutes; its Kubernetes targets may be stale. Check its RBAC and the API server.`,
        ),
        c.alertmanager
            ? rule(
                  "PrometheusNotificationQueueRunningFull",
                  // min_over_time: a missed scrape of the capacity must not hide a full queue. From 3.10 on
                  // each Alertmanager has a queue of that capacity, labelled alertmanager (notifier/metric.go).
                  `predict_linear(prometheus_notifications_queue_length{${self}}[5m], 30 * 60) > ignoring (alertmanager) group_left ` +
                      `min_over_time(prometheus_notifications_queue_capacity{${self}}[5m])`,
                  "15m",
                  "warning",
                  "Prometheus' queue of alerts to send is filling up.",
                  `At its present trend the queue of alerts ${who} sends to Alertmanager is full within 30 minutes, and has been for 15 minutes; then alerts are dropped.`,
              )
            : undefined,
        rule(
            "PrometheusTSDBReloadsFailing",
            `increase(prometheus_tsdb_reloads_failures_total{${self}}[3h]) > 0`,
            "4h",
            "warning",
            "Prometheus cannot reload its storage blocks.",
            `${who} had failed block reloads in the last 3 hours; queries may miss data on disk. The data volume may be damaged.`,
        ),
        rule(
            "PrometheusNotIngestingSamples",
            // It has rules to evaluate (the Watchdog's group always has one), so it must append samples.
            // kube-prometheus also accepts targets with metadata, a family v2.11.1 does not export.
            `sum without (type) (rate(prometheus_tsdb_head_samples_appended_total{${self}}[5m])) <= 0 and ` +
                `sum without (rule_group) (prometheus_rule_group_rules{${self}}) > 0`,
            "10m",
            "warning",
            "Prometheus stores no samples.",
            `${who} has appended no sample to its storage for 10 minutes, although it has rules to evaluate.`,
        ),
        rule(
            "PrometheusDuplicateTimestamps",
            `rate(prometheus_target_scrapes_sample_duplicate_timestamp_total{${self}}[5m]) > 0`,
            "10m",
            "warning",
            "Prometheus drops samples with duplicate timestamps.",
            `${who} has dropped samples for 10 minutes because a target served two values of one series at one timestamp; that target's exposition is wrong.`,
        ),
        rule(
            "PrometheusOutOfOrderTimestamps",
            `rate(prometheus_target_scrapes_sample_out_of_order_total{${self}}[5m]) > 0`,
            "10m",
            "warning",
            "Prometheus drops samples out of order.",
            `${who} has dropped samples for 10 minutes because a target served timestamps older than the ones it stored; that target's timestamps are wrong.`,
        ),
        rule(
            "PrometheusMissingRuleEvaluations",
            `increase(prometheus_rule_group_iterations_missed_total{${self}}[5m]) > 0`,
            "15m",
            "warning",
            "Prometheus skips rule group evaluations.",
            // v2.11.1 counts misses for all groups at once; later lines label each rule_group.
            `${who} has missed rule group evaluations for 15 minutes: an evaluation takes longer than its group's interval, so the group's alerts come late.`,
        ),
        f.targetSyncFailed === undefined
            ? undefined
            : rule(
                  "PrometheusTargetSyncFailure",
                  `increase(${f.targetSyncFailed}{${self}}[30m]) > 0`,
                  "5m",
                  "critical",
                  "Prometheus cannot build the targets of a scrape job.",
                  `${who} has failed to build the targets of scrape job {{ $labels.scrape_job }} from their discovered labels; that job's targets are not scraped. Its log says why.`,
              ),
        ...scrapeLimitRules(f, self, who, rule),
        rule(
            "PrometheusHighQueryLoad",
            `avg_over_time(prometheus_engine_queries{${self}}[5m]) / max_over_time(prometheus_engine_queries_concurrent_max{${self}}[5m]) > 0.8`,
            "15m",
            "warning",
            "Prometheus is near its limit of concurrent queries.",
            `${who} has run more than 80 % of the queries it may run at once for 15 minutes; further queries wait. Look for expensive dashboards or rules.`,
        ),
    ];
    return { name: "prometheus-health", rules: rules.filter((r): r is AlertingRule => r !== undefined) };
}

type RuleOf = (alert: string, expr: string, forDuration: string, severity: "warning" | "critical", summary: string, description: string) => AlertingRule;

/**
 * A job's target_limit, label_limit (with its length limits) or body_size_limit refused a scrape
 * pool or a scrape in the last 5 minutes, on lines that count them (release-lines.ts,
 * scrapeLimitsExceeded): the program sets label limits on every job from 2.27 (config/scrape-limits.ts)
 * and a stack's extra scrape configs may set the other two. An over-limit scrape shows only as
 * up == 0, which TargetDown sees above 10 % of a job only and without the cause.
 */
function scrapeLimitRules(f: SelfHealthFamilies, self: string, who: string, rule: RuleOf): AlertingRule[] {
    const x = f.scrapeLimitsExceeded;
    if (x === undefined) return [];
    return [
        rule(
            "PrometheusTargetLimitHit",
            `increase(${x.targets}{${self}}[5m]) > 0`,
            "15m",
            "warning",
            "A scrape job finds more targets than its target_limit.",
            `${who} has dropped every target of a scrape job for 15 minutes because the job found more targets than its target_limit; raise the limit or narrow the job's discovery.`,
        ),
        rule(
            "PrometheusLabelLimitHit",
            `increase(${x.labels}{${self}}[5m]) > 0`,
            "15m",
            "warning",
            "A target serves series over its job's label limits.",
            `${who} has refused scrapes for 15 minutes whose series carry more labels, or longer names or values, than their job's label_limit, label_name_length_limit or label_value_length_limit allow; those targets store nothing and show up == 0.`,
        ),
        rule(
            "PrometheusScrapeBodySizeLimitHit",
            `increase(${x.bodySize}{${self}}[5m]) > 0`,
            "15m",
            "warning",
            "A target's answer is larger than its job's body_size_limit.",
            `${who} has refused scrapes for 15 minutes whose answer exceeded their job's body_size_limit; those targets store nothing and show up == 0.`,
        ),
    ];
}
