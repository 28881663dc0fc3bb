import * as k8s from "@pulumi/kubernetes";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy";
import * as pulumi from "@pulumi/pulumi";
import { KubeStateMetricsSettings } from "../../config";
import { kubeStateMetricsDeployment } from "./deployment";
import { kubeStateMetricsClusterRole, kubeStateMetricsClusterRoleBinding, kubeStateMetricsServiceAccount } from "./rbac";
import { kubeStateMetricsService } from "./service";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";

export interface KubeStateMetricsArgs {
    settings: KubeStateMetricsSettings;
    namespaces: NamespaceReadiness;
}

/** kube-state-metrics beside Prometheus (docs/kube-state-metrics.md); the metrics server scrapes it. */
export class KubeStateMetrics extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;

    constructor(name: string, args: KubeStateMetricsArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:KubeStateMetrics", name, args.namespaces, opts);
        const k = args.settings;
        const inNamespace = this.inNamespace(k.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, kubeStateMetricsServiceAccount(k), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, kubeStateMetricsClusterRole(k), this.clusterScoped());
        const binding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, kubeStateMetricsClusterRoleBinding(k), this.clusterScoped(role, account));
        const proxyRole = new k8s.rbac.v1.ClusterRole(`${name}-rbac-proxy`, rbacProxyClusterRole(k.name), this.clusterScoped());
        const proxyBinding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-rbac-proxy`, rbacProxyClusterRoleBinding(k.name, k.name, k.namespace), this.clusterScoped(proxyRole, account));
        const service = new k8s.core.v1.Service(`${name}-service`, kubeStateMetricsService(k), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, kubeStateMetricsDeployment(k), this.inNamespace(k.namespace, account, binding, proxyBinding, service));
        this.serviceName = service.metadata.name;
        this.registerOutputs({ serviceName: this.serviceName });
    }
}
