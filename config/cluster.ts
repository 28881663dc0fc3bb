import * as pulumi from "@pulumi/pulumi";
import { didYouMean } from "./did-you-mean";
import { plainText } from "./fields";
import { Problems, SECRET_VALUE, UNSHOWN_VALUE } from "./problems";
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

const CLUSTER_NAMESPACE = "kubernetes:";

/**
 * What in a kubeconfig is a credential: a bearer token, a client key inline, a password, an OIDC
 * token or client secret, a PEM private key. A path to a key file (client-key) is not one.
 */
const KUBECONFIG_CREDENTIAL = /["']?\b(token|client-key-data|password|id-token|refresh-token|client-secret)["']?\s*:|-----BEGIN [A-Z ]*PRIVATE KEY-----/i;

/**
 * The program builds its one Kubernetes provider from kubernetes:context and kubernetes:kubeconfig
 * alone; an explicit provider reads no other stack key, so any other kubernetes: key (a misspelt
 * context above all) would be ignored without a word.
 */
function reportUnknownClusterKeys(source: ConfigSource, problems: Problems): string[] {
    const known: string[] = Object.values(CLUSTER_KEYS);
    const unknown = source.fullKeys().filter((k) => k.startsWith(CLUSTER_NAMESPACE) && !known.includes(k));
    for (const key of unknown) {
        problems.add(
            key,
            UNSHOWN_VALUE,
            `one of the keys the program's Kubernetes provider reads: ${known.join(", ")}${didYouMean(key, known)}; ` +
                "it passes only those to the provider, so any other kubernetes: key would be ignored",
        );
    }
    return unknown;
}

/**
 * A stack must name its cluster. Without these keys the Kubernetes provider would use whatever
 * context the user's kubeconfig has current, and `pulumi up` for prod could land on a laptop's
 * kind cluster, or the other way round.
 */
export function readClusterSettings(source: ConfigSource, problems: Problems): ClusterSettings {
    const unknown = reportUnknownClusterKeys(source, problems);
    const context = source.clusterValue(CLUSTER_KEYS.context);
    const kubeconfig = source.clusterSecret(CLUSTER_KEYS.kubeconfig);
    const settings: ClusterSettings = {};
    if (context !== undefined) {
        const complaint = plainText(context);
        if (complaint !== undefined) {
            problems.add(CLUSTER_KEYS.context, context, `the name of a kubeconfig context, as ${complaint}`);
        } else if (context.trim() === "" || context !== context.trim()) {
            problems.add(CLUSTER_KEYS.context, context, "the name of a kubeconfig context, without surrounding whitespace");
        } else {
            settings.context = context;
        }
    }
    if (kubeconfig !== undefined) {
        if (!source.clusterIsSecret(CLUSTER_KEYS.kubeconfig) && KUBECONFIG_CREDENTIAL.test(source.clusterValue(CLUSTER_KEYS.kubeconfig) ?? "")) {
            problems.add(
                CLUSTER_KEYS.kubeconfig,
                SECRET_VALUE,
                "an encrypted value: this kubeconfig holds a credential (a token, key or password) in clear text in the stack file; " +
                    `store it with pulumi config set --secret ${CLUSTER_KEYS.kubeconfig} < kubeconfig, or give the path of the file instead`,
            );
        }
        settings.kubeconfig = kubeconfig;
    }
    // A misspelt kubernetes:context is reported as such, not also as a missing context.
    const misspeltCluster = unknown.some((k) => didYouMean(k, Object.values(CLUSTER_KEYS)) !== "");
    if (context === undefined && kubeconfig === undefined && !misspeltCluster) {
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
