import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ExistingSecretKey } from "./secret-reference";
import { closedObject, flag, text, whenClean } from "./fields";
import { dnsLabel, serviceName } from "./formats";
import { ingressSchema } from "./metrics";
import { bothWaysIssue, httpRouteSchema } from "./gateway-route";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { storageSchema } from "./storage";
import { workloadHatchSchema } from "./workload-hatches";
import { requireTeamNamespaces, teamNamespaceFields } from "./team-namespaces";
import { grafanaSsoSchema } from "./grafana-sso";
import { grafanaIniSchema, iniSecretReferences } from "./grafana-ini";
import { grafanaPluginsSchema } from "./grafana-plugins";
import { dataSourceSecretReferences, grafanaDataSourcesSchema } from "./grafana-datasources";
import { secretKeyName } from "./remote-write";

export const GRAFANA_KEY = "grafana";
export const GRAFANA_ADMIN_PASSWORD_KEY = "grafanaAdminPassword";

/**
 * Grafana OSS 13.2.3, the release that @grafana/schema 13.2.3 (package.json) describes, so the
 * dashboards are type-checked against the schema of the Grafana that loads them
 * (docs/grafana.md#versions).
 */
export const GRAFANA_VERSION = "13.2.3";

export const GRAFANA_DEFAULTS = {
    enabled: true,
    name: "grafana",
    image: `docker.io/grafana/grafana:${GRAFANA_VERSION}`,
    adminUser: "admin",
    generateAdminPassword: true,
    /** Grafana's own Helm chart leaves resources to the user; this covers a handful of users and dashboards. */
    resources: { cpuRequest: "50m", memoryRequest: "128Mi", memoryLimit: "512Mi" } as ResourceSettings,
    persistence: false,
    storageSize: "1Gi",
    folder: "cluster-monitoring",
};

// The user goes into an environment variable that Grafana reads as-is; a line break or a
// leading/trailing space would make a login name nobody can type.
function adminUser(value: string): string | undefined {
    return /^[A-Za-z0-9._@-]+$/.test(value) ? undefined : "a login name of letters, digits and . _ @ -";
}

const d = GRAFANA_DEFAULTS;

export { K8S_SIDECAR_VERSION } from "./team-namespaces";
export const TEAM_DASHBOARD_LABEL = "grafana_dashboard";

/**
 * `grafana.teamDashboards`: ConfigMaps labelled grafana_dashboard: "1" in the namespaces listed,
 * or in all of them, become dashboards in a folder per namespace. Off while absent; a stack that
 * sets it says which namespaces, so `{}` and an empty list are refused.
 */
export const teamDashboardsSchema = requireTeamNamespaces(
    closedObject(
        teamNamespaceFields(
            `namespaces whose ConfigMaps labelled ${TEAM_DASHBOARD_LABEL}: "1" become dashboards; the sidecar gets a Role (list, watch ConfigMaps) in each`,
            "true: take them from every namespace, through a ClusterRole (list, watch ConfigMaps cluster-wide)",
        ),
    ),
    "teamDashboards",
);

export type TeamDashboardSettings = z.output<typeof teamDashboardsSchema>;

