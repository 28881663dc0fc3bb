import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { generatedAdminPasswordArgs } from "./admin-password";
import { dashboardsConfigMaps, dashboardProviderConfigMap, dataSourcesConfigMap, iniConfigMap } from "./config-maps";
import { grafanaServiceAccount } from "./service-account";
import { grafanaDeployment } from "./deployment";
import { CONTAINER_NAME } from "./layout";
import { grafanaHttpRoute, grafanaIngress } from "./ingress";
import { withIngressAnnotations, withWorkloadHatch } from "../common/workload-hatch";
import { GrafanaModel } from "./model";
import { grafanaSecret } from "./secret";
import { grafanaService, grafanaUrl } from "./service";
import { grafanaDataClaim, grafanaDataVolume } from "./storage";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import { PasswordGenerations } from "../common/web-password";
import { secretGeneration } from "../common/secret-generation";
import { teamDashboardsRbac, teamDashboardsScriptConfigMap } from "./team-dashboards";

export interface GrafanaArgs {
    model: GrafanaModel;
    /** Prometheus' generated basic-auth password, while metrics.web.basicAuth is set. */
    prometheusPassword?: pulumi.Output<string>;
    /** Alertmanager's generated basic-auth password, while alertmanager.web.basicAuth is set. */
    alertmanagerPassword?: pulumi.Output<string>;
    /** The generations of Prometheus' and Alertmanager's passwords, so Grafana, which reads them at start, rolls when one is replaced. */
    passwordGenerations?: PasswordGenerations;
    namespaces: NamespaceReadiness;
}

/** Grafana's OpenSearch data source plugin (grafana/opensearch-datasource), which a stack adds itself for logs in OpenSearch. */
export const OPENSEARCH_DATASOURCE_PLUGIN = "grafana-opensearch-datasource";

