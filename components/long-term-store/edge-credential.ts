/**
 * What an edge stack tells its central stack (docs/long-term-storage.md#central-and-edge-stacks):
 * its cluster label and the write password it generated, exported as one Pulumi secret output,
 * which the central stack reads through a StackReference per edge (stack/edge-credentials.ts).
 * The edge reads nothing of the central stack, so no edge holds another edge's password.
 */
import { secretValueProblem } from "../../config/secret-text";

/** The edge stack's output's name. */
export const EDGE_CREDENTIAL_OUTPUT = "longTermStoreWriteCredential";

export interface EdgeCredential {
    /** The edge's cluster label. */
    cluster: string;
    /** Its vmauth user on the central stack: the cluster label too. */
    username: string;
    password: string;
}

/** Where the central stack reads an edge's credential: the key that names the edge stack, the stack, and the cluster label it is for. */
export interface EdgeCredentialSource {
    at: string;
    stack: string;
    cluster: string;
}

/**
 * The edge's password from its stack's output, or an error that names the key, the edge stack and
 * the cluster, never the password.
 */
export function edgePasswordOf(output: unknown, from: EdgeCredentialSource): string {
    const where = `${from.at}: edge stack ${from.stack} (cluster ${from.cluster})`;
    if (typeof output !== "object" || output === null) {
        throw new Error(
            `${where} exports no ${EDGE_CREDENTIAL_OUTPUT}: an edge stack exports it while a metrics.remoteWrite target has central: true and generatedCredential: true; ` +
                `run pulumi up on the edge stack first (pulumi stack output --stack ${from.stack})`,
        );
    }
    const entry = output as Partial<Record<keyof EdgeCredential, unknown>>;
    if (typeof entry.cluster !== "string" || typeof entry.username !== "string" || typeof entry.password !== "string") {
        throw new Error(`${where}: its ${EDGE_CREDENTIAL_OUTPUT} lacks cluster, username or password; run pulumi up on the edge stack with this program's version`);
    }
    // The password means what a stack file's would (config/secret-text.ts): an empty one would be a vmauth user anyone can write as.
    const problem = secretValueProblem(entry.password, "line");
    if (problem !== undefined) {
        throw new Error(`${where}: its ${EDGE_CREDENTIAL_OUTPUT}'s password is wrong: expected ${problem}; run pulumi up on the edge stack with this program's version, which generates it`);
    }
    if (entry.cluster !== from.cluster || entry.username !== from.cluster) {
        throw new Error(
            `${where}: its ${EDGE_CREDENTIAL_OUTPUT} is for cluster ${entry.cluster} (user ${entry.username}), not ${from.cluster}; ` +
                `vmauth binds each edge's password to its cluster label: name the stack whose metrics.externalLabels.cluster is ${from.cluster}, or fix the entry's cluster`,
        );
    }
    return entry.password;
}
