import { LongTermStoreSettings, Settings } from "../../config";

/**
 * The store's settings with what it takes from the stack resolved: its dedup window
 * (-dedup.minScrapeInterval) is longTermStore.dedupInterval as the stack wrote it, else
 * metrics.scrapeInterval, since two Prometheus replicas scrape each target once per interval.
 * Derived here rather than written into the settings by the loader, so settings stay as written
 * (issue #43) and the one rule for the window is this function.
 */
export type LongTermStoreServer = LongTermStoreSettings & { dedupInterval: string };

export function longTermStoreServer(s: Pick<Settings, "longTermStore" | "metrics">): LongTermStoreServer {
    return { ...s.longTermStore, dedupInterval: s.longTermStore.dedupInterval ?? s.metrics.scrapeInterval };
}
