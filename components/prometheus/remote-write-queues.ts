import { MetricsSettings } from "../../config";
import { PrometheusRelease, RemoteStorageFamilies } from "../../prometheus-releases/release-lines";

/** The remote-write queues, as the deployed release line names their metrics. */
export interface RemoteWriteContext {
    /** The release line's names of the queue metrics (prometheus-releases/release-lines.ts). */
    families: RemoteStorageFamilies;
    /**
     * 2.11 only: each queue's `queue` label ("<index>:<url>", the target's place in remote_write)
     * and its max_shards (the target's queue.maxShards, else 2.11's default 1000). 2.11 exports
     * no shards_max, so the alert takes the limit from here.
     */
    queues: { queue: string; maxShards: number }[];
}

/** 2.11's default queue_config max_shards (config/config.go, DefaultQueueConfig, at v2.11.1). */
const MAX_SHARDS_2_11 = 1000;

/** The remote-write targets as the release line's queue metrics name them. */
export function remoteWriteContext(m: MetricsSettings, release: PrometheusRelease): RemoteWriteContext {
    const families = release.remoteStorage;
    return {
        families,
        // 2.11 names a queue "<index>:<url>" after the target's place in remote_write, which is its place here;
        // it exports no shards_max, so the alert takes each queue's limit from here.
        queues: families.shardsMax === undefined ? m.remoteWrite.map((t, i) => ({ queue: `${i}:${t.url}`, maxShards: t.queue?.maxShards ?? MAX_SHARDS_2_11 })) : [],
    };
}

/** Two targets, for the catalog of every group on a line: 2.11 compares each queue with its own limit. */
export function everyRemoteWriteContext(release: PrometheusRelease): RemoteWriteContext {
    const queues = release.remoteStorage.shardsMax === undefined ? [{ queue: "0:x", maxShards: 1 }, { queue: "1:y", maxShards: 2 }] : [];
    return { families: release.remoteStorage, queues };
}
