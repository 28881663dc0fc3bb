import * as pulumi from "@pulumi/pulumi";

/** What a component asks before it deploys into a namespace: which resources its objects there wait for. */
export interface NamespaceReadiness {
    /** The Namespace the program creates under that name, or nothing for one that exists already. */
    readyFor(namespace: string): pulumi.Resource[];
}
