import { PROMQL_2_11, PROMQL_2_53, PROMQL_3, PromqlDialect } from "./promql";
import { enabledFeatures, promqlDialectOf } from "./promql-features";

/**
 * The Prometheus release lines this program can drive (docs/prometheus-versions.md), and what
 * differs between them. Every builder that emits something version-dependent reads the row of
 * the stack's line here, so no builder compares versions itself.
 */
export interface PrometheusRelease {
    /** The line's name in docs and messages, e.g. "2.53". */
    line: string;
    /** The versions of the line, by major and minor: [major, lowest minor, highest minor]. */
    minors: readonly [number, number, number];
    /**
     * The image ships /usr/share/prometheus/consoles and console_libraries, linked under
     * /etc/prometheus, so --web.console.* point at something. 3.0 removed those files
     * (CHANGELOG 3.0.0, #14807); the flags remain but would name empty paths.
     */
    consoleFlags: boolean;
    /**
     * Discover Services' endpoints through discovery.k8s.io/v1 EndpointSlices (role endpointslice)
     * instead of core/v1 Endpoints, which Kubernetes 1.33 deprecated. The role came in 2.21 with
     * v1beta1; discovery.k8s.io/v1 in 2.35 (#9570); 3.0 dropped v1beta1 (#14365).
     */
    endpointSlice: boolean;
    /**
     * Scrape configs read label_limit, label_name_length_limit and label_value_length_limit,
     * which came in 2.27.0 (prometheus/prometheus#8291); 2.11 refuses them.
     */
    labelLimits: boolean;
    /**
     * --web.config.file: TLS and basic authentication on the web port, which came in 2.24.0
     * (prometheus/prometheus#8167, through exporter-toolkit); 2.11 has no such flag and fails to start with it.
     */
    webConfigFile: boolean;
    /** What rule and dashboard queries may use. */
    promql: PromqlDialect;
    /** The names of the remote-write queue's own families on this line. */
    remoteStorage: RemoteStorageFamilies;
    /** Prometheus' own health families that not every line exports. */
    selfHealth: SelfHealthFamilies;
}

/**
 * Prometheus' own health counters whose names differ between lines, or that came after 2.11: an
 * alert whose family the line does not export is left out there (components/prometheus/health-alerts.ts).
 * Checked against each tag's source: prometheus_target_sync_failed_total is not in v2.11.1
 * (scrape/scrape.go) and is in v2.42.0 scrape/scrape.go, v2.53.0 to v3.14.0 scrape/metrics.go;
 * prometheus_sd_kubernetes_failures_total is not in v2.11.1 (discovery/kubernetes/kubernetes.go
 * registers only events_total) and is in discovery/kubernetes/metrics.go from v2.53.0 to v3.14.0.
 */
export interface SelfHealthFamilies {
    /** Scrape pools whose targets could not be built from their discovered labels. */
    targetSyncFailed?: string;
    /** Failed LIST and WATCH calls of Kubernetes service discovery, as the line counts them. */
    kubernetesSdFailures: KubernetesSdFailures;
    /**
     * Scrapes and scrape pools refused for one of the limits a job may set (scrape/metrics.go from
     * v2.53.0): target_limit (2.21), label_limit and its length limits (2.27), body_size_limit
     * (2.28). v2.11.1 has none of these keys, so counts nothing.
     */
    scrapeLimitsExceeded?: { targets: string; labels: string; bodySize: string };
}

/**
 * How a line counts Kubernetes service discovery's failed LIST and WATCH calls.
 * - `calls`: one increment per failed list or watch, from the informers' watch error handler
 *   (v2.53.0 to v3.14.0 discovery/kubernetes/kubernetes.go, informerWatchErrorHandler).
 * - `requests`: v2.11.1 has no such counter, but discovery/kubernetes/client_metrics.go registers
 *   client-go's request results as prometheus_sd_kubernetes_http_request_total{status_code}, one
 *   per HTTP request of every list and watch, and the vendored client-go (rest/request.go,
 *   updateURLMetrics) labels a request that got no response at all `<error>`. A failed call is a
 *   request that ended `<error>`, 5xx or 4xx (401 and 403 for RBAC, 404 for a missing API, 429
 *   for a throttled one), except 410 Gone: an expired resource version, after which the informer
 *   lists again by design.
 */
export type KubernetesSdFailures =
    | { kind: "calls"; family: string }
    | { kind: "requests"; family: string; statusCodeLabel: string; failedStatusCodes: string };

const SELF_HEALTH_2_11: SelfHealthFamilies = {
    kubernetesSdFailures: {
        kind: "requests",
        family: "prometheus_sd_kubernetes_http_request_total",
        statusCodeLabel: "status_code",
        failedStatusCodes: "<error>|5..|4(0.|1[1-9]|[2-9].)",
    },
};

