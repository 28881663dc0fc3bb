import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { CENTRAL_WRITE_PASSWORD_FILE, CLUSTER_LABEL, MetricsSettings } from "../../config";
import { authKeyArgs } from "../long-term-store/auth-keys";
import { EdgeCredential } from "../long-term-store/edge-credential";

/**
 * An edge's own write password for its central store (docs/long-term-storage.md#central-and-edge-stacks):
 * while a remoteWrite target has generatedCredential, the edge generates it, for the remote-write
 * Secret only (the file CENTRAL_WRITE_PASSWORD_FILE), and returns it with its cluster label for
 * the stack output that the central stack reads. The edge reads nothing of the central stack.
 * The settings stay as loaded: the caller hands the secret to Prometheus beside them.
 */
export function edgeWriteCredential(metrics: MetricsSettings): { secrets: Record<string, pulumi.Output<string>>; credential: pulumi.Output<EdgeCredential> } | undefined {
    if (!metrics.remoteWrite.some((t) => t.generatedCredential)) {
        return undefined;
    }
    // config/metrics.ts requires the cluster label of a central target.
    const cluster = metrics.externalLabels[CLUSTER_LABEL];
    // No keepers: the password changes only with `pulumi up --replace` on it, and then the central stack's pulumi up.
    const password = new random.RandomPassword("central-write-password", authKeyArgs(), { additionalSecretOutputs: ["result"] }).result;
    return { secrets: { [CENTRAL_WRITE_PASSWORD_FILE]: password }, credential: pulumi.secret(password.apply((p) => ({ cluster, username: cluster, password: p }))) };
}
