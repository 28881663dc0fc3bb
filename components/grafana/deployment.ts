import { GRAFANA_KEY, wayIn } from "../../config";
import { credentialsAnnotations, PasswordGenerations } from "../common/web-password";
import { secretGenerationAnnotations } from "../common/secret-generation";
import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { configChecksum, CONFIG_CHECKSUM_ANNOTATION } from "../common/checksum";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { dashboardProviderConfigMap, dataSourcesConfigMap, iniConfigMap } from "./config-maps";
import { iniSecretEnv } from "./ini";
import { extraDataSourceEnv } from "./datasources";
import {
    CONTAINER_NAME,
    dashboardsConfigMapName,
    dashboardsPath,
    dataClaimName,
    datasourcesConfigMapName,
    ENV,
    GRAFANA_PATHS,
    GRAFANA_UID,
    grafanaLabels,
    HOME_DASHBOARD_FILE,
    HTTP_PORT,
    iniConfigMapName,
    INI_FILE,
    providerConfigMapName,
    SECRET_KEYS,
    secretName,
    TLS_CA_KEY,
} from "./layout";
import { GrafanaModel } from "./model";
import { DashboardFolder, FOLDER_KEYS } from "../common/dashboards/folders";
import { alertmanagerWebEnv } from "./alertmanager-web-env";
import { grafanaUrl } from "./service";
import { noPrivileges } from "../common/no-privileges";
import { TEAM_DASHBOARD_VOLUMES, teamDashboardsSidecar, teamDashboardsVolumes } from "./team-dashboards";

type EnvVar = k8s.types.input.core.v1.EnvVar;

const VOLUMES = { data: "data", tmp: "tmp", datasources: "datasources", providers: "dashboard-providers", dashboards: "dashboards", ini: "grafana-ini" } as const;

/** The volume of a folder's ConfigMap; Home's keeps the name the one dashboards volume had. */
const dashboardsVolume = (folder: DashboardFolder) => (folder === "home" ? VOLUMES.dashboards : `${VOLUMES.dashboards}-${folder}`);

function fromSecret(m: GrafanaModel, name: string, key: string): EnvVar {
    return { name, valueFrom: { secretKeyRef: { name: secretName(m.grafana), key } } };
}

/**
 * grafana.ini settings as GF_<SECTION>_<KEY> variables (Grafana's "Override configuration with
 * environment variables"). Only what differs from the image's defaults, each said explicitly when
 * it guards access.
 */
export function grafanaEnv(m: GrafanaModel): EnvVar[] {
    const g = m.grafana;
    const way = wayIn(GRAFANA_KEY, g);
    const tls = way?.https === true;
    return [
        { name: "GF_SECURITY_ADMIN_USER", value: g.adminUser },
        // grafanaAdminPassword set to an existing Secret (docs/existing-secrets.md) is read from it.
        m.grafana.adminPasswordSecret ? { name: ENV.adminPassword, valueFrom: { secretKeyRef: { ...m.grafana.adminPasswordSecret } } } : fromSecret(m, ENV.adminPassword, SECRET_KEYS.adminPassword),
        // Off is Grafana's default; written out because a dashboard with anonymous viewers is a data leak.
        { name: "GF_AUTH_ANONYMOUS_ENABLED", value: "false" },
        { name: "GF_USERS_ALLOW_SIGN_UP", value: "false" },
        // No phoning home from inside a cluster.
        { name: "GF_ANALYTICS_REPORTING_ENABLED", value: "false" },
        { name: "GF_ANALYTICS_CHECK_FOR_UPDATES", value: "false" },
        { name: "GF_ANALYTICS_CHECK_FOR_PLUGIN_UPDATES", value: "false" },
        // Logs go to stdout only: the root filesystem is read-only and kubectl logs reads stdout.
        { name: "GF_LOG_MODE", value: "console" },
        // Grafana opens on the Home dashboard: [dashboards] default_home_dashboard_path, a file the
        // provider provisions as well (Grafana shows the file only when the dashboard it holds exists).
        // Every stack has it (it reads Prometheus' own series), so the pod template does not depend on it.
        { name: "GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH", value: `${GRAFANA_PATHS.dashboards}/${HOME_DASHBOARD_FILE}` },
        // Only behind an Ingress or HTTPRoute: Grafana builds its redirects from root_url, and its default
        // (localhost:3000) is what a kubectl port-forward serves.
        ...(way ? [{ name: "GF_SERVER_ROOT_URL", value: grafanaUrl(g) }] : []),
        ...(tls ? [{ name: "GF_SECURITY_COOKIE_SECURE", value: "true" }] : []),
        ...(m.logs?.search.user !== undefined
            ? [
                  m.logs.search.passwordSecret
                      ? { name: ENV.searchPassword, valueFrom: { secretKeyRef: { ...m.logs.search.passwordSecret } } }
                      : fromSecret(m, ENV.searchPassword, SECRET_KEYS.searchPassword),
              ]
            : []),
        ...(m.prometheus.web?.basicAuthUser !== undefined ? [fromSecret(m, ENV.prometheusPassword, SECRET_KEYS.prometheusPassword)] : []),
        // Only the CA's key of the stack's TLS Secret: the serving key never reaches Grafana's pod.
        ...(m.prometheus.web?.tlsSecretName !== undefined
            ? [{ name: ENV.prometheusCa, valueFrom: { secretKeyRef: { name: m.prometheus.web.tlsSecretName, key: TLS_CA_KEY } } }]
            : []),
        ...alertmanagerWebEnv(m),
        // grafana.ini, grafana.sso, grafana.plugins: the program's grafana.ini instead of the image's sample (its run.sh passes --config="$GF_PATHS_CONFIG").
        ...(iniConfigMap(m) ? [{ name: "GF_PATHS_CONFIG", value: `${GRAFANA_PATHS.config}/${INI_FILE}` }] : []),
        ...iniSecretEnv(g),
        ...extraDataSourceEnv(g),
    ];
}

