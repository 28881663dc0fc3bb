import { LOGS_KEY, LogsSettings, readLogsSettings, SEARCH_PASSWORD_KEY } from "./logs";
import { ETCD_SECRET_KEYS, METRICS_KEY, MetricsSettings, readMetricsSettings } from "./metrics";
import { Problems, UNSHOWN_VALUE } from "./problems";
import { DEFAULT_LOG_AGENT_TARGET } from "./scrape-jobs";
import { ConfigSource, fullKey } from "./source";

export * from "./logs";
export * from "./metrics";
export * from "./scrape-jobs";
export { ConfigError, ConfigProblem } from "./problems";
export { ConfigSource, plainConfigSource, pulumiConfigSource } from "./source";

/** Every setting of one stack, validated. */
export interface Settings {
    metrics: MetricsSettings;
    logs: LogsSettings;
}

/**
 * Reads and validates the whole stack config. It throws one ConfigError listing every problem,
 * and index.ts calls it before creating any resource, so a bad stack file registers nothing.
 */
export function loadSettings(source: ConfigSource): Settings {
    const problems = new Problems();
    const known = [METRICS_KEY, LOGS_KEY, SEARCH_PASSWORD_KEY, ...Object.values(ETCD_SECRET_KEYS)];
    for (const key of source.keys()) {
        if (!known.includes(key)) {
            problems.add(fullKey(key), UNSHOWN_VALUE, `one of the known keys: ${known.join(", ")}`);
        }
    }
    const metrics = readMetricsSettings(source, problems);
    const logs = readLogsSettings(source, problems);
    problems.throwIfAny();
    // The log-agent scrape job follows the agent wherever its settings put it.
    metrics.logAgentTarget = { ...DEFAULT_LOG_AGENT_TARGET, namespace: logs.namespace, podLabels: { ...logs.labels } };
    return { metrics, logs };
}
