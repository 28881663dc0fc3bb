import { RuleGroup, runbook } from "../common/rules/types";

/** Alertmanager's own health, from its /metrics; thresholds and durations from alertmanager-mixin (v0.34.0). */
export function alertmanagerGroup(job: string): RuleGroup {
    const am = `job="${job}"`;
    return {
        name: "alertmanager",
        rules: [
            {
                alert: "AlertmanagerFailedReload",
                expr: `max_over_time(alertmanager_config_last_reload_successful{${am}}[5m]) == 0`,
                for: "10m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Alertmanager could not reload its configuration.",
                    description: "Alertmanager {{ $labels.namespace }}/{{ $labels.pod }} keeps its previous configuration: the last reload failed. Its log says why.",
                    runbook_url: runbook("alertmanager/alertmanagerfailedreload"),
                },
            },
            {
                alert: "AlertmanagerFailedToSendAlerts",
                // reason (0.34: clientError, authError, rateLimited...) splits only the failures.
                expr:
                    `rate(alertmanager_notifications_failed_total{${am}}[15m]) / ignoring (reason) group_left ` +
                    `rate(alertmanager_notifications_total{${am}}[15m]) > 0.01`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Alertmanager fails to deliver notifications.",
                    description: "More than 1 % of the notifications Alertmanager {{ $labels.namespace }}/{{ $labels.pod }} sends to {{ $labels.integration }} fail ({{ $labels.reason }}).",
                    runbook_url: runbook("alertmanager/alertmanagerfailedtosendalerts"),
                },
            },
        ],
    };
}
