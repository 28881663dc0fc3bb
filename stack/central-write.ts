import * as pulumi from "@pulumi/pulumi";
import { CENTRAL_WRITE_PASSWORD_FILE, CLUSTER_LABEL, fullKey, MetricsSettings } from "../config";
import { CENTRAL_EDGES_OUTPUT, CentralEdge } from "../components/long-term-store/edges-output";

/**
 * Central and edge stacks, wired through Pulumi (docs/long-term-storage.md#central-and-edge-stacks):
 * the central stack exports, per edge, its write endpoint and credential as one secret output;
 * an edge whose remoteWrite target names `centralStack` reads it through a StackReference. The
 * settings are read before any resource and a StackReference is one, so this happens here, at the
 * composition root, and what is wrong with the central stack's output surfaces at deploy time.
 */

/**
 * This edge's entry in the central stack's output, or an error that names the edge's cluster, the
 * central stack and the key that would fix it. Never names the password.
 */
export function centralEdgeOf(outputs: unknown, centralStack: string, cluster: string, at: string): CentralEdge {
    const where = `${at}: central stack ${centralStack}`;
    if (typeof outputs !== "object" || outputs === null) {
        throw new Error(
            `${where} exports no ${CENTRAL_EDGES_OUTPUT}: a central stack exports it while its ${fullKey("longTermStore")} has edges and an ingress (pulumi stack output --stack ${centralStack})`,
        );
    }
    // Own keys only: a cluster label such as `constructor` must not find an object's prototype.
    const entry = Object.prototype.hasOwnProperty.call(outputs, cluster) ? (outputs as Record<string, Partial<CentralEdge>>)[cluster] : undefined;
    if (entry === undefined) {
        const known = Object.keys(outputs).sort();
        throw new Error(
            `${where} has no credential for cluster ${cluster} (this edge's ${fullKey("metrics")}.externalLabels.${CLUSTER_LABEL}); ` +
                `its ${fullKey("longTermStore")}.edges lists ${known.length > 0 ? known.join(", ") : "none"}: add { cluster: ${cluster}, passwordKey: ... } there and run pulumi up on it first`,
        );
    }
    if (typeof entry.url !== "string" || typeof entry.username !== "string" || typeof entry.password !== "string") {
        throw new Error(`${where}: its ${CENTRAL_EDGES_OUTPUT} entry for cluster ${cluster} lacks url, username or password; run pulumi up on the central stack with this program's version`);
    }
    if (!/^https:\/\//i.test(entry.url)) {
        throw new Error(
            `${where} gives ${entry.url} as the write endpoint of cluster ${cluster}: an https:// URL, since the edge sends its password there; give the central stack's ${fullKey("longTermStore")}.ingress a tlsSecretName`,
        );
    }
    if (entry.username !== cluster) {
        throw new Error(`${where}: its ${CENTRAL_EDGES_OUTPUT} entry for cluster ${cluster} is for user ${entry.username}; the central stack's vmauth binds each edge's user to its cluster label`);
    }
    return entry as CentralEdge;
}

/**
 * For a remoteWrite target with centralStack: a StackReference to that stack, its endpoint into
 * Prometheus' config (metrics.centralWriteUrl) and its password into the remote-write Secret only
 * (CENTRAL_WRITE_PASSWORD_FILE), a Pulumi secret all the way.
 */
export function readCentralWrite(metrics: MetricsSettings, opts?: pulumi.CustomResourceOptions): void {
    const index = metrics.remoteWrite.findIndex((t) => t.centralStack !== undefined);
    if (index < 0) {
        return;
    }
    const centralStack = metrics.remoteWrite[index].centralStack!;
    const cluster = metrics.externalLabels[CLUSTER_LABEL];
    const at = `${fullKey("metrics")}.remoteWrite[${index}].centralStack`;
    const reference = new pulumi.StackReference("central-stack", { name: centralStack }, opts);
    // getOutput keeps the output's secretness as requireOutput does, and lets centralEdgeOf say what is missing.
    const edge = reference.getOutput(CENTRAL_EDGES_OUTPUT).apply((outputs) => centralEdgeOf(outputs, centralStack, cluster, at));
    // The endpoint is no credential: the central stack's plain longTermStoreEdgeUrl output holds it too.
    metrics.centralWriteUrl = pulumi.unsecret(edge.apply((e) => e.url));
    metrics.remoteWriteSecrets = { ...(metrics.remoteWriteSecrets ?? {}), [CENTRAL_WRITE_PASSWORD_FILE]: pulumi.secret(edge.apply((e) => e.password)) };
}
