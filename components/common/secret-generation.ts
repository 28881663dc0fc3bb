import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";

/**
 * What makes a pod that reads a Secret through its environment (`env[].valueFrom.secretKeyRef`,
 * `envFrom[].secretRef`) roll when that Secret changes. The cluster provider updates a changed
 * Secret in place (components/cluster/provider.ts), and a container's environment is filled once,
 * when it starts: without a change to its pod template the pod keeps the old value.
 *
 * So such a Secret has a generation: a UUID whose keepers are the Secret's contents (a Pulumi
 * secret in state), replaced whenever they change. Its readers carry the UUID in their pod
 * template, so a changed Secret changes the template and the workload rolls onto it. Never the
 * contents or a hash of them: a hash in pod metadata would let anyone who reads the pod spec test
 * guesses. A pod that reads only one generated password of a Secret follows that password's own
 * generation instead (components/common/web-password.ts), so it does not roll for the others.
 * tests/secret-env-generations.test.ts holds every env reader of a program's Secret to one or
 * the other.
 */

/** The Secret's contents as the generation's keepers: each key of `data` and `stringData`, prefixed by which. */
export function secretContents(data: Record<string, string> = {}, stringData: Record<string, string> = {}): Record<string, string> {
    return {
        ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data.${k}`, v])),
        ...Object.fromEntries(Object.entries(stringData).map(([k, v]) => [`stringData.${k}`, v])),
    };
}

/**
 * A UUID replaced whenever the Secret's `data` or `stringData` changes, from the same arguments
 * the Secret is built from; with `keys`, only when one of those keys changes: for a Secret whose
 * other keys its pods read as files, which the kubelet refreshes without a restart.
 */
export function secretGenerationArgs(secret: k8s.types.input.core.v1.Secret, keys?: readonly string[]): random.RandomUuidArgs {
    const only = (m: Record<string, string>) => (keys === undefined ? m : Object.fromEntries(Object.entries(m).filter(([k]) => keys.includes(k))));
    const contents = pulumi
        .all([pulumi.output(secret.data ?? {}), pulumi.output(secret.stringData ?? {})])
        .apply(([data, stringData]) => secretContents(only(data as Record<string, string>), only(stringData as Record<string, string>)));
    // Secret explicitly: the contents are, whether or not each value was marked so.
    return { keepers: pulumi.secret(contents) };
}

/** The generation of a Secret that `parent` registers as `secretResourceName`: resource `<secretResourceName>-generation`. */
export function secretGeneration(secretResourceName: string, secret: k8s.types.input.core.v1.Secret, parent: pulumi.Resource, keys?: readonly string[]): pulumi.Output<string> {
    return new random.RandomUuid(`${secretResourceName}-generation`, secretGenerationArgs(secret, keys), { parent }).result;
}

/** The keys of Secret `secretName` that `env` reads (`valueFrom.secretKeyRef`). */
export function envSecretKeys(env: readonly k8s.types.input.core.v1.EnvVar[], secretName: string): string[] {
    return env.flatMap((e) => {
        const ref = (e.valueFrom as k8s.types.input.core.v1.EnvVarSource | undefined)?.secretKeyRef as k8s.types.input.core.v1.SecretKeySelector | undefined;
        return ref !== undefined && ref.name === secretName ? [ref.key as string] : [];
    });
}

/** The pod-template annotation of each Secret that pods read through their environment, by whose Secret it is. */
export const SECRET_GENERATION_ANNOTATIONS = {
    grafana: "cluster-monitoring/grafana-secret-generation",
    logAgentSearchCredentials: "cluster-monitoring/log-agent-search-credentials-generation",
    remoteWrite: "cluster-monitoring/remote-write-secret-generation",
    longTermStoreAuthKeys: "cluster-monitoring/long-term-store-auth-keys-generation",
    longTermStoreBackup: "cluster-monitoring/long-term-store-backup-generation",
} as const;

/** The generation of each Secret a pod reads through its environment. */
export type SecretGenerations = Partial<Record<keyof typeof SECRET_GENERATION_ANNOTATIONS, pulumi.Input<string>>>;

export function secretGenerationAnnotations(generations: SecretGenerations = {}): Record<string, pulumi.Input<string>> {
    const annotations: Record<string, pulumi.Input<string>> = {};
    for (const [owner, generation] of Object.entries(generations)) {
        if (generation !== undefined) {
            annotations[SECRET_GENERATION_ANNOTATIONS[owner as keyof typeof SECRET_GENERATION_ANNOTATIONS]] = generation;
        }
    }
    return annotations;
}

/** `{ annotations }` when there is any, so a pod template without one keeps its shape. */
export function annotated(annotations: Record<string, pulumi.Input<string>>): { annotations?: Record<string, pulumi.Input<string>> } {
    return Object.keys(annotations).length > 0 ? { annotations } : {};
}
