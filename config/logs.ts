import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { DEFAULT_LOG_AGENT_RELEASE, LOG_AGENT_LINES, LOG_AGENT_RELEASES, LogAgentLine, LogAgentRelease, lineOfImage, lineOfRepository, logAgentRelease } from "../log-agent-releases/release-lines";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ExistingSecretKey } from "./secret-reference";
import { choice, closedObject, flag, integer, numberOrText, stringMap, text, whenClean } from "./fields";
import {
    configMapName,
    dnsLabel,
    fluentdDuration,
    fluentdSize,
    fluentdSizeBytes,
    formatFluentdSize,
    ipOrHostname,
    kubernetesLabelValue,
    ownLabelKey,
    serviceAccountName,
} from "./formats";
import { createdByDefault, createNamespaceField, systemNamespaceMessage } from "./namespaces";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { resourcesSchema } from "./resources";
import { schedulingFields, TolerationSettings } from "./scheduling";

export const SEARCH_SCHEMES = ["http", "https"] as const;
export type SearchScheme = (typeof SEARCH_SCHEMES)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const OVERFLOW_ACTIONS = ["block", "throw_exception", "drop_oldest_chunk"] as const;
export type OverflowAction = (typeof OVERFLOW_ACTIONS)[number];

/** The values fluent-plugin-elasticsearch 3.5 accepts for ssl_version. */
export const SSL_VERSIONS = ["TLSv1_2", "TLSv1_1", "TLSv1", "SSLv23"] as const;
export type SslVersion = (typeof SSL_VERSIONS)[number];
/** What line 1.6.3 writes when a stack names no ssl_version. */
export const DEFAULT_SSL_VERSION: SslVersion = "TLSv1_2";

/**
 * The log agent writes with logstash_format and leaves fluent-plugin-elasticsearch's
 * logstash_prefix at its default, so its indices are <prefix>-YYYY.MM.DD, one a day. Retention,
 * the store's index template and Grafana's data source all name the indices through this.
 */
