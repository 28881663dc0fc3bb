import { LongTermStoreSettings } from "../../config";

export const LONG_TERM_STORE_PORT_NAME = "http";

/** vmauth's own port, in front of the store while it takes edges' writes. */
export const VMAUTH_PORT = 8427;

/** The job label of vmauth's /metrics, while a central store runs it. */
export const VMAUTH_JOB_NAME = "long-term-store-vmauth";

/** The job label of the store's own /metrics. */
export const LONG_TERM_STORE_JOB_NAME = "long-term-store";

/** Names and paths that several builders share, so a selector, a port or an env name cannot drift. */

/** VictoriaMetrics' own port (-httpListenAddr's default) and the name the Service gives it. */
export const HTTP_PORT = { name: LONG_TERM_STORE_PORT_NAME, number: 8428 } as const;

/**
 * nobody: the official image (app/victoria-metrics/deployment/Dockerfile of v1.150.0) sets no
 * USER and would run as root; the binary is static and writes only under -storageDataPath.
 */
export const STORE_UID = 65534;

export const DATA_DIR = "/storage";
export const DATA_VOLUME = "data";
export const CONTAINER_NAME = "victoria-metrics";

/**
 * The admin and debug endpoints and the flag that guards each, every auth-key flag of the
 * single-node server at tag v1.150.0 but metricsAuthKey (Prometheus scrapes /metrics, which the
 * NetworkPolicy admits from Prometheus and Grafana alone). Where each is declared:
 * app/vmstorage/main.go (snapshot, forceMerge, forceFlush, logNewSeries), app/vmselect/main.go
 * (delete, search.resetCache, metricNamesStatsReset), app/vminsert/main.go (config, reload),
 * lib/httpserver/httpserver.go (flags, pprof). vmauth reads flags, pprof and reload from the same
 * Secret (components/long-term-store/vmauth.ts). `in179` says whether Debian's 1.79.5 has the flag (the same files at tag
 * v1.79.5); a variable for a flag a release lacks is ignored, since -envflag.enable looks up
 * only the flags the binary defines (lib/envflag/envflag.go, VisitAll). Each key reaches the
 * process as an environment variable from the Secret: -envflag.enable reads a flag `a.b` from
 * the variable `a_b` (getEnvFlagName, in both releases), so no key is ever an argument.
 */
export const AUTH_KEYS = [
    { flag: "deleteAuthKey", secretKey: "delete-auth-key", endpoints: "/api/v1/admin/tsdb/delete_series, /tags/delSeries", in179: true },
    { flag: "snapshotAuthKey", secretKey: "snapshot-auth-key", endpoints: "/snapshot/create, /snapshot/list, /snapshot/delete, /snapshot/delete_all", in179: true },
    { flag: "forceMergeAuthKey", secretKey: "force-merge-auth-key", endpoints: "/internal/force_merge", in179: true },
    { flag: "search.resetCacheAuthKey", secretKey: "reset-cache-auth-key", endpoints: "/internal/resetRollupResultCache", in179: true },
    { flag: "forceFlushAuthKey", secretKey: "force-flush-auth-key", endpoints: "/internal/force_flush", in179: true },
    { flag: "flagsAuthKey", secretKey: "flags-auth-key", endpoints: "/flags", in179: true },
    { flag: "pprofAuthKey", secretKey: "pprof-auth-key", endpoints: "/debug/pprof/*", in179: true },
    { flag: "metricNamesStatsResetAuthKey", secretKey: "metric-names-stats-reset-auth-key", endpoints: "/api/v1/admin/status/metric_names_stats/reset", in179: false },
    { flag: "logNewSeriesAuthKey", secretKey: "log-new-series-auth-key", endpoints: "/internal/log_new_series", in179: false },
    { flag: "configAuthKey", secretKey: "config-auth-key", endpoints: "/config", in179: true },
    { flag: "reloadAuthKey", secretKey: "reload-auth-key", endpoints: "/-/reload", in179: false },
] as const;

/** The environment variable -envflag.enable reads a flag from: its dots become underscores. */
export function envFlagName(flag: string): string {
    return flag.replace(/\./g, "_");
}

export function authKeySecretName(s: Pick<LongTermStoreSettings, "name">): string {
    return `${s.name}-auth-keys`;
}

export function longTermStoreLabels(s: Pick<LongTermStoreSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": s.name, "app.kubernetes.io/component": "long-term-store" };
}

/** The in-cluster base URL: the write endpoint, Grafana's data source and the scrape job hang off it. */
export function longTermStoreUrl(s: Pick<LongTermStoreSettings, "name" | "namespace">): string {
    return `http://${s.name}.${s.namespace}.svc:${HTTP_PORT.number}`;
}

/** VictoriaMetrics' Prometheus remote write endpoint on the single-node server. */
export function longTermStoreWriteUrl(s: Pick<LongTermStoreSettings, "name" | "namespace">): string {
    return `${longTermStoreUrl(s)}/api/v1/write`;
}
