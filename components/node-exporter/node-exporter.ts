import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { NodeExporterSettings } from "../../config";
import { nodeExporterDaemonSet } from "./daemonset";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy";
import { ownServiceAccount } from "../common/own-service-account";
import { nodeExporterLabels } from "../../config";

export interface NodeExporterArgs {
    settings: NodeExporterSettings;
    /** The Namespace another component creates when node-exporter shares it. */
    namespaceReady?: pulumi.Resource;
}

/** Prometheus' node_exporter on every node (docs/node-exporter.md); the metrics server scrapes it. */
export class NodeExporter extends pulumi.ComponentResource {
    public readonly namespace: pulumi.Output<string>;
    public readonly daemonSetName: pulumi.Output<string>;

    constructor(name: string, args: NodeExporterArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:NodeExporter", name, {}, opts);
        const n = args.settings;
        const ready = args.namespaceReady ? [args.namespaceReady] : [];
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, ownServiceAccount(n.name, n.namespace, nodeExporterLabels(n)), { parent: this, dependsOn: ready });
        const role = new k8s.rbac.v1.ClusterRole(`${name}-rbac-proxy`, rbacProxyClusterRole(n.name), { parent: this });
        const binding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-rbac-proxy`, rbacProxyClusterRoleBinding(n.name, n.name, n.namespace), {
            parent: this,
            dependsOn: [role, account],
        });
        const daemonSet = new k8s.apps.v1.DaemonSet(`${name}-daemonset`, nodeExporterDaemonSet(n), {
            parent: this,
            dependsOn: [account, binding, ...ready],
        });
        this.namespace = pulumi.output(n.namespace);
        this.daemonSetName = daemonSet.metadata.name;
        this.registerOutputs({ namespace: this.namespace, daemonSetName: this.daemonSetName });
    }
}
