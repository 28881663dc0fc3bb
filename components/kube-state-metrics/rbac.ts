import * as k8s from "@pulumi/kubernetes";
import { KUBE_STATE_METRICS_RESOURCES, KubeStateMetricsSettings } from "../../config";

const RBAC_API = "rbac.authorization.k8s.io";

export function kubeStateMetricsServiceAccount(k: KubeStateMetricsSettings): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: k.name, namespace: k.namespace } };
}

/**
 * list and watch on exactly the resources it exposes, one rule per API group: a resource
 * switched off is no longer readable.
 * Nothing else: no get, no create (tokenreviews and subjectaccessreviews serve --auth-filter).
 */
export function kubeStateMetricsClusterRole(k: KubeStateMetricsSettings): k8s.types.input.rbac.v1.ClusterRole {
    const groups = new Map<string, string[]>();
    for (const resource of k.exposedResources) {
        const group = KUBE_STATE_METRICS_RESOURCES[resource];
        groups.set(group, [...(groups.get(group) ?? []), resource]);
    }
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: k.name },
        rules: [...groups].map(([group, resources]) => ({ apiGroups: [group], resources: resources.sort(), verbs: ["list", "watch"] })),
    };
}

export function kubeStateMetricsClusterRoleBinding(k: KubeStateMetricsSettings): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: k.name },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: k.name },
        subjects: [{ kind: "ServiceAccount", name: k.name, namespace: k.namespace }],
    };
}
