/**
 * Settings that moved to another key, by their old path under the project namespace. A stack
 * file written for an older version then hears where the value goes now, not only that the old
 * key is unknown. Add a row whenever a release moves a key.
 */
export const MOVED_KEYS: Readonly<Record<string, string>> = {
    // Scheduling settings for every workload (resources grouped per container).
    "metrics.memoryRequest": "metrics.resources.memoryRequest",
    "metrics.memoryLimit": "metrics.resources.memoryLimit",
};

/** Where the setting at `path` (metrics.memoryRequest) lives now, if it moved. */
export function movedTo(path: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(MOVED_KEYS, path) ? MOVED_KEYS[path] : undefined;
}
