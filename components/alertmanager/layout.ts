import { AlertmanagerSettings } from "../../config";
import { DISCOVERY_LABEL } from "../common/prometheus-paths";

/** The gossip ports of a clustered Alertmanager, on its container and Service; nothing scrapes or alerts there. */
export const ALERTMANAGER_CLUSTER_PORT_NAMES = { tcp: "mesh-tcp", udp: "mesh-udp" } as const;

/** The Alertmanager Service and container port that Prometheus sends alerts to. */
export const ALERTMANAGER_PORT_NAME = "web";

/** Alertmanager while alertmanager.web is set: its credentials must not go to the other monitor=main Services. */
export const ALERTMANAGER_WEB_JOB_NAME = "alertmanager-web";

/** Paths of the official image (its Dockerfile: config in /etc/alertmanager, data in /alertmanager). */
export const ALERTMANAGER_PATHS = {
    configDir: "/etc/alertmanager/config",
    configFile: "alertmanager.yml",
    data: "/alertmanager",
    /** The web config file (docs/security.md#alertmanager-web-config). */
    webDir: "/etc/alertmanager/web",
    /** The stack's kubernetes.io/tls Secret: the serving certificate and key. */
    webTlsDir: "/etc/alertmanager/web-tls",
} as const;

export const WEB_PORT = { name: ALERTMANAGER_PORT_NAME, number: 9093 } as const;

/** Gossip between peers, over TCP and UDP on one port (prometheus-operator's names and number). */
export const CLUSTER_PORT = { number: 9094, tcpName: ALERTMANAGER_CLUSTER_PORT_NAMES.tcp, udpName: ALERTMANAGER_CLUSTER_PORT_NAMES.udp } as const;

/** Where the downward API puts the pod IP that the cluster listener binds. */
export const POD_IP_ENV = "POD_IP";

/** nobody, as the official image runs it. */
export const ALERTMANAGER_UID = 65534;

export const VOLUMES = { config: "config", data: "alertmanager-data", web: "web-config", webTls: "web-tls" } as const;

export { WEB_SECRET_KEYS } from "../common/web-config";

export function configSecretName(a: Pick<AlertmanagerSettings, "name">): string {
    return `${a.name}-config`;
}

/**
 * The Service carries the self-monitoring job's label, so Prometheus scrapes Alertmanager's own
 * /metrics (job alertmanager) and TargetDown covers it.
 */
export function alertmanagerLabels(a: Pick<AlertmanagerSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": a.name, "app.kubernetes.io/component": "alertmanager" };
}

export function alertmanagerServiceLabels(a: Pick<AlertmanagerSettings, "name">): Record<string, string> {
    return { ...alertmanagerLabels(a), [DISCOVERY_LABEL.key]: DISCOVERY_LABEL.value };
}

/** The Secret with the web config file and the generated password; present exactly when alertmanager.web is set. */
export function webSecretName(a: Pick<AlertmanagerSettings, "name">): string {
    return `${a.name}-web`;
}

export { webScheme, webServerName } from "../common/web-config";
