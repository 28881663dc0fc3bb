/**
 * Writes tests/fixtures/prometheus-2.11-remote-storage-metrics.txt: the remote-write families that
 * Prometheus v2.11.1 serves on /metrics with one remote_write entry. The tests run Debian's
 * Prometheus 2.42, whose remote-write families have other names and labels, so the default
 * release line's Remote write dashboard is proven on this fixture, transcribed from the v2.11.1
 * tag: storage/remote/queue_manager.go (the per-queue families, label `queue`), write.go
 * (samples_in_total, highest_timestamp_in_seconds, no label), wal_watcher.go
 * (prometheus_wal_watcher_current_segment, label `queue`), client.go (a queue's name is
 * `<index>:<url>`) and vendor/github.com/prometheus/tsdb/wal/wal.go
 * (prometheus_tsdb_wal_segment_current). Sample values are made up.
 *
 *   npm run fixture:prometheus-remote-storage
 */
import * as fs from "fs";
import * as path from "path";

export const PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "prometheus-2.11-remote-storage-metrics.txt");

/** The queue of the one remote_write entry, as v2.11.1 names it. */
export const QUEUE_2_11 = "0:https://metrics.example.com/api/v1/write";

interface Family {
    name: string;
    type: "counter" | "gauge";
    help: string;
    queue: boolean;
    value: number;
}

const FAMILIES: Family[] = [
    { name: "prometheus_remote_storage_samples_in_total", type: "counter", help: "Samples in to remote storage, compare to samples out for queue managers.", queue: false, value: 125000 },
    {
        name: "prometheus_remote_storage_highest_timestamp_in_seconds",
        type: "gauge",
        help: "Highest timestamp that has come into the remote storage via the Appender interface, in seconds since epoch.",
        queue: false,
        value: 1795689600,
    },
    { name: "prometheus_remote_storage_succeeded_samples_total", type: "counter", help: "Total number of samples successfully sent to remote storage.", queue: true, value: 124500 },
    { name: "prometheus_remote_storage_failed_samples_total", type: "counter", help: "Total number of samples which failed on send to remote storage, non-recoverable errors.", queue: true, value: 12 },
    {
        name: "prometheus_remote_storage_retried_samples_total",
        type: "counter",
        help: "Total number of samples which failed on send to remote storage but were retried because the send error was recoverable.",
        queue: true,
        value: 300,
    },
    {
        name: "prometheus_remote_storage_dropped_samples_total",
        type: "counter",
        help: "Total number of samples which were dropped after being read from the WAL before being sent via remote write.",
        queue: true,
        value: 40,
    },
    { name: "prometheus_remote_storage_enqueue_retries_total", type: "counter", help: "Total number of times enqueue has failed because a shards queue was full.", queue: true, value: 3 },
    {
        name: "prometheus_remote_storage_queue_highest_sent_timestamp_seconds",
        type: "gauge",
        help: "Timestamp from a WAL sample, the highest timestamp successfully sent by this queue, in seconds since epoch.",
        queue: true,
        value: 1795689598,
    },
    { name: "prometheus_remote_storage_pending_samples", type: "gauge", help: "The number of samples pending in the queues shards to be sent to the remote storage.", queue: true, value: 250 },
    { name: "prometheus_remote_storage_shard_capacity", type: "gauge", help: "The capacity of each shard of the queue used for parallel sending to the remote storage.", queue: true, value: 10 },
    { name: "prometheus_remote_storage_shards", type: "gauge", help: "The number of shards used for parallel sending to the remote storage.", queue: true, value: 4 },
    { name: "prometheus_wal_watcher_current_segment", type: "gauge", help: "Current segment the WAL watcher is reading records from.", queue: true, value: 17 },
    { name: "prometheus_tsdb_wal_segment_current", type: "gauge", help: "WAL segment index that TSDB is currently writing to.", queue: false, value: 17 },
];

export function remoteStorageFixture(): string {
    return `${FAMILIES.flatMap((f) => [
        `# HELP ${f.name} ${f.help}`,
        `# TYPE ${f.name} ${f.type}`,
        `${f.name}${f.queue ? `{queue="${QUEUE_2_11}"}` : ""} ${f.value}`,
    ]).join("\n")}\n`;
}

if (require.main === module) {
    fs.writeFileSync(PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE, remoteStorageFixture());
    console.log(`wrote ${PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE}`);
}
