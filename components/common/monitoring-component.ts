import * as pulumi from "@pulumi/pulumi";
import { NamespaceReadiness } from "./namespace-readiness";

/**
 * What every component of the program shares: its objects are its children, and those in a
 * namespace wait for it when the program creates it (components/namespaces), so no component
 * works out on its own which namespace exists when.
 */
export abstract class MonitoringComponent extends pulumi.ComponentResource {
    protected constructor(
        type: string,
        name: string,
        private readonly namespaces: NamespaceReadiness,
        opts?: pulumi.ComponentResourceOptions,
    ) {
        super(type, name, {}, opts);
    }

    /** Options of a child in `namespace`: it waits for `after` and for the namespace. */
    protected inNamespace(namespace: string, ...after: pulumi.Resource[]): pulumi.CustomResourceOptions {
        return { parent: this, dependsOn: [...after, ...this.namespaces.readyFor(namespace)] };
    }

    /** Options of a cluster-scoped child: it waits for `after` only. */
    protected clusterScoped(...after: pulumi.Resource[]): pulumi.CustomResourceOptions {
        return { parent: this, dependsOn: after };
    }
}
