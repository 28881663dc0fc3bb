import { MetricsSettings } from "../../config";

/**
 * Names and paths shared by several builders, so a cross-reference (label, selector, volume,
 * mount, ConfigMap key) is written once and cannot drift between two files.
 */

/** Where the official Prometheus image expects things (docs/design.md#prometheus-paths). */
export const PROMETHEUS_PATHS = {
    configDir: "/etc/prometheus/config",
    configFile: "prometheus.yml",
    /** The pod's own copy of the config, with $(POD_NAME) expanded, that --config.file reads when a reloader runs. */
    renderedConfigDir: "/etc/prometheus/config_out",
    renderedConfigFile: "prometheus.env.yaml",
    rulesDir: "/etc/prometheus/rules/",
    consoles: "/etc/prometheus/consoles",
    consoleLibraries: "/etc/prometheus/console_libraries",
    secretsDir: "/etc/prometheus/secrets",
    /** The web config file and the basic-auth password (docs/security.md#prometheus-web-config). */
    webDir: "/etc/prometheus/web",
    /** The stack's kubernetes.io/tls Secret: the serving certificate and the CA that clients verify it with. */
    webTlsDir: "/etc/prometheus/web-tls",
    data: "/prometheus",
} as const;

export const WEB_PORT = { name: "web", number: 9090 } as const;

export const RULE_FILE_KEY = "k8s.yml";
export const ETCD_SECRET_NAME = "kvstore-client-cert";
export const ETCD_SECRET_FILES = {
    caCert: "ca.crt",
    clientCert: "healthcheck-client.crt",
    clientKey: "healthcheck-client.key",
} as const;

/** Services carrying this label are scraped by the self-monitoring job (rule 1 of docs/design.md#discovery-relabel-rules). */
export const DISCOVERY_LABEL = { key: "monitor", value: "main" } as const;

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

export function etcdSecretMountPath(): string {
    return `${PROMETHEUS_PATHS.secretsDir}/${ETCD_SECRET_NAME}`;
}

/** The Secret with the files that remote_write targets read: passwords, tokens, CA certificates. */
export function remoteWriteSecretName(s: MetricsSettings): string {
    return `${s.name}-remote-write`;
}

export function remoteWriteSecretMountPath(s: MetricsSettings): string {
    return `${PROMETHEUS_PATHS.secretsDir}/${remoteWriteSecretName(s)}`;
}
