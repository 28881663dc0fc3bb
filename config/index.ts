import { ClusterSettings, readClusterSettings } from "./cluster";
import { LOGS_KEY, LogsSettings, readLogsSettings, SEARCH_PASSWORD_KEY } from "./logs";
import { ETCD_SECRET_KEYS, METRICS_KEY, MetricsSettings, readMetricsSettings } from "./metrics";
import { Problems, UNSHOWN_VALUE } from "./problems";
import { DEFAULT_LOG_AGENT_TARGET } from "./scrape-jobs";
import { readSearchStoreSettings, SEARCH_STORE_KEY, SearchStoreSettings } from "./search-store";
import { ConfigSource, fullKey } from "./source";

export * from "./logs";
export * from "./metrics";
export * from "./scrape-jobs";
export * from "./storage";
export * from "./cluster";
export * from "./resources";
export * from "./search-store";
export { ConfigError, ConfigProblem } from "./problems";
export { ConfigSource, plainConfigSource, pulumiConfigSource } from "./source";

/** Every setting of one stack, validated. */
export interface Settings {
    cluster: ClusterSettings;
    metrics: MetricsSettings;
    logs: LogsSettings;
    searchStore: SearchStoreSettings;
}

/**
 * Reads and validates the whole stack config. It throws one ConfigError listing every problem,
 * and index.ts calls it before creating any resource, so a bad stack file registers nothing.
 */
export function loadSettings(source: ConfigSource): Settings {
    const problems = new Problems();
    const known = [METRICS_KEY, LOGS_KEY, SEARCH_STORE_KEY, SEARCH_PASSWORD_KEY, ...Object.values(ETCD_SECRET_KEYS)];
    for (const key of source.keys()) {
        if (!known.includes(key)) {
            problems.add(fullKey(key), UNSHOWN_VALUE, `one of the known keys: ${known.join(", ")}`);
        }
    }
    const cluster = readClusterSettings(source, problems);
    const metrics = readMetricsSettings(source, problems);
    const logs = readLogsSettings(source, problems);
    const searchStore = readSearchStoreSettings(source.value(SEARCH_STORE_KEY), logs, problems);
    problems.throwIfAny();
    // The log-agent scrape job follows the agent wherever its settings put it.
    metrics.logAgentTarget = { ...DEFAULT_LOG_AGENT_TARGET, namespace: logs.namespace, podLabels: { ...logs.labels } };
    return { cluster, metrics, logs, searchStore };
}
