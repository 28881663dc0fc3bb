import { RemoteWriteContext } from "./remote-write-queues";
import { RuleGroup, runbook } from "../common/rules/types";

const P = "prometheus_remote_storage_";

/**
 * Remote write failing, falling behind, or wanting more senders than it may have; only while
 * metrics.remoteWrite names a target. The metric names and the queue labels follow the release
 * line (prometheus-releases/release-lines.ts, remoteStorage). Thresholds, `for` and
 * severities are the prometheus-mixin's; the expressions are written here.
 */
export function remoteWriteGroup(prometheusJob: string, rw: RemoteWriteContext): RuleGroup {
    const self = `job="${prometheusJob}"`;
    const f = rw.families;
    const who = "Prometheus {{ $labels.namespace }}/{{ $labels.pod }}";
    const target = f.queueLabels.map((l) => `${l} {{ $labels.${l} }}`).join(", ");
    const queueLabels = f.queueLabels.join(", ");
    // Each kind the line can send (samples, native histograms, exemplars) on its own, so that a
    // stack sending a few histograms learns they all fail; a kind not sent divides 0 by 0 and is
    // no alert. 2.11 counts successes and failures apart; later lines count every attempt in one family.
    const failedShare = f.sentKinds.map((k) => {
        const failed = `rate(${P}${k.failed}{${self}}[5m])`;
        const sent = f.sentCountsFailures ? `rate(${P}${k.sent}{${self}}[5m])` : `(${failed} + rate(${P}${k.sent}{${self}}[5m]))`;
        return `label_replace(${failed} / ${sent}, "kind", "${k.kind}", "", "")`;
    });
    // 2.11 has no shards_desired: its shard count is capped at max_shards, so a queue that stays
    // at its cap wants at least that many.
    const shards =
        f.shardsDesired === undefined || f.shardsMax === undefined
            ? rw.queues.map((q) => `min_over_time(${P}${f.shards}{${self},queue="${q.queue}"}[5m]) >= ${q.maxShards}`).join(" or ")
            : `max_over_time(${P}${f.shardsDesired}{${self}}[5m]) > max_over_time(${P}${f.shardsMax}{${self}}[5m])`;
    const capped = f.shardsDesired === undefined;
    return {
        name: "prometheus-remote-write",
        rules: [
            {
                alert: "PrometheusRemoteStorageFailures",
                expr: `(${failedShare.join(" or ")}) > 0.01`,
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Prometheus fails to send data to remote storage.",
                    description: `${who} has failed to send more than 1 % of its {{ $labels.kind }} to ${target} for 15 minutes; they are lost to the remote store.`,
                    runbook_url: runbook("prometheus/prometheusremotestoragefailures"),
                },
            },
            {
                alert: "PrometheusRemoteWriteBehind",
                // Newest sample appended minus newest sample this queue delivered; the first has no queue labels.
                expr:
                    `max_over_time(${P}highest_timestamp_in_seconds{${self}}[5m]) - ignoring (${queueLabels}) group_right ` +
                    `max_over_time(${P}queue_highest_sent_timestamp_seconds{${self}}[5m]) > 120`,
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "Prometheus remote write is behind.",
                    description: `${who} has delivered samples to ${target} more than 120 s after appending them for 15 minutes; the remote store lags, and the write-ahead log may be cut before they are sent.`,
                    runbook_url: runbook("prometheus/prometheusremotewritebehind"),
                },
            },
            {
                alert: "PrometheusRemoteWriteDesiredShards",
                expr: shards,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Prometheus remote write wants more shards than it may run.",
                    description: capped
                        ? `${who} has run ${target} at its max_shards for 15 minutes: it would send with more if it could. Raise the target's queue.maxShards, or find out why the remote store is slow.`
                        : `${who} has wanted more shards for ${target} than its max_shards for 15 minutes. Raise the target's queue.maxShards, or find out why the remote store is slow.`,
                    runbook_url: runbook("prometheus/prometheusremotewritedesiredshards"),
                },
            },
        ],
    };
}
