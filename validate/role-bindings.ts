import { KubernetesObject } from "./kubernetes-object";
import { describeObject, ManifestProblem } from "./problem";

/**
 * ClusterRoles that Kubernetes creates itself (user-facing roles and system:* roles); a binding
 * may point at them without the stack deploying them.
 */
function isBuiltInClusterRole(name: string): boolean {
    return ["cluster-admin", "admin", "edit", "view"].includes(name) || name.startsWith("system:");
}

/** Roles that Kubernetes creates itself in a namespace: an aggregated API server reads its authentication settings through this one. */
const BUILT_IN_ROLES = [{ namespace: "kube-system", name: "extension-apiserver-authentication-reader" }];

/**
 * Every RoleBinding and ClusterRoleBinding must point at a role that exists: a RoleBinding's
 * Role in its own namespace (a Role elsewhere cannot be bound), or a ClusterRole. The API
 * server accepts a binding to a missing role, which then grants nothing.
 */
export function roleBindingProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    const has = (kind: string, name: string, namespace?: string) =>
        objects.some((o) => o.kind === kind && o.metadata.name === name && o.metadata.namespace === namespace);

    for (const b of objects.filter((o) => o.kind === "RoleBinding" || o.kind === "ClusterRoleBinding")) {
        const ref = (b as any).roleRef ?? {};
        const namespace = b.metadata.namespace;
        let found: boolean;
        if (ref.kind === "Role" && b.kind === "RoleBinding") {
            found = BUILT_IN_ROLES.some((r) => r.name === ref.name && r.namespace === namespace) || has("Role", ref.name, namespace);
        } else if (ref.kind === "ClusterRole") {
            found = isBuiltInClusterRole(ref.name) || has("ClusterRole", ref.name, undefined);
        } else {
            problems.push({ object: describeObject(b), message: `roleRef kind ${ref.kind} cannot be bound by a ${b.kind}` });
            continue;
        }
        if (!found) {
            problems.push({
                object: describeObject(b),
                message: `roleRef points at ${ref.kind} ${ref.kind === "Role" ? `${namespace}/` : ""}${ref.name}, which the stack does not deploy`,
            });
        }
    }
    return problems;
}
