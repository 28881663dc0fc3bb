import * as k8s from "@pulumi/kubernetes";
import { PodSecurityLevel } from "../../validate/pod-security-claims";

/** Pod Security Admission's namespace labels (https://kubernetes.io/docs/concepts/security/pod-security-admission/). */
export const POD_SECURITY_ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";
export const POD_SECURITY_ENFORCE_VERSION_LABEL = "pod-security.kubernetes.io/enforce-version";

/**
 * The Pod Security Standards version the namespace enforces. Pinned, not `latest`: the claims in
 * validate/pod-security-claims.ts are checked against the v1.33 controls (the API version of
 * kubernetes-models 4.5.1 that validate/ uses), and with `latest` a cluster upgrade that tightens
 * a control could start rejecting pods the tests passed. Raise it together with kubernetes-models
 * and validate/pod-security.ts. A cluster older than v1.33 evaluates a newer version as its latest.
 */
export const POD_SECURITY_VERSION = "v1.33";

/** A Namespace the program creates, enforcing the Pod Security level its workloads meet. */
export function podSecurityNamespace(name: string, level: PodSecurityLevel): k8s.types.input.core.v1.Namespace {
    return {
        apiVersion: "v1",
        kind: "Namespace",
        metadata: {
            name,
            labels: {
                [POD_SECURITY_ENFORCE_LABEL]: level,
                [POD_SECURITY_ENFORCE_VERSION_LABEL]: POD_SECURITY_VERSION,
            },
        },
    };
}
