import * as fs from "fs";
import * as path from "path";
import * as k8s from "@pulumi/kubernetes";
import { TEAM_DASHBOARD_LABEL, TeamDashboardSettings } from "../../../config";
import { noPrivileges } from "../../common/no-privileges";
import { GRAFANA_PATHS, grafanaLabels } from "../layout";
import { GrafanaModel } from "../model";
import { scriptConfigMapName, teamDashboardsRbacName } from "./names";

/**
 * Team dashboards (docs/grafana.md#team-dashboards): kiwigrid/k8s-sidecar in Grafana's pod writes
 * every ConfigMap labelled grafana_dashboard: "1" of the allowed namespaces into a staging
 * directory, then runs sort_dashboards.py, which moves each dashboard into its namespace's folder
 * of the team provider's directory, or writes a refusal dashboard there instead. Every setting
 * below was read in the sidecar's src/ at tag 2.10.1 (sidecar.py, resources.py, helpers.py).
 */

type Container = k8s.types.input.core.v1.Container;
type Volume = k8s.types.input.core.v1.Volume;

/** The label's value the Grafana chart and kube-prometheus-stack use. */
export const TEAM_DASHBOARD_LABEL_VALUE = "1";

export const TEAM_DASHBOARD_PATHS = {
    /** The sidecar's FOLDER: what it writes, one file per key; only the sidecar mounts it. */
    staging: "/var/lib/grafana-team-dashboards-staging",
    /** The team provider's path, folders from its sub-directories; read-only in Grafana. */
    live: GRAFANA_PATHS.teamDashboards,
    script: "/opt/team-dashboards",
    /** Where the sidecar reads its token, CA and namespace (sidecar.py opens namespace there). */
    serviceAccount: "/var/run/secrets/kubernetes.io/serviceaccount",
    tmp: "/tmp",
} as const;

export const SIDECAR_CONTAINER_NAME = "team-dashboards";
/** The sidecar's /healthz (HEALTH_PORT, healthz.py): 200 after the first sync, 503 while its watches are down. */
export const SIDECAR_HEALTH_PORT = 8080;
/** The image's USER (nobody); a uid of its own, so it is not Grafana's. */
export const SIDECAR_UID = 65534;

export const TEAM_DASHBOARD_VOLUMES = {
    staging: "team-dashboards-staging",
    live: "team-dashboards",
    script: "team-dashboards-script",
    token: "team-dashboards-token",
    tmp: "team-dashboards-tmp",
} as const;

/**
 * The sidecar reads the folder annotation of every ConfigMap it takes (resources.py
 * _get_destination_folder) and honours an absolute path, or a relative one joined to FOLDER
 * (`..` included): a team could write outside its folder. FOLDER_ANNOTATION cannot switch that
 * off, only rename the annotation; this name has a space, which the API server refuses in an
 * annotation key, so no ConfigMap can carry it and every file goes to FOLDER.
 */
export const UNUSABLE_FOLDER_ANNOTATION = "cluster-monitoring.io/no folder annotation";

export const teamDashboardsProviderName = "teams";
export { scriptConfigMapName, teamDashboardsRbacName } from "./names";

export const SCRIPT_FILES = { sorter: "sort_dashboards.py", run: "sort.sh", platformUids: "platform-uids.json" } as const;

/** The sidecar's SCRIPT: a file that is not executable is run with sh (helpers.py execute), so a ConfigMap's mode does not matter. */
const RUN_SCRIPT = `exec python ${TEAM_DASHBOARD_PATHS.script}/${SCRIPT_FILES.sorter}\n`;

export function sorterSource(): string {
    return fs.readFileSync(path.join(__dirname, SCRIPT_FILES.sorter), "utf8");
}

/** Every platform dashboard's uid starts with it (each component's dashboard.ts): reserved, so a dashboard the platform adds later finds its uid free. */
export const PLATFORM_UID_PREFIX = "cm-";

/** The uids of the platform's dashboards, which no team dashboard may take. */
export function platformDashboardUids(m: GrafanaModel): string[] {
    return m.dashboards.map((d) => (d.json as { uid?: string }).uid).filter((u): u is string => typeof u === "string");
}

