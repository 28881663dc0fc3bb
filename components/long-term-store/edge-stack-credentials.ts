import * as pulumi from "@pulumi/pulumi";
import { fullKey, LongTermStoreSettings } from "../../config";
import { EDGE_CREDENTIAL_OUTPUT, edgePasswordOf } from "./edge-credential";

/**
 * A central stack's edges that name their stack (longTermStore.edges[].stack): each one's password
 * from that stack's secret output longTermStoreWriteCredential, read through a StackReference, by
 * cluster, for vmauth's config Secret only, beside the hand-written ones. The central operator
 * reads each edge's one output; no edge reads the central stack
 * (docs/long-term-storage.md#central-and-edge-stacks).
 *
 * What is wrong with an edge's output (none, another cluster's, an empty password or one with a
 * line break: edgePasswordOf, which checks the password as config/secret-text.ts checks a stack
 * file's) is known only at deploy time. program.ts makes the cluster's one provider wait for
 * `checked`, so a wrong output fails the provider, and with it every resource, before anything is
 * applied; the error names the entry's key, the edge stack and the cluster, never the password.
 */
interface EdgeStacks {
    passwords: Record<string, pulumi.Output<string>>;
    /** Resolves once every edge stack's output is right; rejects with the first that is not. Undefined without such edges. */
    checked?: pulumi.Output<true>;
}

/** One read per loaded settings: the StackReferences are resources, created once, whichever of program.ts and the component asks first. */
const READ = new WeakMap<LongTermStoreSettings, EdgeStacks>();

function readEdgeStacks(s: LongTermStoreSettings): EdgeStacks {
    const done = READ.get(s);
    if (done !== undefined) {
        return done;
    }
    const passwords: Record<string, pulumi.Output<string>> = {};
    s.edges.forEach((edge, i) => {
        if (edge.stack === undefined) {
            return;
        }
        const from = { at: `${fullKey("longTermStore")}.edges[${i}].stack`, stack: edge.stack, cluster: edge.cluster };
        const reference = new pulumi.StackReference(`edge-stack-${edge.cluster}`, { name: edge.stack });
        // getOutput keeps the output's secretness as requireOutput does, and lets edgePasswordOf say what is missing.
        passwords[edge.cluster] = pulumi.secret(reference.getOutput(EDGE_CREDENTIAL_OUTPUT).apply((output) => edgePasswordOf(output, from)));
    });
    const all = Object.values(passwords);
    // Whether they are right, and nothing of the passwords: unsecret, so no input it gates becomes secret.
    const checked = all.length > 0 ? pulumi.unsecret(pulumi.all(all).apply((): true => true)) : undefined;
    const read = { passwords, ...(checked !== undefined ? { checked } : {}) };
    READ.set(s, read);
    return read;
}

export function edgeStackPasswords(s: LongTermStoreSettings): Record<string, pulumi.Output<string>> {
    return s.enabled ? readEdgeStacks(s).passwords : {};
}

/** What the provider waits for (program.ts): every edge stack's output read and right; undefined when the stack reads none. */
export function edgeStacksChecked(s: LongTermStoreSettings): pulumi.Output<true> | undefined {
    return s.enabled ? readEdgeStacks(s).checked : undefined;
}
