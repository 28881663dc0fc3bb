import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { metricsApiService } from "./api-service";
import { adapterConfigMap } from "./config-map";
import { adapterDeployment } from "./deployment";
import { adapterDisruptionBudget } from "./disruption-budget";
import { ResourceMetricsModel } from "./model";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import {
    adapterAuthDelegatorBinding,
    adapterAuthReaderBinding,
    adapterClusterRole,
    adapterClusterRoleBinding,
    adapterServiceAccount,
    aggregatedMetricsReaderRole,
} from "./rbac";
import { AUTH_READER_ROLE } from "./layout";
import { adapterService } from "./service";
import { prometheusAuthSecret } from "./prometheus-auth";

export interface ResourceMetricsArgs {
    model: ResourceMetricsModel;
    /** Prometheus' generated basic-auth password, while metrics.web.basicAuth is set. */
    prometheusPassword?: pulumi.Output<string>;
    /** Changes when that password is replaced, so the adapter, which reads it at start, rolls. */
    prometheusPasswordGeneration?: pulumi.Output<string>;
    namespaces: NamespaceReadiness;
}

/** prometheus-adapter serving metrics.k8s.io from Prometheus (docs/resource-metrics.md). */
export class ResourceMetrics extends MonitoringComponent {
    public readonly apiServiceName: pulumi.Output<string>;

    constructor(name: string, args: ResourceMetricsArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:ResourceMetrics", name, args.namespaces, opts);
        const r = args.model.settings;
        const inNamespace = this.inNamespace(r.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, adapterServiceAccount(r), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, adapterClusterRole(r), this.clusterScoped());
        const bindings = [
            new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, adapterClusterRoleBinding(r), this.clusterScoped(role, account)),
            new k8s.rbac.v1.RoleBinding(`${name}-auth-reader`, adapterAuthReaderBinding(r), this.inNamespace(AUTH_READER_ROLE.namespace, account)),
            new k8s.rbac.v1.ClusterRoleBinding(`${name}-auth-delegator`, adapterAuthDelegatorBinding(r), this.clusterScoped(account)),
        ];
        new k8s.rbac.v1.ClusterRole(`${name}-metrics-reader`, aggregatedMetricsReaderRole(r), this.clusterScoped());
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, adapterConfigMap(r), inNamespace);
        const service = new k8s.core.v1.Service(`${name}-service`, adapterService(r), inNamespace);
        const authArgs = prometheusAuthSecret(args.model, args.prometheusPassword);
        const auth = authArgs ? [new k8s.core.v1.Secret(`${name}-prometheus-auth`, authArgs, inNamespace)] : [];
        const deployment = new k8s.apps.v1.Deployment(`${name}-deployment`, adapterDeployment(args.model, args.prometheusPasswordGeneration), this.inNamespace(r.namespace, account, config, service, ...auth, ...bindings));
        const budget = adapterDisruptionBudget(r);
        if (budget) {
            new k8s.policy.v1.PodDisruptionBudget(`${name}-disruption-budget`, budget, inNamespace);
        }
        // Registered last: while the APIService points at no ready pod, kubectl top and every HPA fail.
        const apiService = new k8s.apiregistration.v1.APIService(`${name}-api-service`, metricsApiService(r), this.clusterScoped(deployment, service));
        this.apiServiceName = apiService.metadata.name;
        this.registerOutputs({ apiServiceName: this.apiServiceName });
    }
}
