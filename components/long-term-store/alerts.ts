import { BACKUP_MISSED_ALERT } from "../../config";
import { AlertingRule, RuleGroup } from "../common/rules/types";
import { LONG_TERM_STORE_JOB_NAME } from "./layout";

const job = `job="${LONG_TERM_STORE_JOB_NAME}"`;
const store = "The long-term store {{ $labels.namespace }}/{{ $labels.pod }}";
/** Per pod: the store's families carry namespace and pod from the own-service relabelling. */
const byPod = (expr: string) => `sum by (namespace, pod) (${expr})`;

/**
 * The in-cluster VictoriaMetrics (job long-term-store), while longTermStore is on. The families
 * are in the single-node server's /metrics at tag v1.150.0 (app/vmstorage/main.go,
 * app/vminsert/main.go) and in Debian's 1.79.5 (tests/long-term-store-dashboard.real.test.ts
 * reads them from the running binary). Thresholds follow VictoriaMetrics' own alerting rules
 * (deployment/docker/rules/alerts-health.yml, alerts.yml): disk above 80 % of what the store
 * and the free space add up to, and any refused write or ignored sample for 15 minutes.
 */
export function longTermStoreGroup(backupIntervalSeconds?: number): RuleGroup {
    return {
        name: "long-term-store",
        rules: [
            {
                alert: "LongTermStoreDown",
                expr: `absent(up{${job}} == 1)`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The long-term store is unreachable.",
                    description:
                        "No long-term-store target has answered a scrape for 10 minutes. Prometheus keeps its unsent samples in its write-ahead log (about two hours) " +
                        "and sends them once the store is back; after that, the store's history has a gap.",
                },
            },
            {
                alert: "LongTermStoreReadOnly",
                expr: `vm_storage_is_read_only{${job}} == 1`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The long-term store refuses writes: its disk is full.",
                    description: `${store} has had less free space than -storage.minFreeDiskSpaceBytes for 5 minutes and refuses every write. Grow longTermStore.storage.size or lower longTermStore.retention.`,
                },
            },
            {
                alert: "LongTermStoreDiskUsageHigh",
                expr: `${byPod(`vm_data_size_bytes{${job}}`)} / (${byPod(`vm_data_size_bytes{${job}}`)} + ${byPod(`vm_free_disk_space_bytes{${job}}`)}) > 0.8`,
                for: "30m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The long-term store's disk is more than 80 % full.",
                    description: `${store} has used more than 80 % of its volume for 30 minutes; once it is full the store turns read-only. Grow longTermStore.storage.size or lower longTermStore.retention.`,
                },
            },
            {
                alert: "LongTermStoreWriteErrors",
                expr: `${byPod(`increase(vm_http_request_errors_total{${job},path="/api/v1/write"}[5m])`)} > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The long-term store refuses remote writes.",
                    description: `${store} has answered remote write requests with errors for 15 minutes; Prometheus drops what it refuses with a 4xx and retries the rest. Its log names the reason.`,
                },
            },
            {
                alert: "LongTermStoreSamplesIgnored",
                expr: `sum by (namespace, pod, reason) (increase(vm_rows_ignored_total{${job}}[5m])) > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The long-term store ignores samples it receives.",
                    description:
                        `${store} has dropped samples for 15 minutes ({{ $labels.reason }}): timestamps outside longTermStore.retention or too far in the future, ` +
                        "usually a clock off on a node, or series with more labels than the store accepts.",
                },
            },
            ...(backupIntervalSeconds !== undefined ? [backupMissed(backupIntervalSeconds)] : []),
        ],
    };
}

/** How many backup intervals may pass without a successful backup: one missed turn, and a day of its retries for a daily backup. */
export const BACKUP_MISSED_INTERVALS = 2;

/**
 * longTermStore.backup (backup.ts): the loop deletes a snapshot with /snapshot/delete only after
 * vmbackup succeeded, so the store's own counter of that path counts successful backups
 * (vm_http_requests_total{path="/snapshot/delete"}, app/vmstorage/main.go at v1.150.0, since
 * v1.88.1, counted after the auth key is checked). None within the window, on a store that has run
 * longer than the window, is a missed backup. The uptime condition keeps a restarted store quiet
 * until it has had the window to back up (the loop starts a turn at once), and makes a counter
 * that read 1 at its first scrape, a backup before it, count as one that long ago.
 * Runbook: docs/long-term-storage.md#a-missed-backup.
 */
function backupMissed(intervalSeconds: number): AlertingRule {
    const window = BACKUP_MISSED_INTERVALS * intervalSeconds;
    return {
        alert: BACKUP_MISSED_ALERT,
        expr:
            `${byPod(`increase(vm_http_requests_total{${job},path="/snapshot/delete"}[${window}s])`)} == 0 ` +
            `and on (namespace, pod) (time() - max by (namespace, pod) (process_start_time_seconds{${job}}) > ${window})`,
        for: "15m",
        labels: { severity: "warning" },
        annotations: {
            summary: "The long-term store has not been backed up.",
            description:
                `${store} has had no successful backup for ${BACKUP_MISSED_INTERVALS} backup intervals (${window / 3600}h). ` +
                "The vmbackup container's log says why (the store unreachable, S3 refusing the keys, a full bucket); docs/long-term-storage.md#a-missed-backup.",
        },
    };
}
