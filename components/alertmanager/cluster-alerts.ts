import { RuleGroup, runbook } from "../common/rules/types";

/**
 * The Alertmanager cluster, only while more than one Alertmanager gossips: the members' view of
 * each other, their configurations, and the share of them down or crash looping. Read from their
 * own /metrics under the self-monitoring job (job = the Service name); one (job, namespace) is
 * one cluster. Thresholds, `for` and severities are alertmanager-mixin's (v0.34.0); the
 * expressions are written here.
 */
export function alertmanagerClusterGroup(job: string): RuleGroup {
    const am = `job="${job}"`;
    const cluster = "Alertmanager cluster {{ $labels.namespace }}/{{ $labels.job }}";
    const member = "Alertmanager {{ $labels.namespace }}/{{ $labels.pod }}";
    const members = `count by (job, namespace) (up{${am}})`;
    return {
        name: "alertmanager-cluster",
        rules: [
            {
                alert: "AlertmanagerMembersInconsistent",
                // Each member's view against the members scraped: a missed scrape lowers only the right side.
                expr: `max_over_time(alertmanager_cluster_members{${am}}[5m]) < on (job, namespace) group_left count by (job, namespace) (alertmanager_cluster_members{${am}})`,
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "An Alertmanager does not see every other member of its cluster.",
                    description: `${member} has seen fewer cluster members than are running for 15 minutes: alerts may be notified twice, or silences not shared.`,
                    runbook_url: runbook("alertmanager/alertmanagermembersinconsistent"),
                },
            },
            {
                alert: "AlertmanagerConfigInconsistent",
                expr: `count by (job, namespace) (count_values by (job, namespace) ("config_hash", alertmanager_config_hash{${am}})) > 1`,
                for: "20m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The Alertmanagers of one cluster run different configurations.",
                    description: `The members of ${cluster} have run different configurations for 20 minutes; how an alert is routed depends on which member sends it.`,
                    runbook_url: runbook("alertmanager/alertmanagerconfiginconsistent"),
                },
            },
            {
                alert: "AlertmanagerClusterDown",
                expr: `count by (job, namespace) (avg_over_time(up{${am}}[5m]) < 0.5) / ${members} >= 0.5`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Half or more of the Alertmanagers are down.",
                    description: `At least half of the members of ${cluster} have been unreachable most of the last 5 minutes.`,
                    runbook_url: runbook("alertmanager/alertmanagerclusterdown"),
                },
            },
            {
                alert: "AlertmanagerClusterCrashlooping",
                expr: `count by (job, namespace) (changes(process_start_time_seconds{${am}}[10m]) > 4) / ${members} >= 0.5`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Half or more of the Alertmanagers are crash looping.",
                    description: `At least half of the members of ${cluster} have restarted more than 4 times in 10 minutes.`,
                    runbook_url: runbook("alertmanager/alertmanagerclustercrashlooping"),
                },
            },
            {
                alert: "AlertmanagerClusterFailedPeers",
                expr: `max_over_time(alertmanager_cluster_failed_peers{${am}}[5m]) > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "An Alertmanager cannot reach some of its cluster peers.",
                    // runbooks.prometheus-operator.dev has no page for it (prometheus-operator/runbooks, docs/alerting.md#default-alerts).
                    description: `${member} has had failed gossip peers for 15 minutes.`,
                },
            },
            {
                alert: "AlertmanagerClusterFailedToSendAlerts",
                // Per member, the failures of every reason over all attempts; then the member failing least:
                // when even it fails, no replica delivers.
                expr:
                    `min by (job, namespace, integration) (` +
                    `sum without (reason) (rate(alertmanager_notifications_failed_total{${am}}[15m])) / ` +
                    `rate(alertmanager_notifications_total{${am}}[15m])) > 0.01`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Every Alertmanager fails to deliver to an integration.",
                    description: `Every member of ${cluster} fails more than 1 % of its notifications to {{ $labels.integration }}; nobody receives them from any replica.`,
                    runbook_url: runbook("alertmanager/alertmanagerclusterfailedtosendalerts"),
                },
            },
        ],
    };
}
