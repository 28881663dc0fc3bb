/**
 * Deduplication windows against the scrape intervals of the jobs whose samples they thin
 * (docs/long-term-storage.md#deduplication): the store claims its window (Component.dedup's
 * `windows`), the components with jobs at an interval of their own claim those (`intervals`),
 * and stack/dedup-intervals.ts checks one against the other, and against metrics.scrapeInterval.
 */

/** A store's dedup window, by the key that sets it. */
export interface DedupWindow {
    key: string;
    interval: string;
}

/** A scrape job with an interval of its own: the key that sets it, and the interval. */
export interface JobInterval {
    key: string;
    job: string;
    interval: string;
}

export interface DedupClaims {
    windows?: DedupWindow[];
    intervals?: JobInterval[];
}
