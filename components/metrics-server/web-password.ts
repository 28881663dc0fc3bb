import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";

/**
 * The basic-auth password of Prometheus' web port: 32 letters and digits (about 190 bits), so it
 * sits unescaped in a kubeconfig and a person can paste it. No
 * keepers: it changes only with `pulumi up --replace` on this resource. Prometheus rereads it
 * from the Secret; Grafana and prometheus-adapter read it at start, so they roll through
 * `webPasswordGenerationArgs`.
 */
export function generatedWebPasswordArgs(): random.RandomPasswordArgs {
    return { length: 32, special: false, minLower: 1, minUpper: 1, minNumeric: 1 };
}

/**
 * A UUID that is replaced whenever the password is (the password is its keeper, kept as a secret
 * in state), for the pod-template annotation that rolls Grafana and prometheus-adapter onto a new
 * password (components/common/credentials-generation.ts).
 */
export function webPasswordGenerationArgs(password: pulumi.Input<string>): random.RandomUuidArgs {
    // Secret explicitly: additionalSecretOutputs marks the password secret only in the engine.
    return { keepers: pulumi.secret({ password }) };
}
