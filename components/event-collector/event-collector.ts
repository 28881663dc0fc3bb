import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { EventCollectorSettings } from "../../config";
import { MonitoringComponent } from "../common/monitoring-component";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { eventCollectorClusterRole, eventCollectorClusterRoleBinding, eventCollectorConfigMap, eventCollectorDeployment, eventCollectorServiceAccount } from "./objects";

export interface EventCollectorArgs {
    settings: EventCollectorSettings;
    namespaces: NamespaceReadiness;
}

/** The event collector, whose JSON lines the log agent ships to the store (docs/cluster-events.md). */
export class EventCollector extends MonitoringComponent {
    constructor(name: string, args: EventCollectorArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:EventCollector", name, args.namespaces, opts);
        const e = args.settings;
        const inNamespace = this.inNamespace(e.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, eventCollectorServiceAccount(e), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, eventCollectorClusterRole(e), { parent: this });
        const binding = new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, eventCollectorClusterRoleBinding(e), { parent: this, dependsOn: [role, account] });
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, eventCollectorConfigMap(e), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, eventCollectorDeployment(e), this.inNamespace(e.namespace, account, config, binding));
        this.registerOutputs({});
    }
}
