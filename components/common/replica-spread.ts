import * as k8s from "@pulumi/kubernetes";

type Affinity = k8s.types.input.core.v1.Affinity;
type TopologySpreadConstraint = k8s.types.input.core.v1.TopologySpreadConstraint;

/** One node per replica where the cluster has the nodes: losing a node then costs one replica. */
export const SPREAD_TOPOLOGY_KEY = "kubernetes.io/hostname";

/** From two replicas on, a workload is spread over nodes and gets a disruption budget. */
export function isReplicated(replicas: number): boolean {
    return replicas >= 2;
}

export interface ReplicaSpread {
    affinity?: Affinity;
    topologySpreadConstraints?: TopologySpreadConstraint[];
}

/**
 * Scheduling that keeps the replicas of one workload apart (docs/high-availability.md#spreading-and-disruptions).
 * Both are preferences, never requirements: a one-node cluster (kind) still runs every replica.
 * The anti-affinity weighs in the scheduler's scoring; the spread constraint also keeps the
 * counts even when nodes join later. Empty for one replica, so a single pod's spec is unchanged.
 */
export function replicaSpread(replicas: number, podLabels: Record<string, string>): ReplicaSpread {
    if (!isReplicated(replicas)) {
        return {};
    }
    return {
        affinity: {
            podAntiAffinity: {
                preferredDuringSchedulingIgnoredDuringExecution: [
                    { weight: 100, podAffinityTerm: { topologyKey: SPREAD_TOPOLOGY_KEY, labelSelector: { matchLabels: { ...podLabels } } } },
                ],
            },
        },
        topologySpreadConstraints: [
            { maxSkew: 1, topologyKey: SPREAD_TOPOLOGY_KEY, whenUnsatisfiable: "ScheduleAnyway", labelSelector: { matchLabels: { ...podLabels } } },
        ],
    };
}

/**
 * At most one replica down at a time through voluntary disruptions (a node drain, a cluster
 * upgrade), so a drain never takes the whole replicated workload at once. None for one replica,
 * which a budget would only keep from being drained.
 */
export function podDisruptionBudget(
    name: string,
    namespace: string,
    podLabels: Record<string, string>,
    replicas: number,
): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    if (!isReplicated(replicas)) {
        return undefined;
    }
    return {
        apiVersion: "policy/v1",
        kind: "PodDisruptionBudget",
        metadata: { name, namespace, labels: { ...podLabels } },
        spec: { maxUnavailable: 1, selector: { matchLabels: { ...podLabels } } },
    };
}
