import * as pulumi from "@pulumi/pulumi";
import { Problems } from "./problems";
import { ConfigSource } from "./source";

/** Which cluster the stack deploys to: the Kubernetes provider's own stack keys. */
export interface ClusterSettings {
    /** A context of the kubeconfig (the file named by KUBECONFIG, or ~/.kube/config, or kubernetes:kubeconfig). */
    context?: string;
    /**
     * The kubeconfig itself (its contents or a path). Held as a secret because a kubeconfig
     * usually carries credentials.
     */
    kubeconfig?: pulumi.Output<string>;
}

export const CLUSTER_KEYS = {
    context: "kubernetes:context",
    kubeconfig: "kubernetes:kubeconfig",
} as const;

/**
 * A stack must name its cluster. Without these keys the Kubernetes provider would use whatever
 * context the user's kubeconfig has current, and `pulumi up` for prod could land on a laptop's
 * kind cluster, or the other way round.
 */
export function readClusterSettings(source: ConfigSource, problems: Problems): ClusterSettings {
    const context = source.clusterValue(CLUSTER_KEYS.context);
    const kubeconfig = source.clusterSecret(CLUSTER_KEYS.kubeconfig);
    const settings: ClusterSettings = {};
    if (context !== undefined) {
        if (context.trim() === "" || context !== context.trim()) {
            problems.add(CLUSTER_KEYS.context, context, "the name of a kubeconfig context, without surrounding whitespace");
        } else {
            settings.context = context;
        }
    }
    if (kubeconfig !== undefined) {
        settings.kubeconfig = kubeconfig;
    }
    if (context === undefined && kubeconfig === undefined) {
        problems.add(
            CLUSTER_KEYS.context,
            undefined,
            `the kubeconfig context of the cluster this stack deploys to, for example kind-dev ` +
                `(pulumi config set ${CLUSTER_KEYS.context} <context>), or ${CLUSTER_KEYS.kubeconfig}; ` +
                "the program never falls back to the kubeconfig's current context",
        );
    }
    return settings;
}