export function teamDashboardsScriptConfigMap(m: GrafanaModel): k8s.types.input.core.v1.ConfigMap {
    const g = m.grafana;
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: scriptConfigMapName(g), namespace: g.namespace, labels: grafanaLabels(g) },
        data: {
            [SCRIPT_FILES.sorter]: sorterSource(),
            [SCRIPT_FILES.run]: RUN_SCRIPT,
            // The uids of this stack's dashboards, and the prefix of every dashboard the platform may add later.
            [SCRIPT_FILES.platformUids]: JSON.stringify({ uidPrefix: PLATFORM_UID_PREFIX, uids: platformDashboardUids(m).sort() }),
        },
    };
}

/** NAMESPACE: a comma-separated list, or ALL (sidecar.py, resources.py _list_namespace). */
export function sidecarNamespaces(t: TeamDashboardSettings): string {
    return t.all === true ? "ALL" : (t.namespaces ?? []).join(",");
}

/**
 * The sidecar's environment, all of it. What it leaves out matters as much: no REQ_URL (Grafana's
 * file provider rescans on its own), and no REQ_USERNAME, REQ_PASSWORD or their _FILE forms,
 * because helpers.py request() sends them with every fetch, including the one a ConfigMap key
 * ending in `.url` makes to any address it names. RESOURCE stays configmap: no Secret is read.
 */
export function sidecarEnv(t: TeamDashboardSettings): Array<{ name: string; value: string }> {
    return [
        { name: "LABEL", value: TEAM_DASHBOARD_LABEL },
        { name: "LABEL_VALUE", value: TEAM_DASHBOARD_LABEL_VALUE },
        { name: "FOLDER", value: TEAM_DASHBOARD_PATHS.staging },
        { name: "FOLDER_ANNOTATION", value: UNUSABLE_FOLDER_ANNOTATION },
        { name: "NAMESPACE", value: sidecarNamespaces(t) },
        { name: "RESOURCE", value: "configmap" },
        // namespace_<ns>.configmap_<name>.<key>: two teams' keys never overwrite each other, and the sorter reads the namespace from the name.
        { name: "UNIQUE_FILENAMES", value: "true" },
        { name: "SCRIPT", value: `${TEAM_DASHBOARD_PATHS.script}/${SCRIPT_FILES.run}` },
        { name: "TEAM_DASHBOARDS_STAGING", value: TEAM_DASHBOARD_PATHS.staging },
        { name: "TEAM_DASHBOARDS_LIVE", value: TEAM_DASHBOARD_PATHS.live },
        { name: "TEAM_DASHBOARDS_PLATFORM_UIDS", value: `${TEAM_DASHBOARD_PATHS.script}/${SCRIPT_FILES.platformUids}` },
        // A `.url` key still makes the sidecar fetch, without credentials: one try, soon given up.
        { name: "REQ_RETRY_TOTAL", value: "0" },
        { name: "REQ_TIMEOUT", value: "2" },
        { name: "HEALTH_PORT", value: String(SIDECAR_HEALTH_PORT) },
    ];
}

export function teamDashboardsSidecar(m: GrafanaModel): Container | undefined {
    const t = m.grafana.teamDashboards;
    if (!t) {
        return undefined;
    }
    const health = { httpGet: { path: "/healthz", port: SIDECAR_HEALTH_PORT }, periodSeconds: 10, timeoutSeconds: 3 };
    return {
        name: SIDECAR_CONTAINER_NAME,
        image: t.image,
        imagePullPolicy: "IfNotPresent",
        env: sidecarEnv(t),
        resources: { requests: { cpu: "10m", memory: "64Mi" }, limits: { memory: "192Mi" } },
        readinessProbe: health,
        livenessProbe: { ...health, initialDelaySeconds: 30, failureThreshold: 6 },
        volumeMounts: [
            { name: TEAM_DASHBOARD_VOLUMES.staging, mountPath: TEAM_DASHBOARD_PATHS.staging },
            { name: TEAM_DASHBOARD_VOLUMES.live, mountPath: TEAM_DASHBOARD_PATHS.live },
            { name: TEAM_DASHBOARD_VOLUMES.script, mountPath: TEAM_DASHBOARD_PATHS.script, readOnly: true },
            { name: TEAM_DASHBOARD_VOLUMES.token, mountPath: TEAM_DASHBOARD_PATHS.serviceAccount, readOnly: true },
            { name: TEAM_DASHBOARD_VOLUMES.tmp, mountPath: TEAM_DASHBOARD_PATHS.tmp },
        ],
        securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: SIDECAR_UID, runAsGroup: SIDECAR_UID },
    };
}