const SELF_HEALTH_2_53: SelfHealthFamilies = {
    targetSyncFailed: "prometheus_target_sync_failed_total",
    kubernetesSdFailures: { kind: "calls", family: "prometheus_sd_kubernetes_failures_total" },
    scrapeLimitsExceeded: {
        targets: "prometheus_target_scrape_pool_exceeded_target_limit_total",
        labels: "prometheus_target_scrape_pool_exceeded_label_limits_total",
        bodySize: "prometheus_target_scrapes_exceeded_body_size_limit_total",
    },
};

/**
 * Prometheus' remote-write families, which 2.x renamed and relabelled: v2.11.1 labels each queue
 * `queue` (storage/remote/queue_manager.go at the tag: succeeded_samples_total, failed_samples_total,
 * retried_samples_total, dropped_samples_total, pending_samples, shards, shard_capacity, and
 * wal_watcher.go's prometheus_wal_watcher_current_segment), and has no desired or maximum shards;
 * 2.42, 2.53 and 3.5 label it `remote_name` and `url` (queue_manager.go at v2.42.0, v2.53.0 and
 * v3.5.0: samples_total, samples_failed_total, samples_retried_total, samples_dropped_total,
 * samples_pending, shards, shards_desired, shards_max). Both keep
 * prometheus_remote_storage_highest_timestamp_in_seconds (write.go, no label) and
 * queue_highest_sent_timestamp_seconds. Names are without the `prometheus_remote_storage_` prefix.
 */
export interface RemoteStorageFamilies {
    /** The labels that tell one queue (one remote_write entry) from another. */
    queueLabels: readonly string[];
    /** Samples sent: on 2.11 the successful ones; later every sample sent, failed ones included (sentCountsFailures). */
    samplesSent: string;
    /** Whether samplesSent counts failed samples too (storage/remote/queue_manager.go; 2.11 counts them apart). */
    sentCountsFailures: boolean;
    samplesFailed: string;
    samplesRetried: string;
    samplesDropped: string;
    samplesPending: string;
    shards: string;
    /** Absent on 2.11, which exports only the shards it runs. */
    shardsDesired?: string;
    shardsMax?: string;
    /** Every kind of data a queue can send, samples first, each with its sent and failed counters. */
    sentKinds: readonly SentKind[];
}

/**
 * One kind of data a remote-write queue sends. Exemplars came in 2.27.0 and native histograms in
 * 2.40.0 (storage/remote/queue_manager.go: exemplars_failed_total first at v2.27.0,
 * histograms_failed_total at v2.40.0); v2.53.0 to v3.14.0 count all three the same way:
 * `<kind>_total` at every attempt, failed ones included, and `<kind>_failed_total` for what was
 * lost (3.x's remote write 2.0 adds what the receiver reports it did not write, per kind). No
 * line has a counter of its own for remote write 2.0. Metadata is left out: it is no data that is
 * lost (sent again every minute, or with every series on 2.0), 2.x counts metadata_total only on
 * success while 3.x's 2.0 counts it at every attempt and never as failed.
 */
export interface SentKind {
    /** The alert's `kind` label. */
    kind: "samples" | "histograms" | "exemplars";
    /** Sent: failed ones included when the release's sentCountsFailures says so. */
    sent: string;
    failed: string;
}

const REMOTE_STORAGE_2_11: RemoteStorageFamilies = {
    queueLabels: ["queue"],
    samplesSent: "succeeded_samples_total",
    sentCountsFailures: false,
    samplesFailed: "failed_samples_total",
    samplesRetried: "retried_samples_total",
    samplesDropped: "dropped_samples_total",
    samplesPending: "pending_samples",
    shards: "shards",
    sentKinds: [{ kind: "samples", sent: "succeeded_samples_total", failed: "failed_samples_total" }],
};

const REMOTE_STORAGE_2_42: RemoteStorageFamilies = {
    queueLabels: ["remote_name", "url"],
    samplesSent: "samples_total",
    sentCountsFailures: true,
    samplesFailed: "samples_failed_total",
    samplesRetried: "samples_retried_total",
    samplesDropped: "samples_dropped_total",
    samplesPending: "samples_pending",
    shards: "shards",
    shardsDesired: "shards_desired",
    shardsMax: "shards_max",
    sentKinds: [
        { kind: "samples", sent: "samples_total", failed: "samples_failed_total" },
        { kind: "histograms", sent: "histograms_total", failed: "histograms_failed_total" },
        { kind: "exemplars", sent: "exemplars_total", failed: "exemplars_failed_total" },
    ],
};

