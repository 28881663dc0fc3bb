import * as k8s from "@pulumi/kubernetes";

const RBAC_API = "rbac.authorization.k8s.io";

/** The proxy's ClusterRole name for a workload: `<workload>-rbac-proxy`. */
export function rbacProxyRoleName(workload: string): string {
    return `${workload}-rbac-proxy`;
}

/**
 * What kube-rbac-proxy needs and nothing more: create TokenReviews (who is calling) and
 * SubjectAccessReviews (may they get /metrics).
 */
export function rbacProxyClusterRole(workload: string): k8s.types.input.rbac.v1.ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: rbacProxyRoleName(workload) },
        rules: [
            { apiGroups: ["authentication.k8s.io"], resources: ["tokenreviews"], verbs: ["create"] },
            { apiGroups: ["authorization.k8s.io"], resources: ["subjectaccessreviews"], verbs: ["create"] },
        ],
    };
}

export function rbacProxyClusterRoleBinding(workload: string, serviceAccount: string, namespace: string): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: rbacProxyRoleName(workload) },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: rbacProxyRoleName(workload) },
        subjects: [{ kind: "ServiceAccount", name: serviceAccount, namespace }],
    };
}
