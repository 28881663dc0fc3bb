import * as pulumi from "@pulumi/pulumi";

/**
 * A pod-template annotation that changes when a password the pod reads at start is replaced, so
 * the workload rolls onto it. Its value is a random UUID generated together with the password
 * (`credentialsGenerationArgs`), never the password or a hash of it: a hash of a generated
 * password would still let anyone who reads the pod spec test guesses against it.
 */
export const PROMETHEUS_CREDENTIALS_ANNOTATION = "cluster-monitoring/prometheus-credentials";

/** The annotations a consumer of Prometheus' password adds to its pod template; none without one. */
export function credentialsAnnotation(generation: pulumi.Input<string> | undefined): Record<string, pulumi.Input<string>> {
    return generation === undefined ? {} : { [PROMETHEUS_CREDENTIALS_ANNOTATION]: generation };
}
