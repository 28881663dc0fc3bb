import * as k8s from "@pulumi/kubernetes";
import { SchedulingSettings } from "../../config";
import { ReplicaSpread } from "./replica-spread";

type Affinity = k8s.types.input.core.v1.Affinity;
type TopologySpreadConstraint = k8s.types.input.core.v1.TopologySpreadConstraint;

/** The scheduling part of a pod spec; each field is present only when it says something. */
export interface PodPlacement {
    nodeSelector?: Record<string, string>;
    tolerations?: k8s.types.input.core.v1.Toleration[];
    affinity?: Affinity;
    priorityClassName?: string;
    topologySpreadConstraints?: TopologySpreadConstraint[];
}

/**
 * The pod-spec fields that decide where a component's pods run, from its stack settings
 * (docs/scheduling.md). An empty nodeSelector or toleration list is left out rather than
 * written empty: Kubernetes reads both the same way, and the pod spec stays as short as before.
 * A stack's own podAntiAffinity replaces the workload's default spread rather than adding to it,
 * since two sets of anti-affinity rules could contradict each other.
 */
export function podPlacement(s: SchedulingSettings, spread?: ReplicaSpread): PodPlacement {
    const podAntiAffinity = s.affinity?.podAntiAffinity ?? spread?.affinity?.podAntiAffinity;
    const affinity: Affinity = {
        ...(s.affinity?.nodeAffinity ? { nodeAffinity: s.affinity.nodeAffinity } : {}),
        ...(s.affinity?.podAffinity ? { podAffinity: s.affinity.podAffinity } : {}),
        ...(podAntiAffinity ? { podAntiAffinity } : {}),
    };
    const nodeSelector = s.nodeSelector ?? {};
    const tolerations = s.tolerations ?? [];
    const constraints = spread?.topologySpreadConstraints ?? [];
    return {
        ...(Object.keys(nodeSelector).length > 0 ? { nodeSelector: { ...nodeSelector } } : {}),
        ...(tolerations.length > 0 ? { tolerations: tolerations.map((t) => ({ ...t })) } : {}),
        ...(Object.keys(affinity).length > 0 ? { affinity } : {}),
        ...(s.priorityClassName ? { priorityClassName: s.priorityClassName } : {}),
        ...(constraints.length > 0 ? { topologySpreadConstraints: constraints } : {}),
    };
}
