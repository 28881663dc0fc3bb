/**
 * Prometheus flags a setting owns, whether or not today's settings write them
 * (components/prometheus/statefulset.ts prometheusArgs): metrics.extra.args may not set them, since
 * the setting would then say one thing and the pod do another. Flags the built container holds
 * are refused as well, without being listed here.
 */
export const PROMETHEUS_OWNED_FLAGS: Readonly<Record<string, string>> = {
    "--config.file": "the program's generated config",
    "--storage.tsdb.path": "the program's data volume",
    "--storage.tsdb.retention.time": "metrics.retention",
    "--storage.tsdb.retention.size": "metrics.retentionSize",
    "--web.enable-admin-api": "metrics.enableAdminApi",
    "--web.enable-lifecycle": "metrics.enableLifecycle",
    "--web.external-url": "metrics.externalUrl",
    "--web.route-prefix": "metrics.routePrefix",
    "--web.config.file": "metrics.web",
    "--web.listen-address": "the port the Service, probes and NetworkPolicy use",
    "--web.console.templates": "the release line's consoles",
    "--web.console.libraries": "the release line's consoles",
    "--storage.tsdb.no-lockfile": "the program's data volume",
    "--web.enable-otlp-receiver": "metrics.otlp, which also writes the otlp block, admits the pushers' namespaces and keeps their login",
};

/**
 * Features of --enable-feature a setting owns: metrics.extra.args may name other features, not
 * these (components/common/workload-hatch.ts reads each feature of a comma-separated list).
 */
export const PROMETHEUS_OWNED_FEATURES: Readonly<Record<string, string>> = {
    "otlp-write-receiver": "metrics.otlp, which also writes the otlp block, admits the pushers' namespaces and keeps their login (3.x ignores this feature name)",
};
