import { DashboardContext } from "../common/dashboards/context";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";

/**
 * Prometheus / Remote Write: whether each remote_write queue keeps up, what it sends, fails,
 * retries and drops, and how many shards it runs. Only while metrics.remoteWrite lists a target.
 * The questions are those of kube-prometheus' board of that name; the queries are written here
 * and follow the stack's release line, whose family names and queue labels differ
 * (prometheus-releases/release-lines.ts: v2.11.1 labels a queue `queue`, later lines `remote_name`
 * and `url`, and only those export desired and maximum shards).
 */
export function remoteWriteDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const f = ctx.remoteStorage;
    const self = `job="${ctx.prometheusJob}"`;
    const queue = ["pod", ...f.queueLabels].join(", ");
    const legend = f.queueLabels.map((l) => `{{${l}}}`).join(" ");
    const family = (name: string) => `prometheus_remote_storage_${name}`;
    const perQueue = (title: string, description: string, unit: string, name: string, rate: boolean): PanelSpec => ({
        title,
        description,
        unit,
        kind: "timeseries",
        needs: ["prometheus", "remoteWrite"],
        queries: [
            {
                expr: rate ? `sum by (${queue}) (rate(${family(name)}{${self}}[$__rate_interval]))` : `max by (${queue}) (${family(name)}{${self}})`,
                legend: `{{pod}} ${legend}`,
            },
        ],
    });
    const shards: PanelSpec = {
        title: "Shards",
        description:
            f.shardsDesired !== undefined
                ? "Shards each queue runs, the number it wants for its input rate, and its maximum; desired above maximum means it cannot keep up"
                : "Shards each queue runs; this release line does not export the desired or maximum number",
        unit: "short",
        kind: "timeseries",
        needs: ["prometheus", "remoteWrite"],
        queries: [
            { expr: `max by (${queue}) (${family(f.shards)}{${self}})`, legend: `{{pod}} ${legend} running` },
            ...(f.shardsDesired !== undefined ? [{ expr: `max by (${queue}) (${family(f.shardsDesired)}{${self}})`, legend: `{{pod}} ${legend} desired` }] : []),
            ...(f.shardsMax !== undefined ? [{ expr: `max by (${queue}) (${family(f.shardsMax)}{${self}})`, legend: `{{pod}} ${legend} max` }] : []),
        ],
    };
    return {
        uid: "cm-remote-write",
        folder: "monitoring",
        title: "Prometheus remote write",
        description: "Each remote_write queue: how far it is behind, samples sent, failed, retried and dropped, shards and pending samples",
        needs: ["prometheus", "remoteWrite"],
        variables: [],
        panels: [
            {
                title: "Behind",
                description: "Seconds between the newest sample appended and the newest one each queue has sent; growing means the remote store falls behind",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus", "remoteWrite"],
                queries: [
                    {
                        expr:
                            `max by (pod) (${family("highest_timestamp_in_seconds")}{${self}}) - on (pod) group_right ` +
                            `max by (${queue}) (${family("queue_highest_sent_timestamp_seconds")}{${self}})`,
                        legend: `{{pod}} ${legend}`,
                    },
                ],
            },
            {
                title: "Samples in",
                description: "Samples appended per second, which every queue reads from the WAL",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus", "remoteWrite"],
                queries: [{ expr: `sum by (pod) (rate(${family("samples_in_total")}{${self}}[$__rate_interval]))`, legend: "{{pod}}" }],
            },
            perQueue(
                "Samples sent",
                f.samplesSent === "succeeded_samples_total" ? "Samples per second each queue sent successfully" : "Samples per second each queue sent, failed ones included",
                "short",
                f.samplesSent,
                true,
            ),
            perQueue("Samples failed", "Samples per second each queue gave up on after a non-recoverable error: they never reach the remote store", "short", f.samplesFailed, true),
            perQueue("Samples retried", "Samples per second each queue sends again after a recoverable error (5xx, timeouts)", "short", f.samplesRetried, true),
            perQueue("Samples dropped", "Samples per second each queue dropped before sending, by write_relabel_configs", "short", f.samplesDropped, true),
            shards,
            perQueue("Pending samples", "Samples waiting in each queue's shards", "short", f.samplesPending, false),
            perQueue("Shard capacity", "Samples each shard of a queue holds before enqueueing blocks", "short", "shard_capacity", false),
            perQueue("Enqueue retries", "Times per second a full shard made a queue wait", "short", "enqueue_retries_total", true),
            {
                title: "WAL segment: written and read",
                description: "The WAL segment Prometheus writes and the newest one the remote-write readers are on; a widening gap means the queues read behind",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus", "remoteWrite"],
                queries: [
                    { expr: `max by (pod) (prometheus_tsdb_wal_segment_current{${self}})`, legend: "{{pod}} written" },
                    { expr: `min by (pod) (prometheus_wal_watcher_current_segment{${self}})`, legend: "{{pod}} read" },
                ],
            },
        ],
    };
}
