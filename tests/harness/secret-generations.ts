import { isWrappedSecret, RegisteredResource } from "../../render/engine-mocks";

/**
 * Whether `r` is a generation (components/common/secret-generation.ts, web-password.ts): a
 * RandomUuid whose keepers hold the values a pod reads from a Secret, as a Pulumi secret, so that
 * they are encrypted in state and no Kubernetes object sees them. Checks that a secret value is
 * held by its Secret alone pass over these, and only these: keepers in clear are still a leak.
 */
export function isSecretGeneration(r: RegisteredResource): boolean {
    return r.type === "random:index/randomUuid:RandomUuid" && isWrappedSecret(r.inputs.keepers);
}
