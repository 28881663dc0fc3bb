import * as k8s from "@pulumi/kubernetes";

/**
 * The part of a container's securityContext that every workload of the program shares: no
 * privilege escalation and no capabilities. Each workload adds what its image allows (a read-only
 * root, a non-root user) on top.
 */
export function noPrivileges(): k8s.types.input.core.v1.SecurityContext {
    return { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } };
}
