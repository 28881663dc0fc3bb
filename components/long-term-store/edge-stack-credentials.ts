import * as pulumi from "@pulumi/pulumi";
import { fullKey, LongTermStoreSettings } from "../../config";
import { EDGE_CREDENTIAL_OUTPUT, edgePasswordOf } from "./edge-credential";

/**
 * A central stack's edges that name their stack (longTermStore.edges[].stack): each one's password
 * from that stack's secret output longTermStoreWriteCredential, read through a StackReference, by
 * cluster, for vmauth's config Secret only, beside the hand-written ones. The central operator
 * reads each edge's one output; no edge reads the central stack
 * (docs/long-term-storage.md#central-and-edge-stacks). What is wrong with an edge's output
 * surfaces at deploy time, naming the entry's key, the edge stack and the cluster.
 */
export function edgeStackPasswords(s: LongTermStoreSettings, opts?: pulumi.CustomResourceOptions): Record<string, pulumi.Output<string>> {
    const passwords: Record<string, pulumi.Output<string>> = {};
    s.edges.forEach((edge, i) => {
        if (edge.stack === undefined) {
            return;
        }
        const from = { at: `${fullKey("longTermStore")}.edges[${i}].stack`, stack: edge.stack, cluster: edge.cluster };
        const reference = new pulumi.StackReference(`edge-stack-${edge.cluster}`, { name: edge.stack }, opts);
        // getOutput keeps the output's secretness as requireOutput does, and lets edgePasswordOf say what is missing.
        passwords[edge.cluster] = pulumi.secret(reference.getOutput(EDGE_CREDENTIAL_OUTPUT).apply((output) => edgePasswordOf(output, from)));
    });
    return passwords;
}
