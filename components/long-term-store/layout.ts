import { LONG_TERM_STORE_PORT, LONG_TERM_STORE_PORT_NAME, LongTermStoreSettings } from "../../config";

/** Names and paths that several builders share, so a selector, a port or an env name cannot drift. */

export const HTTP_PORT = { name: LONG_TERM_STORE_PORT_NAME, number: LONG_TERM_STORE_PORT } as const;

/**
 * nobody: the official image (app/victoria-metrics/deployment/Dockerfile of v1.150.0) sets no
 * USER and would run as root; the binary is static and writes only under -storageDataPath.
 */
export const STORE_UID = 65534;

export const DATA_DIR = "/storage";
export const DATA_VOLUME = "data";
export const CONTAINER_NAME = "victoria-metrics";

/**
 * The admin endpoints and the flag that guards each (tag v1.150.0: app/vmstorage/main.go for
 * snapshots and force merge, app/vmselect/main.go for delete and the cache reset; the same names
 * in v1.79.5). Each key reaches the process as an environment variable from the Secret through
 * -envflag.enable, which reads a flag `a.b` from the variable `a_b` (lib/envflag/envflag.go,
 * getEnvFlagName, in both releases), so no key is ever an argument.
 */
export const AUTH_KEYS = [
    { flag: "deleteAuthKey", secretKey: "delete-auth-key", endpoints: "/api/v1/admin/tsdb/delete_series, /tags/delSeries" },
    { flag: "snapshotAuthKey", secretKey: "snapshot-auth-key", endpoints: "/snapshot/create, /snapshot/list, /snapshot/delete, /snapshot/delete_all" },
    { flag: "forceMergeAuthKey", secretKey: "force-merge-auth-key", endpoints: "/internal/force_merge" },
    { flag: "search.resetCacheAuthKey", secretKey: "reset-cache-auth-key", endpoints: "/internal/resetRollupResultCache" },
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
