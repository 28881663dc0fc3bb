import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { metricsApiService } from "./api-service";
import { adapterConfigMap } from "./config-map";
import { adapterDeployment } from "./deployment";
import { adapterDisruptionBudget } from "./disruption-budget";
import { ResourceMetricsModel } from "./model";
import { NamespaceReadiness } from "../namespaces";
import {
    adapterAuthDelegatorBinding,
    adapterAuthReaderBinding,
    adapterClusterRole,
    adapterClusterRoleBinding,
    adapterServiceAccount,
    aggregatedMetricsReaderRole,
} from "./rbac";
import { adapterService } from "./service";

export interface ResourceMetricsArgs {
    model: ResourceMetricsModel;
    namespaces: NamespaceReadiness;
}

/** prometheus-adapter serving metrics.k8s.io from Prometheus (docs/resource-metrics.md). */
export class ResourceMetrics extends pulumi.ComponentResource {
    public readonly apiServiceName: pulumi.Output<string>;

    constructor(name: string, args: ResourceMetricsArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:ResourceMetrics", name, {}, opts);
        const r = args.model.settings;
        const inNamespace = { parent: this, dependsOn: args.namespaces.readyFor(r.namespace) };
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, adapterServiceAccount(r), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, adapterClusterRole(r), { parent: this });
        const bindings = [
            new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, adapterClusterRoleBinding(r), { parent: this, dependsOn: [role, account] }),
            new k8s.rbac.v1.RoleBinding(`${name}-auth-reader`, adapterAuthReaderBinding(r), { parent: this, dependsOn: [account] }),
            new k8s.rbac.v1.ClusterRoleBinding(`${name}-auth-delegator`, adapterAuthDelegatorBinding(r), { parent: this, dependsOn: [account] }),
        ];
        new k8s.rbac.v1.ClusterRole(`${name}-metrics-reader`, aggregatedMetricsReaderRole(r), { parent: this });
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, adapterConfigMap(r), inNamespace);
        const service = new k8s.core.v1.Service(`${name}-service`, adapterService(r), inNamespace);
        const deployment = new k8s.apps.v1.Deployment(`${name}-deployment`, adapterDeployment(args.model), {
            parent: this,
            dependsOn: [account, config, service, ...bindings, ...inNamespace.dependsOn],
        });
        const budget = adapterDisruptionBudget(r);
        if (budget) {
            new k8s.policy.v1.PodDisruptionBudget(`${name}-disruption-budget`, budget, inNamespace);
        }
        // Registered last: while the APIService points at no ready pod, kubectl top and every HPA fail.
        const apiService = new k8s.apiregistration.v1.APIService(`${name}-api-service`, metricsApiService(r), { parent: this, dependsOn: [deployment, service] });
        this.apiServiceName = apiService.metadata.name;
        this.registerOutputs({ apiServiceName: this.apiServiceName });
    }
}
