import { z } from "zod";
import { closedObject, integer } from "./fields";

/**
 * The cluster the capacity plan sizes Prometheus for when the stack does not say (docs/capacity.md):
 * a small cluster of three nodes with 30 pods each. At these the spec's 400Mi request fits.
 */
export const CAPACITY_DEFAULTS = { nodes: 3, pods: 90 } as const;

/** Kubernetes' own scalability limits (kubernetes.io "Considerations for large clusters"): 5000 nodes, 150000 pods. */
export const MAX_CAPACITY = { nodes: 5000, pods: 150_000 } as const;

/**
 * `metrics.capacity`: the cluster the plan counts series for. Both fields stay unset in the
 * settings when the stack leaves them out, so the plan can tell a stated size (whose shortfall
 * refuses the stack) from the defaults (whose shortfall only warns).
 */
export const capacitySchema = closedObject({
    nodes: integer(1, MAX_CAPACITY.nodes)
        .optional()
        .meta({ description: `nodes of the cluster the capacity plan counts series for; unset: ${CAPACITY_DEFAULTS.nodes}, and a shortfall only warns` }),
    pods: integer(0, MAX_CAPACITY.pods)
        .optional()
        .meta({ description: `pods of the cluster, all nodes together; unset: ${CAPACITY_DEFAULTS.pods}, and a shortfall only warns` }),
}).prefault({});

export type CapacitySettings = z.output<typeof capacitySchema>;
