import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { claimFor, exceeds, mostPrivileged, PodSecurityLevel } from "../../validate/pod-security-claims";
import { POD_SECURITY_ENFORCE_LABEL, podSecurityNamespace } from "../common/pod-security-namespace";
import { NamespaceWorkloadClaim } from "../contribution";

/** A workload the program deploys into a namespace, with the Pod Security level it needs. */
export interface NamespaceWorkload {
    /** "StatefulSet monitoring/monitor", as a warning names it. */
    name: string;
    level: PodSecurityLevel;
}

/** The least privileged level that every workload meets: what the namespace can enforce. */
export function namespacePodSecurity(workloads: readonly NamespaceWorkload[]): PodSecurityLevel {
    return mostPrivileged(workloads.map((w) => w.level));
}

/**
 * The workloads the components deploy into the metrics server's namespace (their contributions'
 * namespaceWorkloads), each with its claimed level: Prometheus first, then Alertmanager and
 * kube-state-metrics, the log agent's DaemonSet when a stack puts the agent in the same
 * namespace (its search store follows it there, but never needs more than the agent's
 * privileged), and node-exporter when a stack moves it here from kube-system
 * (docs/node-exporter.md#namespace).
 */
export function metricsNamespaceWorkloads(s: MetricsSettings, claims: readonly NamespaceWorkloadClaim[] = []): NamespaceWorkload[] {
    const context = { searchStoreMmap: false };
    const own: NamespaceWorkload = { name: `StatefulSet ${s.namespace}/${s.name}`, level: claimFor("prometheus", context).level };
    return [own, ...claims.filter((c) => c.namespace === s.namespace && c.workload !== "prometheus").map((c) => ({ name: c.name, level: claimFor(c.workload, context).level }))];
}

/**
 * Warnings for workloads that need more than `baseline` allows: the level the namespace would
 * enforce for the metrics server alone. The namespace is then labelled with the higher level, so
 * the pods are admitted, but every pod in it may use that level's privileges.
 */
export function podSecurityWarnings(
    namespace: string,
    baseline: PodSecurityLevel,
    workloads: readonly NamespaceWorkload[],
): string[] {
    const enforced = namespacePodSecurity(workloads);
    return workloads
        .filter((w) => exceeds(w.level, baseline))
        .map(
            (w) =>
                `${w.name} needs Pod Security level ${w.level}, more than the ${baseline} level of namespace ${namespace}; ` +
                `the namespace is labelled ${POD_SECURITY_ENFORCE_LABEL}: ${enforced}, which admits that level for every pod in it. ` +
                `Give the workload its own namespace to keep ${namespace} at ${baseline}.`,
        );
}

/**
 * Warnings for workloads whose pod spec, as built for this stack, needs more than the namespace
 * enforces: Pod Security admission would reject their pods. `workloads` carry computed levels.
 */
export function admissionWarnings(
    namespace: string,
    enforced: PodSecurityLevel,
    workloads: readonly NamespaceWorkload[],
): string[] {
    return workloads
        .filter((w) => exceeds(w.level, enforced))
        .map(
            (w) =>
                `${w.name} needs Pod Security level ${w.level}, but namespace ${namespace} enforces ${enforced}: ` +
                `Pod Security admission will reject its pods (docs/design.md#pod-security-levels).`,
        );
}

/** The metrics server's own level: what its namespace enforces when nothing else shares it. */
export function metricsServerPodSecurity(s: MetricsSettings): PodSecurityLevel {
    return namespacePodSecurity(metricsNamespaceWorkloads(s).slice(0, 1));
}

/** The metrics namespace, labelled with the level every workload the components put there meets. */
export function namespace(s: MetricsSettings, claims: readonly NamespaceWorkloadClaim[] = []): k8s.types.input.core.v1.Namespace {
    return podSecurityNamespace(s.namespace, namespacePodSecurity(metricsNamespaceWorkloads(s, claims)));
}