/** Grafana beside Prometheus, with provisioned data sources and dashboards (docs/grafana.md). */
export class Grafana extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;
    public readonly url: pulumi.Output<string>;
    /** The admin login and its password, a Pulumi secret: the stack's own or the generated one. */
    public readonly adminUser: pulumi.Output<string>;
    /** Absent while grafanaAdminPassword names an existing Secret: the program never sees that value. */
    public readonly adminPassword?: pulumi.Output<string>;

    constructor(name: string, args: GrafanaArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:dashboards:Grafana", name, args.namespaces, opts);
        const m = args.model;
        const namespace = m.grafana.namespace;
        if (m.logs === undefined && !(m.grafana.dataSources ?? []).some((d) => d.type === OPENSEARCH_DATASOURCE_PLUGIN)) {
            pulumi.log.warn(
                `Grafana gets no log data source: the log agent writes to OpenSearch, which Grafana's Elasticsearch data source does not support; ` +
                    `add the ${OPENSEARCH_DATASOURCE_PLUGIN} plugin with grafana.plugins and a data source of that type with grafana.dataSources (docs/log-store.md#grafana)`,
                this,
            );
        }
        const inNamespace = this.inNamespace(namespace);
        const adminPassword = m.grafana.adminPasswordSecret
            ? undefined
            : (m.grafana.adminPassword ??
              new random.RandomPassword(`${name}-admin-password`, generatedAdminPasswordArgs(), { parent: this, additionalSecretOutputs: ["result"] }).result);
        const secretArgs = grafanaSecret(m, adminPassword, args.prometheusPassword, args.alertmanagerPassword);
        const secret = new k8s.core.v1.Secret(`${name}-secret`, secretArgs, inNamespace);
        const configMaps = [
            new k8s.core.v1.ConfigMap(`${name}-datasources`, dataSourcesConfigMap(m), inNamespace),
            new k8s.core.v1.ConfigMap(`${name}-dashboard-provider`, dashboardProviderConfigMap(m), inNamespace),
            // Home's keeps the name of the one ConfigMap every dashboard was in; each other folder has its own.
            ...dashboardsConfigMaps(m).map(({ folder, configMap }) =>
                folder === "home" ? new k8s.core.v1.ConfigMap(`${name}-dashboards`, configMap, inNamespace) : new k8s.core.v1.ConfigMap(`${name}-dashboards-${folder}`, configMap, inNamespace),
            ),
            ...(m.grafana.teamDashboards ? [new k8s.core.v1.ConfigMap(`${name}-team-dashboards-script`, teamDashboardsScriptConfigMap(m), inNamespace)] : []),
        ];
        const ini = iniConfigMap(m);
        if (ini) {
            configMaps.push(new k8s.core.v1.ConfigMap(`${name}-ini`, ini, inNamespace));
        }
        const volumeArgs = grafanaDataVolume(m.grafana);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, this.clusterScoped())] : [];
        const claimArgs = grafanaDataClaim(m.grafana);
        const claim = claimArgs ? [new k8s.core.v1.PersistentVolumeClaim(`${name}-data`, claimArgs, this.inNamespace(namespace, ...volume))] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, grafanaService(m.grafana), inNamespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, grafanaServiceAccount(m.grafana), inNamespace);
        // Named `${name}-team-dashboards-<kind>[-<namespace>]`, written out per kind so tests/name-collisions.test.ts finds each constructor.
        for (const { kind, object } of teamDashboardsRbac(m)) {
            const ns = (object.metadata as { namespace?: string }).namespace;
            const opts = ns ? this.inNamespace(ns, account) : this.clusterScoped(account);
            switch (kind) {
                case "Role":
                    new k8s.rbac.v1.Role(`${name}-team-dashboards-role-${ns}`, object as unknown as k8s.rbac.v1.RoleArgs, opts);
                    break;
                case "RoleBinding":
                    new k8s.rbac.v1.RoleBinding(`${name}-team-dashboards-rolebinding-${ns}`, object as unknown as k8s.rbac.v1.RoleBindingArgs, opts);
                    break;
                case "ClusterRole":
                    new k8s.rbac.v1.ClusterRole(`${name}-team-dashboards-clusterrole`, object as unknown as k8s.rbac.v1.ClusterRoleArgs, opts);
                    break;
                case "ClusterRoleBinding":
                    new k8s.rbac.v1.ClusterRoleBinding(`${name}-team-dashboards-clusterrolebinding`, object as unknown as k8s.rbac.v1.ClusterRoleBindingArgs, opts);
                    break;
            }
        }
        // grafana.extra (docs/escape-hatches.md), checked against the built pod before any resource (hatch-checks.ts).
        const deployment = withWorkloadHatch(grafanaDeployment(m, args.passwordGenerations, secretGeneration(`${name}-secret`, secretArgs, this)), CONTAINER_NAME, m.grafana.extra);
        new k8s.apps.v1.Deployment(`${name}-deployment`, deployment, this.inNamespace(namespace, secret, ...configMaps, ...claim, service, account));
        const ingressArgs = grafanaIngress(m.grafana) && withIngressAnnotations(grafanaIngress(m.grafana)!, m.grafana.extra);
        if (ingressArgs) {
            new k8s.networking.v1.Ingress(`${name}-ingress`, ingressArgs, this.inNamespace(namespace, service));
        }
        const routeArgs = grafanaHttpRoute(m.grafana);
        if (routeArgs) {
            new k8s.apiextensions.CustomResource(`${name}-http-route`, routeArgs, this.inNamespace(namespace, service));
        }
        this.serviceName = service.metadata.name;
        this.url = pulumi.output(grafanaUrl(m.grafana));
        this.adminUser = pulumi.output(m.grafana.adminUser);
        this.adminPassword = adminPassword === undefined ? undefined : pulumi.secret(adminPassword);
        this.registerOutputs({ serviceName: this.serviceName, url: this.url, adminUser: this.adminUser, ...(this.adminPassword ? { adminPassword: this.adminPassword } : {}) });
    }
}
