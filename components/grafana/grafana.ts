import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { dashboardConfigMaps, dashboardProviderConfigMap, dataSourcesConfigMap } from "./config-maps";
import { ownServiceAccount } from "../common/own-service-account";
import { grafanaDeployment } from "./deployment";
import { grafanaLabels } from "./layout";
import { grafanaIngress } from "./ingress";
import { GrafanaModel } from "./model";
import { grafanaSecret } from "./secret";
import { grafanaService, grafanaUrl } from "./service";
import { grafanaDataClaim, grafanaDataVolume } from "./storage";

export interface GrafanaArgs {
    model: GrafanaModel;
    /** The metrics server's Namespace, when the program creates it. */
    namespaceReady?: pulumi.Resource;
}

/** Grafana beside Prometheus, with provisioned data sources and dashboards (docs/grafana.md). */
export class Grafana extends pulumi.ComponentResource {
    public readonly serviceName: pulumi.Output<string>;
    public readonly url: pulumi.Output<string>;

    constructor(name: string, args: GrafanaArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:dashboards:Grafana", name, {}, opts);
        const m = args.model;
        const ready = args.namespaceReady ? [args.namespaceReady] : [];
        const inNamespace = { parent: this, dependsOn: ready };
        const secret = new k8s.core.v1.Secret(`${name}-secret`, grafanaSecret(m), inNamespace);
        const configMaps = [
            new k8s.core.v1.ConfigMap(`${name}-datasources`, dataSourcesConfigMap(m), inNamespace),
            new k8s.core.v1.ConfigMap(`${name}-dashboard-provider`, dashboardProviderConfigMap(m), inNamespace),
            ...dashboardConfigMaps(m).map((c, i) => new k8s.core.v1.ConfigMap(`${name}-dashboard-${m.dashboards[i].slug}`, c, inNamespace)),
        ];
        const volumeArgs = grafanaDataVolume(m.grafana);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, { parent: this })] : [];
        const claimArgs = grafanaDataClaim(m.grafana);
        const claim = claimArgs ? [new k8s.core.v1.PersistentVolumeClaim(`${name}-data`, claimArgs, { parent: this, dependsOn: [...ready, ...volume] })] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, grafanaService(m.grafana), inNamespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, ownServiceAccount(m.grafana.name, m.grafana.namespace, grafanaLabels(m.grafana)), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, grafanaDeployment(m), {
            parent: this,
            dependsOn: [secret, ...configMaps, ...claim, service, account, ...ready],
        });
        const ingressArgs = grafanaIngress(m.grafana);
        if (ingressArgs) {
            new k8s.networking.v1.Ingress(`${name}-ingress`, ingressArgs, { parent: this, dependsOn: [service] });
        }
        this.serviceName = service.metadata.name;
        this.url = pulumi.output(grafanaUrl(m.grafana));
        this.registerOutputs({ serviceName: this.serviceName, url: this.url });
    }
}
