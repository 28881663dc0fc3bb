import * as k8s from "@pulumi/kubernetes";
import { LogsSettings } from "../../config";

const RBAC_API = "rbac.authorization.k8s.io";

export function serviceAccount(s: LogsSettings): k8s.types.input.core.v1.ServiceAccount {
    return {
        apiVersion: "v1",
        kind: "ServiceAccount",
        metadata: { name: s.serviceAccountName, namespace: s.namespace, labels: { ...s.labels } },
    };
}

/** kubernetes_metadata looks up the pod and namespace of every record and watches them for changes. */
export function clusterRole(s: LogsSettings): k8s.types.input.rbac.v1.ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: s.serviceAccountName, labels: { ...s.labels } },
        rules: [{ apiGroups: [""], resources: ["namespaces", "pods"], verbs: ["get", "watch", "list"] }],
    };
}

export function clusterRoleBinding(s: LogsSettings): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: s.serviceAccountName, labels: { ...s.labels } },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: s.serviceAccountName },
        subjects: [{ kind: "ServiceAccount", name: s.serviceAccountName, namespace: s.namespace }],
    };
}
