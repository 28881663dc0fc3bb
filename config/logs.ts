import * as pulumi from "@pulumi/pulumi";
import { readBoolean, readInteger, readObject, readString, readStringMap, requireString, RawObject } from "./fields";
import {
    containerImage,
    dnsLabel,
    dnsSubdomain,
    fluentdDuration,
    fluentdSize,
    fluentdSizeBytes,
    formatFluentdSize,
    ipOrHostname,
    kubernetesLabelKey,
    kubernetesLabelValue,
    kubernetesQuantity,
    oneOf,
} from "./formats";
import { Problems, SECRET_VALUE } from "./problems";
import { readResources, ResourceSettings } from "./resources";
import { ConfigSource, fullKey } from "./source";

export const SEARCH_SCHEMES = ["http", "https"] as const;
export type SearchScheme = (typeof SEARCH_SCHEMES)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const OVERFLOW_ACTIONS = ["block", "throw_exception", "drop_oldest_chunk"] as const;
export type OverflowAction = (typeof OVERFLOW_ACTIONS)[number];

export const TOLERATION_OPERATORS = ["Exists", "Equal"] as const;
export const TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"] as const;

export interface SearchSettings {
    host: string;
    port: number;
    scheme: SearchScheme;
    /** ssl_verify; only written for https, where it has an effect. */
    sslVerify: boolean;
    /**
     * ssl_version; only written for https. fluent-plugin-elasticsearch 3.5 defaults to TLSv1,
     * which Elasticsearch 7 and hosted stores refuse, so the default here is TLSv1_2.
     */
    sslVersion: SslVersion;
    user?: string;
    /** From the secret key searchPassword; present exactly when user is. */
    password?: pulumi.Output<string>;
}

export interface BufferSettings {
    flushInterval: string;
    flushThreadCount: number;
    retryMaxInterval: string;
    chunkLimitSize: string;
    /**
     * Unset when a stack gives only totalLimitSize: fluentd 1.6 overwrites total_limit_size with
     * chunk_limit_size x queue_limit_length whenever queue_limit_length is present.
     */
    queueLimitLength?: number;
    /** Always set, so the config shows the bound on disk use even when it is derived. */
    totalLimitSize: string;
    overflowAction: OverflowAction;
}

export interface TolerationSettings {
    key?: string;
    operator: (typeof TOLERATION_OPERATORS)[number];
    value?: string;
    effect?: (typeof TAINT_EFFECTS)[number];
    tolerationSeconds?: number;
}

export interface LogsSettings {
    namespace: string;
    daemonSetName: string;
    configMapName: string;
    serviceAccountName: string;
    image: string;
    /** Labels of the DaemonSet and its pods, and its selector. */
    labels: Record<string, string>;
    /** systemd unit stem of the container runtime, read from the journal as `<name>.service`. */
    containerRuntimeService: string;
    tolerations: TolerationSettings[];
    resources: ResourceSettings;
    search: SearchSettings;
    logLevel: LogLevel;
    buffer: BufferSettings;
    /** The liveness probe fails when no buffer file changed for this long. */
    livenessThresholdSeconds: number;
}

export const LOGS_KEY = "logs";
export const SEARCH_PASSWORD_KEY = "searchPassword";

/**
 * Elasticsearch's default http.max_content_length is 100mb; a chunk above it is one bulk request
 * that is rejected every time and, with retry_forever, retried forever.
 */
export const MAX_CHUNK_LIMIT_SIZE = "100M";

/**
 * Pods of a DaemonSet are named `<name>-<5 characters>`, and Kubernetes cuts the `<name>-` part to
 * 58 characters. A longer name would no longer prefix the pod's log file, and the derived
 * exclude_path would stop excluding the agent's own logs.
 */
export const MAX_DAEMONSET_NAME_LENGTH = 57;

/**
 * The spec's values (docs/design.md#log-agent-configuration) and the upstream add-on's
 * (docs/design.md#log-agent-daemonset); every one can be overridden.
 */
