/**
 * What a central stack tells its edges (docs/long-term-storage.md#central-and-edge-stacks): per edge
 * cluster label, the write endpoint and the edge's credential, exported as one Pulumi secret output
 * and read by each edge through a StackReference (stack/central-write.ts).
 */

/** The stack output's name. */
export const CENTRAL_EDGES_OUTPUT = "longTermStoreEdges";

export interface CentralEdge {
    url: string;
    /** The edge's vmauth user: its cluster label. */
    username: string;
    password: string;
}

/** The output's value on the central stack: every edge's entry, once its URL is known. */
export function centralEdgesOutput(edges: readonly { cluster: string; password: string }[], url: string): Record<string, CentralEdge> {
    return Object.fromEntries(edges.map((e) => [e.cluster, { url, username: e.cluster, password: e.password }]));
}

