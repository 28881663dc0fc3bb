import * as k8s from "@pulumi/kubernetes";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy";
import * as pulumi from "@pulumi/pulumi";
import { KubeStateMetricsSettings } from "../../config";
import { kubeStateMetricsDeployment } from "./deployment";
import { kubeStateMetricsClusterRole, kubeStateMetricsClusterRoleBinding, kubeStateMetricsServiceAccount } from "./rbac";
import { kubeStateMetricsService } from "./service";

export interface KubeStateMetricsArgs {
    settings: KubeStateMetricsSettings;
    /** The metrics server's Namespace, when the program creates it. */
    namespaceReady?: pulumi.Resource;
}

/** kube-state-metrics beside Prometheus (docs/kube-state-metrics.md); the metrics server scrapes it. */
export class KubeStateMetrics extends pulumi.ComponentResource {
    public readonly serviceName: pulumi.Output<string>;

    constructor(name: string, args: KubeStateMetricsArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:KubeStateMetrics", name, {}, opts);
        const k = args.settings;
        const inNamespace = { parent: this, dependsOn: args.namespaceReady ? [args.namespaceReady] : [] };
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, kubeStateMetricsServiceAccount(k), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, kubeStateMetricsClusterRole(k), { parent: this });
        const binding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, kubeStateMetricsClusterRoleBinding(k), {
            parent: this,
            dependsOn: [role, account],
        });
        const proxyRole = new k8s.rbac.v1.ClusterRole(`${name}-rbac-proxy`, rbacProxyClusterRole(k.name), { parent: this });
        const proxyBinding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-rbac-proxy`, rbacProxyClusterRoleBinding(k.name, k.name, k.namespace), {
            parent: this,
            dependsOn: [proxyRole, account],
        });
        const service = new k8s.core.v1.Service(`${name}-service`, kubeStateMetricsService(k), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, kubeStateMetricsDeployment(k), {
            parent: this,
            dependsOn: [account, binding, proxyBinding, service, ...inNamespace.dependsOn],
        });
        this.serviceName = service.metadata.name;
        this.registerOutputs({ serviceName: this.serviceName });
    }
}