/**
 * The sidecar's volumes. The pod mounts no token (automountServiceAccountToken false); this
 * projected volume is what the kubelet would mount, given to the sidecar container only, so
 * Grafana's own container holds no credential for the API server.
 */
export function teamDashboardsVolumes(m: GrafanaModel): Volume[] {
    const g = m.grafana;
    if (!g.teamDashboards) {
        return [];
    }
    return [
        // The sidecar writes what teams send: bounded, so a flood of ConfigMaps evicts this pod, not the node's disk.
        { name: TEAM_DASHBOARD_VOLUMES.staging, emptyDir: { sizeLimit: "64Mi" } },
        { name: TEAM_DASHBOARD_VOLUMES.live, emptyDir: { sizeLimit: "64Mi" } },
        { name: TEAM_DASHBOARD_VOLUMES.script, configMap: { name: scriptConfigMapName(g) } },
        {
            name: TEAM_DASHBOARD_VOLUMES.token,
            projected: {
                sources: [
                    { serviceAccountToken: { path: "token", expirationSeconds: 3607 } },
                    { configMap: { name: "kube-root-ca.crt", items: [{ key: "ca.crt", path: "ca.crt" }] } },
                    { downwardAPI: { items: [{ path: "namespace", fieldRef: { apiVersion: "v1", fieldPath: "metadata.namespace" } }] } },
                ],
            },
        },
        { name: TEAM_DASHBOARD_VOLUMES.tmp, emptyDir: { sizeLimit: "16Mi" } },
    ];
}

const RBAC_API = "rbac.authorization.k8s.io";
/** What the sidecar calls: list_namespaced_config_map or list_config_map_for_all_namespaces, and their watch. No get: RESOURCE_NAME is unset. */
const RULES = [{ apiGroups: [""], resources: ["configmaps"], verbs: ["list", "watch"] }];

/**
 * Grafana's ServiceAccount may list and watch ConfigMaps in exactly the allowed namespaces: a Role
 * and RoleBinding in each, or one ClusterRole and ClusterRoleBinding with all. The grant is the
 * pod's, but only the sidecar container has the token.
 */
export function teamDashboardsRbac(m: GrafanaModel): Array<{ kind: "Role" | "RoleBinding" | "ClusterRole" | "ClusterRoleBinding"; object: Record<string, unknown> }> {
    const g = m.grafana;
    const t = g.teamDashboards;
    if (!t) {
        return [];
    }
    const name = teamDashboardsRbacName(g);
    const labels = grafanaLabels(g);
    const subjects = [{ kind: "ServiceAccount", name: g.name, namespace: g.namespace }];
    if (t.all === true) {
        return [
            { kind: "ClusterRole", object: { apiVersion: `${RBAC_API}/v1`, kind: "ClusterRole", metadata: { name, labels }, rules: RULES } },
            {
                kind: "ClusterRoleBinding",
                object: { apiVersion: `${RBAC_API}/v1`, kind: "ClusterRoleBinding", metadata: { name, labels }, roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name }, subjects },
            },
        ];
    }
    return (t.namespaces ?? []).flatMap((namespace) => [
        { kind: "Role" as const, object: { apiVersion: `${RBAC_API}/v1`, kind: "Role", metadata: { name, namespace, labels }, rules: RULES } },
        {
            kind: "RoleBinding" as const,
            object: { apiVersion: `${RBAC_API}/v1`, kind: "RoleBinding", metadata: { name, namespace, labels }, roleRef: { apiGroup: RBAC_API, kind: "Role", name }, subjects },
        },
    ]);
}