/** Ordered oldest first; the first is the spec's default. */
export const PROMETHEUS_RELEASES: readonly PrometheusRelease[] = [
    { line: "2.11", minors: [2, 11, 11], consoleFlags: true, endpointSlice: false, labelLimits: false, webConfigFile: false, promql: PROMQL_2_11, remoteStorage: REMOTE_STORAGE_2_11, selfHealth: SELF_HEALTH_2_11 },
    { line: "2.53", minors: [2, 53, 53], consoleFlags: true, endpointSlice: true, labelLimits: true, webConfigFile: true, promql: PROMQL_2_53, remoteStorage: REMOTE_STORAGE_2_42, selfHealth: SELF_HEALTH_2_53 },
    { line: "2.55", minors: [2, 55, 55], consoleFlags: true, endpointSlice: true, labelLimits: true, webConfigFile: true, promql: PROMQL_2_53, remoteStorage: REMOTE_STORAGE_2_42, selfHealth: SELF_HEALTH_2_53 },
    { line: "3.5 to 3.14", minors: [3, 5, 14], consoleFlags: false, endpointSlice: true, labelLimits: true, webConfigFile: true, promql: PROMQL_3, remoteStorage: REMOTE_STORAGE_2_42, selfHealth: SELF_HEALTH_2_53 },
];

export const DEFAULT_RELEASE = PROMETHEUS_RELEASES[0];

/** The newest line: its dialect checks rules while the stack's own line is unknown (config/index.ts rawRelease). */
export const NEWEST_RELEASE = PROMETHEUS_RELEASES[PROMETHEUS_RELEASES.length - 1];

/** For messages: "2.11, 2.53, 2.55, 3.5 to 3.14". */
export function supportedLines(): string {
    return PROMETHEUS_RELEASES.map((r) => r.line).join(", ");
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

/** The version a tag names, when it is exactly vX.Y.Z as the official images are tagged. */
export function versionOfImage(image: string): string | undefined {
    const withoutDigest = image.split("@")[0];
    const lastPart = withoutDigest.slice(withoutDigest.lastIndexOf("/") + 1);
    const colon = lastPart.lastIndexOf(":");
    if (colon < 0) {
        return undefined;
    }
    const tag = lastPart.slice(colon + 1);
    return /^v\d+\.\d+\.\d+$/.test(tag) ? tag.slice(1) : undefined;
}

export function releaseOfVersion(version: string): PrometheusRelease | undefined {
    const m = VERSION.exec(version);
    if (!m) {
        return undefined;
    }
    const [major, minor] = [Number(m[1]), Number(m[2])];
    return PROMETHEUS_RELEASES.find((r) => r.minors[0] === major && minor >= r.minors[1] && minor <= r.minors[2]);
}

export type ReleaseResolution =
    | { release: PrometheusRelease; version: string }
    | { problem: { field: "image" | "prometheusVersion"; got: string | undefined; expected: string } };

/**
 * The release of an image: its tag's version, else the stated prometheusVersion, which must
 * agree with a versioned tag. Problems name the field to fix.
 */
export function resolveRelease(image: string, prometheusVersion: string | undefined): ReleaseResolution {
    const tagged = versionOfImage(image);
    const lines = `one of the supported lines ${supportedLines()} (docs/prometheus-versions.md)`;
    if (tagged !== undefined && prometheusVersion !== undefined && tagged !== prometheusVersion) {
        return { problem: { field: "prometheusVersion", got: prometheusVersion, expected: `${tagged}, the version of the image tag, or nothing` } };
    }
    const version = tagged ?? prometheusVersion;
    if (version === undefined) {
        return {
            problem: {
                field: "prometheusVersion",
                got: undefined,
                expected: `the Prometheus version X.Y.Z of image ${image}, whose tag is not vX.Y.Z; ${lines}`,
            },
        };
    }
    const release = releaseOfVersion(version);
    if (release === undefined) {
        return tagged !== undefined
            ? { problem: { field: "image", got: image, expected: `a Prometheus image of ${lines}` } }
            : { problem: { field: "prometheusVersion", got: version, expected: `a version of ${lines}` } };
    }
    return { release, version };
}

/** The release of validated settings; validation has refused every image this cannot resolve. */
export function prometheusRelease(s: { image: string; prometheusVersion?: string }): PrometheusRelease {
    const resolved = resolveRelease(s.image, s.prometheusVersion);
    if ("problem" in resolved) {
        throw new Error(`metrics.${resolved.problem.field}: expected ${resolved.problem.expected}`);
    }
    return resolved.release;
}

/**
 * The PromQL a stack's Prometheus evaluates: the line of its image, with the features its
 * metrics.extra.args pass (the args the StatefulSet's container gets; promql-features.ts).
 * Settings whose release does not resolve get `fallback`'s line, as rawRelease does.
 */
export function promqlDialectOfMetrics(m: { image: string; prometheusVersion?: string; extra?: { args?: readonly string[] } }, fallback: PrometheusRelease = NEWEST_RELEASE): PromqlDialect {
    const resolved = resolveRelease(m.image, m.prometheusVersion);
    return "release" in resolved ? promqlDialectOf(resolved.release, resolved.version, enabledFeatures(m.extra?.args)) : fallback.promql;
}
