import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";

/**
 * The generated basic-auth password of a web port (Prometheus', Alertmanager's), and what makes
 * the pods that read it at start follow when it is replaced.
 */

/**
 * 32 letters and digits (about 190 bits), so it sits unescaped in a kubeconfig and a person can
 * paste it. No keepers: it changes only with `pulumi up --replace` on its resource.
 */
export function generatedWebPasswordArgs(): random.RandomPasswordArgs {
    return { length: 32, special: false, minLower: 1, minUpper: 1, minNumeric: 1 };
}

/**
 * A UUID replaced whenever the password is: the password is its keeper, kept as a secret in
 * state. Its value goes into the pod templates of the password's readers (`credentialsAnnotations`).
 */
export function passwordGenerationArgs(password: pulumi.Input<string>): random.RandomUuidArgs {
    // Secret explicitly: additionalSecretOutputs marks the password secret only in the engine.
    return { keepers: pulumi.secret({ password }) };
}

/**
 * Pod-template annotations that change when a password the pod reads at start is replaced, so
 * the workload rolls onto it. Each value is the password's generation UUID, never the password
 * or a hash of it: a hash of the password would let anyone who reads the pod spec test guesses.
 */
export const CREDENTIALS_ANNOTATIONS = {
    prometheus: "cluster-monitoring/prometheus-credentials",
    alertmanager: "cluster-monitoring/alertmanager-credentials",
    searchStoreExporter: "cluster-monitoring/search-store-exporter-credentials",
    // The in-cluster OpenSearch's admin password (Dashboards) and its agent's (the log agent).
    searchStoreAdmin: "cluster-monitoring/search-store-admin-credentials",
    searchStoreAgent: "cluster-monitoring/search-store-agent-credentials",
} as const;

/** The generation of each generated password a pod reads, by whose password it is. */
export type PasswordGenerations = Partial<Record<keyof typeof CREDENTIALS_ANNOTATIONS, pulumi.Input<string>>>;

export function credentialsAnnotations(generations: PasswordGenerations = {}): Record<string, pulumi.Input<string>> {
    const annotations: Record<string, pulumi.Input<string>> = {};
    for (const [owner, generation] of Object.entries(generations)) {
        if (generation !== undefined) {
            annotations[CREDENTIALS_ANNOTATIONS[owner as keyof typeof CREDENTIALS_ANNOTATIONS]] = generation;
        }
    }
    return annotations;
}
