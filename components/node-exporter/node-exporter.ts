import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { NodeExporterSettings } from "../../config";
import { nodeExporterDaemonSet } from "./daemonset";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy";
import { nodeExporterServiceAccount } from "./service-account";

export interface NodeExporterArgs {
    settings: NodeExporterSettings;
    namespaces: NamespaceReadiness;
}

/** Prometheus' node_exporter on every node (docs/node-exporter.md); the metrics server scrapes it. */
export class NodeExporter extends MonitoringComponent {
    public readonly namespace: pulumi.Output<string>;
    public readonly daemonSetName: pulumi.Output<string>;

    constructor(name: string, args: NodeExporterArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:NodeExporter", name, args.namespaces, opts);
        const n = args.settings;
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, nodeExporterServiceAccount(n), this.inNamespace(n.namespace));
        const role = new k8s.rbac.v1.ClusterRole(`${name}-rbac-proxy`, rbacProxyClusterRole(n.name), this.clusterScoped());
        const binding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-rbac-proxy`, rbacProxyClusterRoleBinding(n.name, n.name, n.namespace), this.clusterScoped(role, account));
        const daemonSet = new k8s.apps.v1.DaemonSet(`${name}-daemonset`, nodeExporterDaemonSet(n), this.inNamespace(n.namespace, account, binding));
        this.namespace = pulumi.output(n.namespace);
        this.daemonSetName = daemonSet.metadata.name;
        this.registerOutputs({ namespace: this.namespace, daemonSetName: this.daemonSetName });
    }
}