/** `cluster-monitoring:grafana`: Grafana beside Prometheus, with provisioned data sources and dashboards (docs/grafana.md). */
export const grafanaSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: `deploy Grafana; its admin password is the secret ${GRAFANA_ADMIN_PASSWORD_KEY}, or a generated one` }),
    name: text((v) => dnsLabel(v) ?? serviceName(v))
        .default(d.name)
        .meta({ description: "Deployment, Service, Ingress, Secret and ConfigMap prefix, in the metrics namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.grafana)).default(d.image).meta({ description: `the Grafana OSS image; the dashboards follow the schema of ${GRAFANA_VERSION}` }),
    adminUser: text(adminUser).default(d.adminUser).meta({ description: `the admin login; its password is the secret ${GRAFANA_ADMIN_PASSWORD_KEY}, or a generated one` }),
    generateAdminPassword: flag().default(d.generateAdminPassword).meta({
        description:
            `true: without the secret ${GRAFANA_ADMIN_PASSWORD_KEY}, generate a password once and keep it, encrypted, in the stack's state ` +
            "(stack output grafanaAdminPassword); false: require the secret (docs/grafana.md#admin-password)",
    }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
    persistence: flag()
        .default(d.persistence)
        .meta({ description: "true: users, preferences and annotations survive a restart on a volume from storage; false: an emptyDir (dashboards and data sources are provisioned anyway)" }),
    storage: storageSchema(d.storageSize).meta({ description: "with persistence: the data volume, { mode, size, className, nfs }" }),
    ingress: ingressSchema.optional().meta({ description: "an Ingress: { host, className, tlsSecretName }; none by default" }),
    httpRoute: httpRouteSchema.optional().meta({ description: "a Gateway API HTTPRoute instead of the Ingress: { parentRefs, hostname }; none by default; Grafana's own login authenticates (docs/gateway-api.md)" }),
    extra: workloadHatchSchema.meta({
        description:
            "what the Grafana pod and Ingress get beside the program's: { args, env, volumes, volumeMounts, podLabels, podAnnotations, ingressAnnotations }; no GF_* variable: grafana.ini settings are grafana.ini (docs/escape-hatches.md#extra-flags-env-volumes-and-annotations)",
    }),
    sso: grafanaSsoSchema.meta({
        description:
            "single sign-on: { provider: keycloak | dex | azuread | google | github | generic, clientId, clientSecretKey, issuerUrl, roles: { <group>: Viewer | Editor | Admin }, defaultRole, ... }; the local admin stays (docs/grafana.md#single-sign-on)",
    }),
    ini: grafanaIniSchema.meta({
        description:
            "grafana.ini sections in Grafana's shape: server, auth, security, users and smtp typed, any other section checked against Grafana's conf/defaults.ini; credentials as <key>_secret (docs/escape-hatches.md#grafanaini-sections)",
    }),
    plugins: grafanaPluginsSchema.meta({
        description: "plugins installed from grafana.com at start: [{ id, version }]; opens egress to it on 443 (docs/grafana.md#plugins)",
    }),
    dataSources: grafanaDataSourcesSchema.meta({
        description:
            "data sources beside the program's, in Grafana's provisioning shape; secure fields as secureJsonData.<field>_secret: <secret stack key> (docs/grafana.md#extra-data-sources)",
    }),
    teamDashboards: teamDashboardsSchema
        .optional()
        .meta({ description: "dashboards teams bring as labelled ConfigMaps: { namespaces: [...] } or { all: true }; none by default (docs/grafana.md#team-dashboards)" }),
}).superRefine((g, ctx) => {
    // One way in: root_url and the cookie follow the one host (docs/gateway-api.md#ingress-or-route).
    const both = bothWaysIssue(GRAFANA_KEY, g);
    if (both) {
        ctx.addIssue({ code: "custom", ...both });
    }
}, whenClean("ingress", "httpRoute"));

export type GrafanaSettings = z.output<typeof grafanaSchema> & {
    /** The metrics server's namespace, where Grafana runs beside Prometheus. */
    namespace: string;
    /** The stack's secret; when absent and generateAdminPassword is on, the Grafana component generates one. */
    adminPassword?: pulumi.Output<string>;
    /** The secret stack keys that sso, ini and dataSources name, by key: they join Grafana's Secret. */
    secrets?: Record<string, pulumi.Output<string>>;
    /** grafanaAdminPassword set to an existing Secret in Grafana's namespace (docs/existing-secrets.md): read from it, never generated or copied. */
    adminPasswordSecret?: ExistingSecretKey;
    /** The keys of `secrets` set to existing Secrets instead, by key: Grafana's env reads them from there. */
    existingSecrets?: Record<string, ExistingSecretKey>;
};

/** The secret stack keys a raw grafana value names (sso.clientSecretKey, ini.*.<key>_secret, dataSources[].secureJsonData.<field>_secret), with where. */
export function grafanaSecretReferences(rawGrafana: unknown): { at: string; key: string }[] {
    const g = (rawGrafana ?? {}) as { sso?: { clientSecretKey?: unknown }; ini?: unknown; dataSources?: unknown };
    const sso = typeof g.sso?.clientSecretKey === "string" && secretKeyName(g.sso.clientSecretKey) === undefined ? [{ at: "sso.clientSecretKey", key: g.sso.clientSecretKey }] : [];
    return [
        ...sso,
        ...iniSecretReferences(g.ini).map((r) => ({ at: r.path, key: r.stackKey })),
        ...dataSourceSecretReferences(g.dataSources).map((r) => ({ at: r.path, key: r.stackKey })),
    ];
}
