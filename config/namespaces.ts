import { flag } from "./fields";

/**
 * Namespaces that every cluster has and that no program may create or delete: deleting
 * kube-system with a `pulumi destroy` would take the control plane's add-ons with it.
 */
export const SYSTEM_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

/** The spec's discovery namespaces, with the monitoring namespace wherever it is moved. */
export function defaultDiscoveryNamespaces(namespace: string): string[] {
    return [...new Set(["default", "kube-system", namespace])];
}

/** Whether the program creates `namespace` when a stack does not say. */
export function createdByDefault(namespace: string): boolean {
    return !SYSTEM_NAMESPACES.includes(namespace);
}

/** A namespace the program deploys into: created by it, or declared pre-existing with createNamespace false. */
export function createNamespaceField(component: string) {
    return flag()
        .optional()
        .meta({
            description:
                `create the ${component}'s namespace; default true, false for ${SYSTEM_NAMESPACES.join(", ")}; ` +
                "false declares a namespace that exists already",
        });
}

/** The issue for createNamespace true on a system namespace. */
export function systemNamespaceMessage(namespace: string): string {
    return `false or unset: ${namespace} is a system namespace, which the program never creates or deletes`;
}