export const LOGS_DEFAULTS = {
    namespace: "kube-system",
    daemonSetName: "fluentd-es-v2.7.0",
    configMapName: "log-agent-config-v0.2.0",
    serviceAccountName: "fluentd-es",
    image: "quay.io/fluentd_elasticsearch/fluentd:v2.7.0",
    labels: { "k8s-app": "fluentd-es", version: "v2.7.0" },
    containerRuntimeService: "containerd",
    // The spec's first goal is to watch master and worker machines, so the agent also runs on
    // control-plane nodes; both taint names are listed because clusters renamed it in 1.20-1.25.
    tolerations: [
        { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
        { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
    ] as TolerationSettings[],
    resources: { cpuRequest: "100m", memoryRequest: "200Mi", memoryLimit: "500Mi" },
    search: { port: 9200, scheme: "http" as SearchScheme, sslVerify: true, sslVersion: "TLSv1_2" as SslVersion },
    logLevel: "info" as LogLevel,
    buffer: {
        flushInterval: "5s",
        flushThreadCount: 2,
        retryMaxInterval: "30",
        // Deliberately not the spec's demo value of 100M: the spec calls 2M normally sufficient,
        // and 100M chunks reach Elasticsearch's default request limit.
        chunkLimitSize: "2M",
        queueLimitLength: 8,
        overflowAction: "block" as OverflowAction,
    },
    livenessThresholdSeconds: 300,
} as const;

const LOGS_KEYS = [
    "namespace",
    "daemonSetName",
    "configMapName",
    "serviceAccountName",
    "image",
    "labels",
    "containerRuntimeService",
    "tolerations",
    "resources",
    "search",
    "logLevel",
    "buffer",
    "livenessThresholdSeconds",
] as const;

const SEARCH_KEYS = ["host", "port", "scheme", "sslVerify", "sslVersion", "user"] as const;

/** The values fluent-plugin-elasticsearch 3.5 accepts for ssl_version. */
export const SSL_VERSIONS = ["TLSv1_2", "TLSv1_1", "TLSv1", "SSLv23"] as const;
export type SslVersion = (typeof SSL_VERSIONS)[number];
const BUFFER_KEYS = [
    "flushInterval",
    "flushThreadCount",
    "retryMaxInterval",
    "chunkLimitSize",
    "queueLimitLength",
    "totalLimitSize",
    "overflowAction",
] as const;
const TOLERATION_KEYS = ["key", "operator", "value", "effect", "tolerationSeconds"] as const;

function daemonSetName(value: string): string | undefined {
    if (dnsLabel(value) !== undefined) {
        return dnsLabel(value);
    }
    return value.length <= MAX_DAEMONSET_NAME_LENGTH
        ? undefined
        : `at most ${MAX_DAEMONSET_NAME_LENGTH} characters, because pod names cut the DaemonSet name at ` +
              `${MAX_DAEMONSET_NAME_LENGTH + 1} characters and the exclude_path derived from it would miss the agent's own logs`;
}

function systemdUnitStem(value: string): string | undefined {
    return /^[A-Za-z0-9:_.\\-]+$/.test(value) && !value.endsWith(".service")
        ? undefined
        : "a systemd unit name without the .service suffix, such as containerd or crio";
}

// The user goes into output.conf in double quotes, where a quote, backslash, #{ or line break
// would change the config rather than the name.
function searchUser(value: string): string | undefined {
    return /^[^"\\\n\r]+$/.test(value) && !value.includes("#{")
        ? undefined
        : "a user name without double quotes, backslashes, line breaks or #{";
}

export function readLogsSettings(source: ConfigSource, problems: Problems): LogsSettings {
    const key = fullKey(LOGS_KEY);
    const raw = readObject(problems, key, source.value(LOGS_KEY), LOGS_KEYS);
    const at = (field: string) => `${key}.${field}`;
    const d = LOGS_DEFAULTS;

    return {
        namespace: readString(problems, at("namespace"), raw.namespace, d.namespace, dnsLabel),
        daemonSetName: readString(problems, at("daemonSetName"), raw.daemonSetName, d.daemonSetName, daemonSetName),
        configMapName: readString(problems, at("configMapName"), raw.configMapName, d.configMapName, dnsSubdomain),
        serviceAccountName: readString(
            problems,
            at("serviceAccountName"),
            raw.serviceAccountName,
            d.serviceAccountName,
            dnsSubdomain,
        ),
        image: readString(problems, at("image"), raw.image, d.image, containerImage),
        labels: readLabels(problems, at("labels"), raw.labels),
        containerRuntimeService: readString(
            problems,
            at("containerRuntimeService"),
            raw.containerRuntimeService,
            d.containerRuntimeService,
            systemdUnitStem,
        ),
        tolerations: readTolerations(problems, at("tolerations"), raw.tolerations),
        resources: readResources(problems, at("resources"), raw.resources, d.resources),
        search: readSearch(source, problems, at("search"), raw.search),
        logLevel: readString(problems, at("logLevel"), raw.logLevel, d.logLevel, oneOf(LOG_LEVELS)) as LogLevel,
        buffer: readBuffer(problems, at("buffer"), raw.buffer),
        livenessThresholdSeconds: readInteger(
            problems,
            at("livenessThresholdSeconds"),
            raw.livenessThresholdSeconds,
            d.livenessThresholdSeconds,
            60,
            86400,
            "shorter than a minute would restart an agent that is merely between two flushes",
        ),
    };
}

function readLabels(problems: Problems, key: string, value: unknown): Record<string, string> {
    const labels = readStringMap(problems, key, value, { ...LOGS_DEFAULTS.labels }, kubernetesLabelKey);
    for (const [name, v] of Object.entries(labels)) {
        const complaint = kubernetesLabelValue(v);
        if (complaint !== undefined) {
            problems.add(`${key}.${name}`, v, complaint);
        }
    }
    if (value !== undefined && value !== null && Object.keys(labels).length === 0) {
        problems.add(key, value, "at least one label, because the labels are also the DaemonSet's selector");
    }
    return labels;
}

function readSearch(source: ConfigSource, problems: Problems, key: string, value: unknown): SearchSettings {
    const at = (field: string) => `${key}.${field}`;
    const passwordKey = fullKey(SEARCH_PASSWORD_KEY);
    const password = source.secret(SEARCH_PASSWORD_KEY);
    const raw = readObject(problems, key, value, SEARCH_KEYS);
    const d = LOGS_DEFAULTS.search;
    const search: SearchSettings = {
        host: requireString(problems, at("host"), raw.host, ipOrHostname, "elasticsearch-logging"),
        port: readInteger(problems, at("port"), raw.port, d.port, 1, 65535),
        scheme: readString(problems, at("scheme"), raw.scheme, d.scheme, oneOf(SEARCH_SCHEMES)) as SearchScheme,
        sslVerify: readBoolean(problems, at("sslVerify"), raw.sslVerify, d.sslVerify),
        sslVersion: readString(problems, at("sslVersion"), raw.sslVersion, d.sslVersion, oneOf(SSL_VERSIONS)) as SslVersion,
    };
    if (raw.user !== undefined && raw.user !== null) {
        const user = readString(problems, at("user"), raw.user, "", searchUser);
        if (user !== "") {
            search.user = user;
        }
    }
    if (raw.user !== undefined && raw.user !== null && password === undefined) {
        problems.add(
            passwordKey,
            undefined,
            `the Elasticsearch password, set with pulumi config set --secret ${SEARCH_PASSWORD_KEY} ` +
                `(required because ${at("user")} is set)`,
        );
    }
    if ((raw.user === undefined || raw.user === null) && password !== undefined) {
        problems.add(
            passwordKey,
            SECRET_VALUE,
            `no value unless ${at("user")} is set: fluentd only sends a password together with a user`,
        );
    }
    if (search.user !== undefined && password !== undefined) {
        search.password = password;
    }
    return search;
}

function readBuffer(problems: Problems, key: string, value: unknown): BufferSettings {
    const at = (field: string) => `${key}.${field}`;
    const raw = readObject(problems, key, value, BUFFER_KEYS);
    const d = LOGS_DEFAULTS.buffer;

    let chunkLimitSize = readString(problems, at("chunkLimitSize"), raw.chunkLimitSize, d.chunkLimitSize, fluentdSize);
    if (fluentdSizeBytes(chunkLimitSize) > fluentdSizeBytes(MAX_CHUNK_LIMIT_SIZE)) {
        problems.add(
            at("chunkLimitSize"),
            chunkLimitSize,
            `at most ${MAX_CHUNK_LIMIT_SIZE}: each chunk is sent as one bulk request, Elasticsearch rejects ` +
                "requests over its default http.max_content_length of 100mb, and retry_forever would retry it " +
                "forever (2M is normally sufficient)",
        );
        chunkLimitSize = d.chunkLimitSize;
    }
    const chunkBytes = fluentdSizeBytes(chunkLimitSize);

    const queueGiven = raw.queueLimitLength !== undefined && raw.queueLimitLength !== null;
    const totalGiven = raw.totalLimitSize !== undefined && raw.totalLimitSize !== null;
    const queueLimitLength = readInteger(problems, at("queueLimitLength"), raw.queueLimitLength, d.queueLimitLength, 1, 4096);
    let totalLimitSize = formatFluentdSize(chunkBytes * queueLimitLength);
    if (totalGiven) {
        const total = readString(problems, at("totalLimitSize"), raw.totalLimitSize, "", fluentdSize);
        const totalBytes = fluentdSizeBytes(total);
        if (total === "") {
            // already reported
        } else if (totalBytes < chunkBytes) {
            problems.add(
                at("totalLimitSize"),
                total,
                `at least chunkLimitSize (${chunkLimitSize}), since a buffer smaller than one chunk can never fill a chunk`,
            );
        } else if (queueGiven && totalBytes !== chunkBytes * queueLimitLength) {
            problems.add(
                at("totalLimitSize"),
                total,
                `either queueLimitLength or totalLimitSize, or both with total = chunk x queue (${totalLimitSize}): ` +
                    "fluentd 1.6 replaces total_limit_size with chunk_limit_size x queue_limit_length whenever " +
                    "queue_limit_length is set, so this value would be ignored",
            );
        } else {
            totalLimitSize = total;
        }
    }

    return {
        flushInterval: readDuration(problems, at("flushInterval"), raw.flushInterval, d.flushInterval),
        flushThreadCount: readInteger(problems, at("flushThreadCount"), raw.flushThreadCount, d.flushThreadCount, 1, 64),
        retryMaxInterval: readDuration(problems, at("retryMaxInterval"), raw.retryMaxInterval, d.retryMaxInterval),
        chunkLimitSize,
        // Written only when it does not override an explicit totalLimitSize.
        queueLimitLength: totalGiven && !queueGiven ? undefined : queueLimitLength,
        totalLimitSize,
        overflowAction: readString(
            problems,
            at("overflowAction"),
            raw.overflowAction,
            d.overflowAction,
            oneOf(OVERFLOW_ACTIONS),
        ) as OverflowAction,
    };
}

/** fluentd durations are often plain seconds, which YAML hands over as numbers. */
function readDuration(problems: Problems, key: string, value: unknown, fallback: string): string {
    if (typeof value === "number") {
        const text = String(value);
        if (fluentdDuration(text) !== undefined) {
            problems.add(key, value, fluentdDuration(text)!);
            return fallback;
        }
        return text;
    }
    return readString(problems, key, value, fallback, fluentdDuration);
}

function readTolerations(problems: Problems, key: string, value: unknown): TolerationSettings[] {
    if (value === undefined || value === null) {
        return LOGS_DEFAULTS.tolerations.map((t) => ({ ...t }));
    }
    if (!Array.isArray(value)) {
        problems.add(key, value, "a list of tolerations such as [{ key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule }], or [] for none");
        return [];
    }
    return value.map((item, i) => readToleration(problems, `${key}[${i}]`, item));
}

function readToleration(problems: Problems, key: string, value: unknown): TolerationSettings {
    const at = (field: string) => `${key}.${field}`;
    const raw: RawObject = readObject(problems, key, value, TOLERATION_KEYS);
    const toleration: TolerationSettings = {
        operator: readString(problems, at("operator"), raw.operator, "Equal", oneOf(TOLERATION_OPERATORS)) as TolerationSettings["operator"],
    };
    if (raw.key !== undefined) {
        toleration.key = readString(problems, at("key"), raw.key, "", kubernetesLabelKey) || undefined;
    } else if (toleration.operator !== "Exists") {
        problems.add(at("key"), undefined, "a taint key, because only operator Exists may leave the key empty (to tolerate every taint)");
    }
    if (raw.value !== undefined) {
        if (toleration.operator === "Exists") {
            problems.add(at("value"), raw.value, "no value, because operator Exists matches any value");
        } else {
            toleration.value = readString(problems, at("value"), raw.value, "", kubernetesLabelValue) || undefined;
        }
    }
    if (raw.effect !== undefined) {
        toleration.effect = readString(problems, at("effect"), raw.effect, "", oneOf(TAINT_EFFECTS)) as TolerationSettings["effect"] || undefined;
    }
    if (raw.tolerationSeconds !== undefined) {
        if (toleration.effect !== "NoExecute") {
            problems.add(at("tolerationSeconds"), raw.tolerationSeconds, "no value unless effect is NoExecute, the only effect that evicts");
        } else {
            toleration.tolerationSeconds = readInteger(problems, at("tolerationSeconds"), raw.tolerationSeconds, 0, 0, 31536000);
        }
    }
    return toleration;
}
