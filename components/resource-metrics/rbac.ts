import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { adapterObjectNames, AUTH_DELEGATOR_CLUSTER_ROLE, AUTH_READER_ROLE, METRICS_API } from "./layout";

const RBAC_API = "rbac.authorization.k8s.io";

type Adapter = Pick<ResourceMetricsSettings, "name" | "namespace">;

function subject(r: Adapter) {
    return [{ kind: "ServiceAccount", name: r.name, namespace: r.namespace }];
}

export function adapterServiceAccount(r: Adapter): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: r.name, namespace: r.namespace } };
}

/**
 * What the adapter reads to answer a request: the pods and nodes asked about, and the namespaces
 * and services its resource mapper resolves. Read-only, as upstream's; nothing else.
 */
export function adapterClusterRole(r: Adapter): k8s.types.input.rbac.v1.ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: r.name },
        rules: [{ apiGroups: [""], resources: ["nodes", "namespaces", "pods", "services"], verbs: ["get", "list", "watch"] }],
    };
}

export function adapterClusterRoleBinding(r: Adapter): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: r.name },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: r.name },
        subjects: subject(r),
    };
}

/**
 * An aggregated API server reads the client-CA and request-header settings that the API server
 * publishes in kube-system's extension-apiserver-authentication ConfigMap, through the Role
 * Kubernetes provides for exactly that.
 */
export function adapterAuthReaderBinding(r: Adapter): k8s.types.input.rbac.v1.RoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "RoleBinding",
        metadata: { name: adapterObjectNames(r).authReaderBinding, namespace: AUTH_READER_ROLE.namespace },
        roleRef: { apiGroup: RBAC_API, kind: "Role", name: AUTH_READER_ROLE.name },
        subjects: subject(r),
    };
}

/** It asks the API server whether each caller may read metrics (TokenReview, SubjectAccessReview) instead of deciding itself. */
export function adapterAuthDelegatorBinding(r: Adapter): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: adapterObjectNames(r).authDelegatorBinding },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: AUTH_DELEGATOR_CLUSTER_ROLE },
        subjects: subject(r),
    };
}

/**
 * Read access to pod and node metrics, aggregated into the built-in view, edit and admin roles as
 * metrics-server's is: whoever may view a namespace may run kubectl top in it. Nobody is bound to
 * it directly.
 */
export function aggregatedMetricsReaderRole(r: Adapter): k8s.types.input.rbac.v1.ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: {
            name: adapterObjectNames(r).aggregatedReader,
            labels: {
                "rbac.authorization.k8s.io/aggregate-to-view": "true",
                "rbac.authorization.k8s.io/aggregate-to-edit": "true",
                "rbac.authorization.k8s.io/aggregate-to-admin": "true",
            },
        },
        rules: [{ apiGroups: [METRICS_API.group], resources: ["pods", "nodes"], verbs: ["get", "list", "watch"] }],
    };
}
