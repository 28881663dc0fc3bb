import { z } from "zod";
import { ClusterSettings, readClusterSettings } from "./cluster";
import { knownKeysMessage } from "./fields";
import { LOGS_KEY, LogsSettings, logsSchema } from "./logs";
import { METRICS_KEY, MetricsSettings, metricsSchema } from "./metrics";
import { createdByDefault } from "./namespaces";
import { addSchemaIssues, Problems, SECRET_VALUE, UNSHOWN_VALUE } from "./problems";
import { DEFAULT_LOG_AGENT_TARGET } from "./scrape-jobs";
import { checkAgentShipsToStore, SEARCH_STORE_KEY, searchStoreSchema, SearchStoreSettings } from "./search-store";
import { readEtcdClient, readSearchPassword, SECRET_KEYS } from "./secrets";
import { ConfigSource, fullKey, PROJECT, projectKeys } from "./source";

export * from "./cluster";
export * from "./logs";
export * from "./metrics";
export * from "./namespaces";
export * from "./resources";
export * from "./scrape-jobs";
export * from "./search-store";
export * from "./secrets";
export * from "./storage";
export { ConfigError, ConfigProblem } from "./problems";
export { ConfigSource, fullKey, plainConfigSource, pulumiConfigSource } from "./source";

/** Every setting of one stack, validated. */
export interface Settings {
    cluster: ClusterSettings;
    metrics: MetricsSettings;
    logs: LogsSettings;
    searchStore: SearchStoreSettings;
}

/** Each component's settings: one schema under one stack key. */
export const COMPONENT_SCHEMAS = {
    [METRICS_KEY]: metricsSchema,
    [LOGS_KEY]: logsSchema,
    [SEARCH_STORE_KEY]: searchStoreSchema,
} as const;

const KNOWN_KEYS = [...Object.keys(COMPONENT_SCHEMAS), ...SECRET_KEYS];

/** Namespaces other than the project's that a stack file of this program may use. */
const OTHER_NAMESPACES = ["kubernetes", "pulumi"];

/** cluster_monitoring, clustermonitoring, Cluster-Monitoring: the project name with its punctuation lost. */
function looksLikeProject(namespace: string): boolean {
    const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
    return namespace !== PROJECT && squash(namespace) === squash(PROJECT);
}

/**
 * Keys that the program would silently ignore: unknown keys of the project, and keys under a
 * misspelt project namespace. Returns the project keys that only appear misspelt, whose absence
 * is then no news to the user.
 */
function reportStrayKeys(source: ConfigSource, problems: Problems): Set<string> {
    for (const key of projectKeys(source)) {
        if (!KNOWN_KEYS.includes(key)) {
            problems.add(fullKey(key), UNSHOWN_VALUE, knownKeysMessage(KNOWN_KEYS));
        }
    }
    const misspelt = new Set<string>();
    for (const key of source.fullKeys()) {
        const [namespace, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
        if (!OTHER_NAMESPACES.includes(namespace) && looksLikeProject(namespace)) {
            problems.add(key, UNSHOWN_VALUE, `${fullKey(name)}: the project's namespace is ${PROJECT}, so "${namespace}" is likely a typo`);
            misspelt.add(name);
        }
    }
    return misspelt;
}

/** Drops null values from objects, since an empty YAML value means "not set" (`ingress:`). */
function withoutNulls(value: unknown): unknown {
    if (Array.isArray(value)) {
        return value.map(withoutNulls);
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(
            Object.entries(value)
                .filter(([, v]) => v !== null)
                .map(([k, v]) => [k, withoutNulls(v)]),
        );
    }
    return value;
}

/** Parses one component's stack key with its schema; undefined when it has problems. */
function readComponent<S extends z.ZodType>(source: ConfigSource, problems: Problems, key: string, schema: S, misspelt: Set<string>): z.output<S> | undefined {
    const raw = source.value(key);
    if (raw === undefined && misspelt.has(key)) {
        return undefined;
    }
    const secret = source.isSecret(key);
    if (secret) {
        problems.add(
            fullKey(key),
            SECRET_VALUE,
            "no secret: a secure value inside this key makes the whole key secret, and its fields end up in ConfigMaps, " +
                `arguments and labels; secrets are accepted only at ${SECRET_KEYS.map(fullKey).join(", ")}`,
        );
    }
    const result = schema.safeParse(withoutNulls(raw ?? {}), { reportInput: true });
    if (!result.success) {
        addSchemaIssues(problems, fullKey(key), result.error.issues, secret);
        return undefined;
    }
    return secret ? undefined : result.data;
}

/**
 * One namespace is created once. When the log agent shares the metrics server's namespace, the
 * metrics server creates it and the log agent waits for it.
 */
function resolveLogsNamespace(metrics: MetricsSettings, logs: LogsSettings, problems: Problems): void {
    const shared = logs.namespace === metrics.namespace;
    const given = (logs as { createNamespace?: boolean }).createNamespace;
    if (shared && metrics.createNamespace && given === true) {
        problems.add(
            `${fullKey(LOGS_KEY)}.createNamespace`,
            true,
            `false or unset: ${fullKey(METRICS_KEY)}.createNamespace already creates namespace ${logs.namespace}, ` +
                `which ${fullKey(LOGS_KEY)}.namespace shares`,
        );
    }
    logs.createNamespace = given ?? (createdByDefault(logs.namespace) && !(shared && metrics.createNamespace));
}

/**
 * Reads and validates the whole stack config. It throws one ConfigError listing every problem,
 * and index.ts calls it before creating any resource, so a bad stack file registers nothing.
 */
export function loadSettings(source: ConfigSource): Settings {
    const problems = new Problems();
    const misspelt = reportStrayKeys(source, problems);
    const cluster = readClusterSettings(source, problems);
    const metrics = readComponent(source, problems, METRICS_KEY, metricsSchema, misspelt) as MetricsSettings | undefined;
    const logs = readComponent(source, problems, LOGS_KEY, logsSchema, misspelt) as LogsSettings | undefined;
    const store = readComponent(source, problems, SEARCH_STORE_KEY, searchStoreSchema, misspelt);
    readSearchPassword(source, problems, logs);
    readEtcdClient(source, problems, metrics);
    if (metrics && logs) {
        resolveLogsNamespace(metrics, logs, problems);
    }
    const searchStore = store && logs ? { ...store, namespace: logs.namespace } : undefined;
    if (searchStore && logs) {
        checkAgentShipsToStore(searchStore, logs, problems);
    }
    problems.throwIfAny();
    // The log-agent scrape job follows the agent wherever its settings put it.
    metrics!.logAgentTarget = { ...DEFAULT_LOG_AGENT_TARGET, namespace: logs!.namespace, podLabels: { ...logs!.labels } };
    return { cluster, metrics: metrics!, logs: logs!, searchStore: searchStore! };
}
