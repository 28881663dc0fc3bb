import { LogsSettings, readLogsSettings } from "./logs";
import { MetricsSettings, readMetricsSettings } from "./metrics";
import { Problems } from "./problems";
import { ConfigSource } from "./source";

export * from "./logs";
export * from "./metrics";
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
    const settings: Settings = {
        metrics: readMetricsSettings(source, problems),
        logs: readLogsSettings(source, problems),
    };
    problems.throwIfAny();
    return settings;
}