export const LOG_INDEX_PREFIX = "logstash";
export const LOG_INDEX_PATTERN = `${LOG_INDEX_PREFIX}-*`;

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
    labels: { "k8s-app": "fluentd-es", version: "v2.7.0" } as Record<string, string>,
    containerRuntimeService: "containerd",
    // The spec's first goal is to watch master and worker machines, so the agent also runs on
    // control-plane nodes; both taint names are listed because clusters renamed it in 1.20-1.25.
    tolerations: [
        { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
        { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
    ] as TolerationSettings[],
    // Evicting the agent under node pressure would lose exactly the logs that explain it.
    priorityClassName: "system-node-critical",
    resources: { cpuRequest: "100m", memoryRequest: "200Mi", memoryLimit: "500Mi" },
    search: { port: 9200, scheme: "http" as SearchScheme, sslVerify: true },
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
};

function daemonSetName(value: string): string | undefined {
    if (dnsLabel(value) !== undefined) {
        return dnsLabel(value);
    }
    return value.length <= MAX_DAEMONSET_NAME_LENGTH
        ? undefined
        : `at most ${MAX_DAEMONSET_NAME_LENGTH} characters, because pod names cut the DaemonSet name at ` +
              `${MAX_DAEMONSET_NAME_LENGTH + 1} characters and the exclude_path derived from it would miss the agent's own logs`;
}

const DAEMONSET_IMAGES = logAgentRelease("1.19-elasticsearch8").repository;

/**
 * An image of fluent/fluentd-kubernetes-daemonset must be one of a line's (its tag names fluentd's
 * version and the flavour, whose plugins differ); any other image, the add-on's or a mirror, must
 * be the add-on's v2.7.0 or newer, as before the lines.
 */
function agentImage(value: string): string | undefined {
    if (DAEMONSET_IMAGES.test(value) && lineOfImage(value) === undefined) {
        return (
            "an image of a supported line: " +
            LOG_AGENT_RELEASES.map((r) => `${r.line}, ${r.flavour} (${r.image})`).join("; ") +
            " (docs/log-agent.md#release-lines)"
        );
    }
    return DAEMONSET_IMAGES.test(value) ? undefined : imageAtLeast(OLDEST_IMAGES.logAgent)(value);
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

const sd = LOGS_DEFAULTS.search;

export const searchSchema = closedObject({
    host: text(ipOrHostname, "elasticsearch-logging").meta({ description: "DNS name or IP address of Elasticsearch" }),
    port: integer(1, 65535).default(sd.port).meta({ description: "Elasticsearch port" }),
    scheme: choice(SEARCH_SCHEMES).default(sd.scheme).meta({ description: "http or https" }),
    sslVerify: flag().default(sd.sslVerify).meta({ description: "written as ssl_verify, only when the scheme is https" }),
    sslVersion: choice(SSL_VERSIONS)
        .optional()
        .meta({
            description:
                `written as ssl_version, only for https; line 1.6.3 only (default ${DEFAULT_SSL_VERSION}: fluent-plugin-elasticsearch 3.5 defaults to TLSv1, ` +
                "which Elasticsearch 7 and hosted stores refuse); refused on line 1.19, whose plugin ignores it and speaks TLS 1.2 to 1.3",
        }),
    user: text(searchUser).optional().meta({ description: "turns on authentication; then the secret cluster-monitoring:searchPassword is required" }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the user's password (fluentd, and Grafana's Elasticsearch data source)"),
}).superRefine((s, ctx) => {
    if (s.user !== undefined && s.scheme === "http" && !s[PLAINTEXT_OPT_IN]) {
        ctx.addIssue({ code: "custom", path: ["scheme"], input: s.scheme, message: plaintextMessage("https while user is set", "the search password", "plain http") });
    }
}, whenClean("user", "scheme", PLAINTEXT_OPT_IN));

export type SearchSettings = z.output<typeof searchSchema> & {
    /** From the secret key searchPassword; present exactly when user is, unless passwordSecret is. */
    password?: pulumi.Output<string>;
    /**
     * searchPassword set to an existing Secret (docs/existing-secrets.md): fluentd reads it in the
     * logs namespace and Grafana in the metrics namespace, so the Secret must be in both.
     */
    passwordSecret?: ExistingSecretKey;
};

const bd = LOGS_DEFAULTS.buffer;

/** fluentd durations are often plain seconds, which YAML hands over as numbers. */
const fluentdDurationField = () => numberOrText(fluentdDuration);

const bufferSchema = closedObject({
    flushInterval: fluentdDurationField().default(bd.flushInterval).meta({ description: "flush_interval: seconds, or a number with s, m, h or d" }),
    flushThreadCount: integer(1, 64).default(bd.flushThreadCount).meta({ description: "flush_thread_count" }),
    retryMaxInterval: fluentdDurationField().default(bd.retryMaxInterval).meta({ description: "retry_max_interval; a YAML number counts as seconds" }),
    chunkLimitSize: text(fluentdSize)
        .default(bd.chunkLimitSize)
        .superRefine((size, ctx) => {
            if (fluentdSizeBytes(size) > fluentdSizeBytes(MAX_CHUNK_LIMIT_SIZE)) {
                ctx.addIssue({
                    code: "custom",
                    input: size,
                    message:
                        `at most ${MAX_CHUNK_LIMIT_SIZE}: each chunk is sent as one bulk request, Elasticsearch rejects ` +
                        "requests over its default http.max_content_length of 100mb, and retry_forever would retry it " +
                        "forever (2M is normally sufficient)",
                });
            }
        })
        .meta({ description: `chunk_limit_size, a fluentd size such as 512K, 2M or 1G; at most ${MAX_CHUNK_LIMIT_SIZE} (docs/log-agent.md#notes)` }),
    queueLimitLength: integer(1, 4096).optional().meta({ description: `queue_limit_length (default ${bd.queueLimitLength})` }),
    totalLimitSize: text(fluentdSize).optional().meta({ description: "total_limit_size, the cap on the buffer's disk use; chunk x queue when unset (docs/log-agent.md#notes)" }),
    overflowAction: choice(OVERFLOW_ACTIONS).default(bd.overflowAction).meta({ description: "overflow_action" }),
})
    .superRefine((b, ctx) => {
        if (b.totalLimitSize === undefined) {
            return;
        }
        const chunkBytes = fluentdSizeBytes(b.chunkLimitSize);
        const totalBytes = fluentdSizeBytes(b.totalLimitSize);
        if (totalBytes < chunkBytes) {
            ctx.addIssue({
                code: "custom",
                path: ["totalLimitSize"],
                input: b.totalLimitSize,
                message: `at least chunkLimitSize (${b.chunkLimitSize}), since a buffer smaller than one chunk can never fill a chunk`,
            });
        } else if (b.queueLimitLength !== undefined && totalBytes !== chunkBytes * b.queueLimitLength) {
            ctx.addIssue({
                code: "custom",
                path: ["totalLimitSize"],
                input: b.totalLimitSize,
                message:
                    `either queueLimitLength or totalLimitSize, or both with total = chunk x queue ` +
                    `(${formatFluentdSize(chunkBytes * b.queueLimitLength)}): fluentd 1.6 replaces total_limit_size with ` +
                    "chunk_limit_size x queue_limit_length whenever queue_limit_length is set, so this value would be ignored",
            });
        }
    }, whenClean("chunkLimitSize", "queueLimitLength", "totalLimitSize"))
    .transform((b) => {
        const queue = b.queueLimitLength ?? bd.queueLimitLength;
        return {
            flushInterval: b.flushInterval,
            flushThreadCount: b.flushThreadCount,
            retryMaxInterval: b.retryMaxInterval,
            chunkLimitSize: b.chunkLimitSize,
            /**
             * Unset when a stack gives only totalLimitSize: fluentd 1.6 overwrites total_limit_size
             * with chunk_limit_size x queue_limit_length whenever queue_limit_length is present.
             */
            queueLimitLength: b.totalLimitSize !== undefined && b.queueLimitLength === undefined ? undefined : queue,
            /** Always set, so the config shows the bound on disk use even when it is derived. */
            totalLimitSize: b.totalLimitSize ?? formatFluentdSize(fluentdSizeBytes(b.chunkLimitSize) * queue),
            overflowAction: b.overflowAction,
        };
    });

export type BufferSettings = z.output<typeof bufferSchema>;

const ld = LOGS_DEFAULTS;

/** `cluster-monitoring:logs`: the fluentd log agent and the search store it ships to. */
export const logsSchema = closedObject({
    namespace: text(dnsLabel).default(ld.namespace).meta({ description: "namespace of the agent's objects" }),
    createNamespace: createNamespaceField("log agent"),
    daemonSetName: text(daemonSetName).default(ld.daemonSetName).meta({ description: `the DaemonSet's name, at most ${MAX_DAEMONSET_NAME_LENGTH} characters; the exclude_path of the agent's own logs is derived from it` }),
    configMapName: text(configMapName).default(ld.configMapName).meta({ description: "the config ConfigMap's name" }),
    serviceAccountName: text(serviceAccountName)
        .default(ld.serviceAccountName)
        .meta({ description: "names the ServiceAccount, ClusterRole, its binding and the credentials Secret" }),
    image: text(agentImage)
        .default(ld.image)
        .meta({ description: `the fluentd image; its tag chooses the release line (docs/log-agent.md#release-lines): ${LOG_AGENT_RELEASES.map((r) => `${r.line}: ${r.image}`).join("; ")}` }),
    release: choice(LOG_AGENT_LINES)
        .optional()
        .meta({ description: `the release line of an image whose tag does not say it (a mirror): ${LOG_AGENT_LINES.join(" or ")}; ${DEFAULT_LOG_AGENT_RELEASE.line} when unset` }),
    labels: stringMap(ownLabelKey, kubernetesLabelValue)
        .superRefine((labels, ctx) => {
            if (Object.keys(labels).length === 0) {
                ctx.addIssue({ code: "custom", input: labels, message: "at least one label, because the labels are also the DaemonSet's selector" });
            }
        })
        .default({ ...ld.labels })
        .meta({ description: "labels of the DaemonSet, its pods and its selector; a selector cannot change in place, so changing them replaces the DaemonSet" }),
    containerRuntimeService: text(systemdUnitStem)
        .default(ld.containerRuntimeService)
        .meta({ description: "systemd unit of the container runtime, read from the journal" }),
    ...schedulingFields({
        tolerations: { value: ld.tolerations, why: "both control-plane taints, so control-plane nodes' logs are collected too" },
        priorityClassName: { value: ld.priorityClassName, why: "node pressure never evicts the agent that would record it" },
    }),
    resources: resourcesSchema(ld.resources).meta({ description: "the agent container's CPU and memory" }),
    // An absent search object is parsed as {}, so the missing host is reported by its full key.
    search: searchSchema.prefault({} as z.input<typeof searchSchema>).meta({ description: "the Elasticsearch to ship to: { host, port, scheme, sslVerify, sslVersion, user }" }),
    logLevel: choice(LOG_LEVELS).default(ld.logLevel).meta({ description: "@log_level of the output; use debug to diagnose, then set it back" }),
    buffer: bufferSchema.prefault({}).meta({ description: "the output's file buffer" }),
    livenessThresholdSeconds: integer(60, 86400, "shorter than a minute would restart an agent that is merely between two flushes")
        .default(ld.livenessThresholdSeconds)
        .meta({ description: "the liveness probe fails when no buffer file changed for this long" }),
})
    .superRefine((l, ctx) => {
        if (l.createNamespace === true && !createdByDefault(l.namespace)) {
            ctx.addIssue({ code: "custom", path: ["createNamespace"], input: true, message: systemNamespaceMessage(l.namespace) });
        }
    }, whenClean("namespace", "createNamespace"))
    .superRefine((l, ctx) => {
        const tagged = lineOfImage(l.image) ?? lineOfRepository(l.image);
        if (tagged !== undefined && l.release !== undefined && l.release !== tagged.line) {
            ctx.addIssue({ code: "custom", path: ["release"], input: l.release, message: `${tagged.line}, the line of image ${l.image}, or nothing` });
            return;
        }
        const release = logAgentRelease(tagged?.line ?? l.release ?? DEFAULT_LOG_AGENT_RELEASE.line);
        const sslVersion = l.search.sslVersion;
        if (sslVersion !== undefined && !release.output.sslVersions?.includes(sslVersion)) {
            ctx.addIssue({
                code: "custom",
                path: ["search", "sslVersion"],
                input: sslVersion,
                message:
                    release.output.sslVersions === undefined
                        ? `nothing on line ${release.line}: fluent-plugin-${release.output.plugin} ${release.plugins[`fluent-plugin-${release.output.plugin}`]} ignores ssl_version ` +
                          `where Ruby's OpenSSL sets minimum and maximum versions (lib/fluent/plugin/${release.output.plugin}_tls.rb), and speaks TLS 1.2 to 1.3`
                        : `one of ${release.output.sslVersions.join(", ")} on line ${release.line}`,
            });
        }
    }, whenClean("image", "release", "search"));

/** The release line of validated settings: the image's tag, else the stated release, else the default. */
export function logAgentLineOf(s: { image: string; release?: LogAgentLine }): LogAgentRelease {
    return logAgentRelease(lineOfImage(s.image)?.line ?? s.release ?? DEFAULT_LOG_AGENT_RELEASE.line);
}

/** The protocol of the store the log agent writes to: its line's output plugin (log-agent-releases/). */
export function logStoreProtocol(s: { image: string; release?: LogAgentLine }): "elasticsearch" | "opensearch" {
    return logAgentLineOf(s).output.plugin;
}

/** The ssl_version the output writes for https, if the stack's line honours one. */
export function sslVersionOf(s: { image: string; release?: LogAgentLine; search: { sslVersion?: SslVersion } }): SslVersion | undefined {
    return logAgentLineOf(s).output.sslVersions === undefined ? undefined : (s.search.sslVersion ?? DEFAULT_SSL_VERSION);
}

/** createNamespace as the stack wrote it; whether the namespace is created follows from it (logsNamespaceCreated). */
export type LogsSettings = Omit<z.output<typeof logsSchema>, "search"> & {
    search: SearchSettings;
};

/**
 * Whether the program creates the log agent's namespace: as logs.createNamespace says, else unless
 * it is a system namespace or the metrics server's, which that server creates (one namespace is
 * created once; the log agent then waits for it). Derived where it is read, never written at load.
 */
export function logsNamespaceCreated(s: { metrics: { namespace: string; createNamespace: boolean }; logs: { namespace: string; createNamespace?: boolean } }): boolean {
    const shared = s.logs.namespace === s.metrics.namespace;
    return s.logs.createNamespace ?? (createdByDefault(s.logs.namespace) && !(shared && s.metrics.createNamespace));
}
