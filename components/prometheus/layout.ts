import { MetricsSettings } from "../../config";

/** Prometheus itself while metrics.web is set: its credentials must not go to the other monitor=main Services. */
export const PROMETHEUS_WEB_JOB_NAME = "prometheus-web";

/** The config reloader sidecar's job label. */
export const CONFIG_RELOADER_JOB_NAME = "config-reloader";

/**
 * Names and paths shared by several builders, so a cross-reference (label, selector, volume,
 * mount, ConfigMap key) is written once and cannot drift between two files.
 */

/** Where the official Prometheus image expects things (docs/design.md#prometheus-paths). */

export const WEB_PORT = { name: "web", number: 9090 } as const;

export const RULE_FILE_KEY = "k8s.yml";

export const VOLUMES = {
    config: "config",
    data: "monitor-data",
    rules: "monitor-rulefiles",
    etcd: `secret-${ETCD_SECRET_NAME}`,
    remoteWrite: "secret-remote-write",
    renderedConfig: "config-out",
    web: "web-config",
    webTls: "web-tls",
} as const;

export { TLS_SECRET_KEYS, WEB_SECRET_KEYS } from "../common/web-config";
export { DISCOVERY_LABEL, ETCD_SECRET_FILES, ETCD_SECRET_NAME, etcdSecretMountPath, PROMETHEUS_PATHS } from "../common/prometheus-paths";
import { DISCOVERY_LABEL, ETCD_SECRET_NAME, PROMETHEUS_PATHS } from "../common/prometheus-paths";

/** The reloader sidecar's metrics and /healthz; prometheus-operator's port for it. */
export const RELOADER_PORT = { name: "reloader-web", number: 8080 } as const;

/** Where the downward API puts the pod's name for the reloader's $(POD_NAME) expansion. */
export const POD_NAME_ENV = "POD_NAME";

/** A path under --web.route-prefix, where Prometheus serves its probes and lifecycle endpoints. */
export function routedPath(s: Pick<MetricsSettings, "routePrefix">, path: string): string {
    return s.routePrefix === "/" ? path : `${s.routePrefix.replace(/\/$/, "")}${path}`;
}

export function metricsLabels(s: MetricsSettings): Record<string, string> {
    return { app: s.name, [DISCOVERY_LABEL.key]: DISCOVERY_LABEL.value };
}

export function configMapName(s: MetricsSettings): string {
    return s.name;
}

export function ruleFilesConfigMapName(s: MetricsSettings): string {
    return `${s.name}-rulefiles`;
}

export function configRoleName(s: MetricsSettings): string {
    return `${s.serviceAccountName}-config`;
}

/** The Secret with the web config file and the generated password; present exactly when metrics.web is set. */
export function webSecretName(s: Pick<MetricsSettings, "name">): string {
    return `${s.name}-web`;
}

export { webScheme, webServerName } from "../common/web-config";

/** The Secret with the files that remote_write targets read: passwords, tokens, CA certificates. */
export function remoteWriteSecretName(s: MetricsSettings): string {
    return `${s.name}-remote-write`;
}

export function remoteWriteSecretMountPath(s: MetricsSettings): string {
    return `${PROMETHEUS_PATHS.secretsDir}/${remoteWriteSecretName(s)}`;
}
