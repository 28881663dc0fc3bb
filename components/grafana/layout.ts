import { GrafanaSettings } from "../../config";
import type { DashboardFolder } from "../common/dashboards/folders";

/** The port name Grafana's Service gives its metrics port. */
export const GRAFANA_PORT_NAME = "http";

/** Grafana's job label, which the monitor job gives its series. */
export const GRAFANA_JOB_NAME = "grafana";

/**
 * Names, paths and ports shared by several builders, so a mount and the path Grafana reads, or a
 * Secret key and the variable that carries it, are written once.
 */

/** The grafana user of the official image (docs/grafana.md#hardening). */
export const GRAFANA_UID = 472;

/** Grafana's default http_port, which the program leaves as it is. */
export const HTTP_PORT = { name: GRAFANA_PORT_NAME, number: 3000 } as const;

/** Where the official image reads and writes (its Dockerfile sets GF_PATHS_* to these). */
export const GRAFANA_PATHS = {
    data: "/var/lib/grafana",
    provisioning: "/etc/grafana/provisioning",
    datasources: "/etc/grafana/provisioning/datasources",
    dashboardProviders: "/etc/grafana/provisioning/dashboards",
    /** Where the file provider reads dashboard JSON; outside provisioning/ so Grafana never takes one for a provider file. */
    dashboards: "/var/lib/grafana-dashboards",
    /** The team provider's directory, one sub-directory (a folder) per namespace; the sidecar writes it (team-dashboards/). */
    teamDashboards: "/var/lib/grafana-team-dashboards",
    tmp: "/tmp",
    /** The directory of the program's grafana.ini (a ConfigMap), which GF_PATHS_CONFIG names; only while grafana.sso, grafana.ini or grafana.plugins is set. */
    config: "/etc/grafana-ini",
} as const;

export const CONTAINER_NAME = "grafana";

/**
 * The Home dashboard's key in the dashboards ConfigMap (uid cm-home, dashboards/home.ts): Grafana's
 * [dashboards] default_home_dashboard_path names this file, which the file provider provisions too.
 */
export const HOME_DASHBOARD_FILE = "home.json";

/** Keys of the Secret, and the environment variables that carry them into the container. */
export const SECRET_KEYS = {
    adminPassword: "admin-password",
    searchPassword: "search-password",
    prometheusPassword: "prometheus-password",
    alertmanagerPassword: "alertmanager-password",
} as const;
export const ENV = {
    adminPassword: "GF_SECURITY_ADMIN_PASSWORD",
    searchPassword: "SEARCH_PASSWORD",
    /** Prometheus' basic-auth password, from Grafana's own Secret (metrics.web.basicAuth). */
    prometheusPassword: "PROMETHEUS_PASSWORD",
    /** ca.crt of the stack's TLS Secret (metrics.web.tls), read from that Secret itself. */
    prometheusCa: "PROMETHEUS_CA",
    /** Alertmanager's basic-auth password and ca.crt (alertmanager.web), each read from its own Secret's one key. */
    alertmanagerPassword: "ALERTMANAGER_PASSWORD",
    alertmanagerCa: "ALERTMANAGER_CA",
} as const;

/** The key of a kubernetes.io/tls Secret that holds the issuing CA. */
export const TLS_CA_KEY = "ca.crt";

export const DATASOURCES_FILE = "datasources.yaml";
export const INI_FILE = "grafana.ini";
export const PROVIDER_FILE = "dashboards.yaml";

export function grafanaLabels(g: Pick<GrafanaSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": g.name, "app.kubernetes.io/component": "dashboards" };
}

export const secretName = (g: Pick<GrafanaSettings, "name">) => g.name;

/**
 * Where Grafana's pod reads a secret stack key: the key of its own Secret named after it, or the
 * existing Secret the stack set that key to (docs/existing-secrets.md), in Grafana's namespace. A
 * change in an existing Secret does not roll the pod: Grafana reads its environment at start.
 */
export function stackSecretKeyRef(g: Pick<GrafanaSettings, "name" | "existingSecrets">, stackKey: string): { name: string; key: string } {
    return g.existingSecrets?.[stackKey] ?? { name: secretName(g), key: stackKey };
}
export const datasourcesConfigMapName = (g: Pick<GrafanaSettings, "name">) => `${g.name}-datasources`;
export const providerConfigMapName = (g: Pick<GrafanaSettings, "name">) => `${g.name}-dashboard-provider`;
/**
 * The ConfigMap of one platform folder: every dashboard of the folder is a key of it
 * (docs/grafana.md#how-a-dashboard-change-arrives). The top level (Home) keeps the name the one
 * ConfigMap of all dashboards had, so its object and Home's path stay as they were.
 */
export const dashboardsConfigMapName = (g: Pick<GrafanaSettings, "name">, folder: DashboardFolder = "home") => (folder === "home" ? `${g.name}-dashboards` : `${g.name}-dashboards-${folder}`);

/** Where a folder's ConfigMap is mounted and its provider reads: side by side, since a mount inside a ConfigMap volume would need a directory in it. */
export const dashboardsPath = (folder: DashboardFolder) => (folder === "home" ? GRAFANA_PATHS.dashboards : `${GRAFANA_PATHS.dashboards}-${folder}`);
/** The claim of the data volume with persistence; the NFS PersistentVolume takes the same name. */
export const dataClaimName = (g: Pick<GrafanaSettings, "name">) => `${g.name}-data`;
/** The ConfigMap of grafana.ini, while the stack sets anything it holds (grafana.sso, grafana.ini, grafana.plugins). */
export const iniConfigMapName = (g: Pick<GrafanaSettings, "name">) => `${g.name}-ini`;

/**
 * The variable through which Grafana reads [section] key from the environment, as its
 * configuration docs spell it: GF_, then the section and key upper-cased, each . and - an _.
 */
export function iniEnvName(section: string, key: string): string {
    return `GF_${section}_${key}`.toUpperCase().replace(/[.-]/g, "_");
}

/** The variable that carries a secure field of an extra data source (grafana.dataSources), which its provisioning entry names as ${VAR}. */
export function dataSourceEnvName(uid: string, field: string): string {
    return `DATASOURCE_${uid}_${field}`.toUpperCase().replace(/-/g, "_");
}
