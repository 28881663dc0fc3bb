import { NamespaceWorkloadClaim } from "../contribution";
import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { Settings } from "../../config";
import { createdNamespaces } from "./created-namespaces";

export { NamespaceReadiness } from "../common/namespace-readiness";
import { NamespaceReadiness } from "../common/namespace-readiness";

/**
 * Every namespace the stack asks for, created first and in one place, so that no component
 * decides who creates a shared namespace: each asks by name for what its objects wait on.
 */
export class Namespaces extends pulumi.ComponentResource implements NamespaceReadiness {
    private readonly created: ReadonlyMap<string, k8s.core.v1.Namespace>;

    constructor(name: string, args: { settings: Settings; namespaceWorkloads?: readonly NamespaceWorkloadClaim[] }, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:cluster:Namespaces", name, {}, opts);
        const created = new Map<string, k8s.core.v1.Namespace>();
        for (const ns of createdNamespaces(args.settings, args.namespaceWorkloads)) {
            const formerParent = pulumi.createUrn(ns.formerParent.name, ns.formerParent.type);
            const resource = new k8s.core.v1.Namespace(ns.resourceName, ns.object, { parent: this, aliases: [{ parent: formerParent }] });
            created.set(ns.name, resource);
        }
        this.created = created;
        this.registerOutputs({});
    }

    readyFor(namespace: string): pulumi.Resource[] {
        const ns = this.created.get(namespace);
        return ns ? [ns] : [];
    }
}
