/**
 * Where the Prometheus pod mounts what it reads, and the label that marks what it scrapes as its
 * own. The Prometheus component lays its pod out by these; the scrape jobs and clients of other
 * components (etcd's client certificate, Alertmanager's password and CA) name the same files, so
 * they live here, below both.
 */
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

export const ETCD_SECRET_NAME = "kvstore-client-cert";
export const ETCD_SECRET_FILES = {
    caCert: "ca.crt",
    clientCert: "healthcheck-client.crt",
    clientKey: "healthcheck-client.key",
} as const;

/** Services carrying this label are scraped by the self-monitoring job (rule 1 of docs/design.md#discovery-relabel-rules). */
export const DISCOVERY_LABEL = { key: "monitor", value: "main" } as const;

export function etcdSecretMountPath(): string {
    return `${PROMETHEUS_PATHS.secretsDir}/${ETCD_SECRET_NAME}`;
}