/**
 * A digest of the files that Grafana reads only at start-up (data sources, the provider and,
 * with grafana.sso, grafana.ini or grafana.plugins, grafana.ini), so a change there restarts it. Dashboards are left out: the provider rescans them.
 * Secrets are never hashed; a changed password is applied as docs/grafana.md#admin-password says.
 */
export function provisioningChecksum(m: GrafanaModel): string {
    const files = {
        ...(dataSourcesConfigMap(m).data as Record<string, string>),
        ...(dashboardProviderConfigMap(m).data as Record<string, string>),
        ...((iniConfigMap(m)?.data ?? {}) as Record<string, string>),
    };
    return configChecksum(files);
}

export function grafanaContainer(m: GrafanaModel): k8s.types.input.core.v1.Container {
    const g = m.grafana;
    return {
        name: CONTAINER_NAME,
        image: g.image,
        imagePullPolicy: "IfNotPresent",
        ports: [{ name: HTTP_PORT.name, containerPort: HTTP_PORT.number, protocol: "TCP" }],
        env: grafanaEnv(m),
        resources: containerResources(g.resources),
        // /api/health answers once the database is migrated; the first start can take a minute.
        readinessProbe: { httpGet: { path: "/api/health", port: HTTP_PORT.name }, periodSeconds: 10, timeoutSeconds: 3 },
        livenessProbe: { httpGet: { path: "/api/health", port: HTTP_PORT.name }, initialDelaySeconds: 60, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 10 },
        volumeMounts: [
            { name: VOLUMES.data, mountPath: GRAFANA_PATHS.data },
            { name: VOLUMES.tmp, mountPath: GRAFANA_PATHS.tmp },
            { name: VOLUMES.datasources, mountPath: GRAFANA_PATHS.datasources, readOnly: true },
            { name: VOLUMES.providers, mountPath: GRAFANA_PATHS.dashboardProviders, readOnly: true },
            ...FOLDER_KEYS.map((folder) => ({ name: dashboardsVolume(folder), mountPath: dashboardsPath(folder), readOnly: true })),
            ...(g.teamDashboards ? [{ name: TEAM_DASHBOARD_VOLUMES.live, mountPath: GRAFANA_PATHS.teamDashboards, readOnly: true }] : []),
            ...(iniConfigMap(m) ? [{ name: VOLUMES.ini, mountPath: GRAFANA_PATHS.config, readOnly: true }] : []),
        ],
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: GRAFANA_UID,
            runAsGroup: GRAFANA_UID,
        },
    };
}

function volumes(m: GrafanaModel): k8s.types.input.core.v1.Volume[] {
    const g = m.grafana;
    return [
        g.persistence ? { name: VOLUMES.data, persistentVolumeClaim: { claimName: dataClaimName(g) } } : { name: VOLUMES.data, emptyDir: {} },
        { name: VOLUMES.tmp, emptyDir: {} },
        { name: VOLUMES.datasources, configMap: { name: datasourcesConfigMapName(g) } },
        { name: VOLUMES.providers, configMap: { name: providerConfigMapName(g) } },
        // One ConfigMap per platform folder, whatever the dashboards: the kubelet updates each directory in place when its data changes.
        ...FOLDER_KEYS.map((folder) => ({ name: dashboardsVolume(folder), configMap: { name: dashboardsConfigMapName(g, folder) } })),
        ...teamDashboardsVolumes(m),
        ...(iniConfigMap(m) ? [{ name: VOLUMES.ini, configMap: { name: iniConfigMapName(g) } }] : []),
    ];
}

/**
 * One replica: Grafana's default database is SQLite on one volume. `secretGeneration` is Secret
 * `grafana`'s (components/common/secret-generation.ts): Grafana reads it through its environment,
 * at start only, so a changed Secret rolls the pod.
 */
export function grafanaDeployment(m: GrafanaModel, passwordGenerations?: PasswordGenerations, secretGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.Deployment {
    const g = m.grafana;
    const labels = grafanaLabels(g);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: g.name, namespace: g.namespace, labels },
        spec: {
            replicas: 1,
            // A ReadWriteOnce volume cannot be attached to the old and the new pod at once.
            strategy: { type: g.persistence ? "Recreate" : "RollingUpdate" },
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, annotations: { [CONFIG_CHECKSUM_ANNOTATION]: provisioningChecksum(m), ...credentialsAnnotations(passwordGenerations), ...secretGenerationAnnotations({ grafana: secretGeneration }) } },
                spec: {
                    // Provisioning reads files; Grafana needs no Kubernetes API access. The team dashboards'
                    // sidecar, when on, mounts a token of its own (team-dashboards/).
                    serviceAccountName: g.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(g),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: GRAFANA_UID,
                        runAsGroup: GRAFANA_UID,
                        fsGroup: GRAFANA_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    // The team dashboards' sidecar, when on, is the only container with a token (team-dashboards/).
                    containers: [grafanaContainer(m), ...[teamDashboardsSidecar(m)].filter((c) => c !== undefined)],
                    volumes: volumes(m),
                },
            },
        },
    };
}
