import * as k8s from "@pulumi/kubernetes";

/**
 * A workload's own ServiceAccount, for a workload that never calls the API server: its token is
 * not mounted, and no other pod of the namespace shares its identity, as every pod running as
 * `default` would (docs/security.md#identities).
 */
export function ownServiceAccount(name: string, namespace: string, labels: Record<string, string>): k8s.types.input.core.v1.ServiceAccount {
    return {
        apiVersion: "v1",
        kind: "ServiceAccount",
        metadata: { name, namespace, labels: { ...labels } },
        automountServiceAccountToken: false,
    };
}
