import { NamespaceWorkloadClaim } from "../contribution";
import * as k8s from "@pulumi/kubernetes";
import { logsNamespaceCreated, Settings } from "../../config";
import { logAgentNamespace } from "../log-agent/namespace";
import { namespace as metricsNamespace } from "../prometheus/namespace";

/** One namespace that a stack asks the program to create. */
export interface CreatedNamespace {
    name: string;
    /** The Pulumi resource name, the one it had when the metrics server and log agent created their own. */
    resourceName: string;
    object: k8s.types.input.core.v1.Namespace;
    /**
     * The component that registered it before the Namespaces component owned it. Its alias keeps
     * the resource's identity, so `pulumi up` on an existing stack moves the Namespace instead of
     * replacing it, which would delete everything in it.
     */
    formerParent: { type: string; name: string };
}

/**
 * The namespaces the program creates: the metrics namespace (labelled for the workloads the
 * components' contributions put there, `claims`) and the log agent's, each unless the
 * stack declares it pre-existing (createNamespace false). Every other component deploys into one
 * of these or into a namespace that exists already; config/index.ts refuses two owners of one.
 */
export function createdNamespaces(s: Settings, claims: readonly NamespaceWorkloadClaim[] = []): CreatedNamespace[] {
    const created: CreatedNamespace[] = [];
    if (s.metrics.createNamespace) {
        created.push({
            name: s.metrics.namespace,
            resourceName: "monitor-namespace",
            object: metricsNamespace(s.metrics, claims),
            formerParent: { type: "cluster-monitoring:monitoring:MetricsServer", name: "monitor" },
        });
    }
    if (logsNamespaceCreated(s)) {
        created.push({
            name: s.logs.namespace,
            resourceName: "log-agent-namespace",
            object: logAgentNamespace(s.logs, s.searchStore),
            formerParent: { type: "cluster-monitoring:logging:LogAgent", name: "log-agent" },
        });
    }
    return created;
}
