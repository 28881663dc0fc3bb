import { z } from "zod";
import { closedObject, flag, integer, text, whenClean } from "./fields";
import { absoluteHttpUrl, hostName, prometheusDuration, prometheusDurationSeconds } from "./formats";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { relabelRuleSchema } from "./relabel";

/**
 * `metrics.remoteWrite`: where Prometheus sends a copy of every sample (docs/long-term-storage.md).
 * Only keys that Prometheus v2.11.1 reads and 3.x still reads are offered; the table of keys and
 * the release each arrived in is in docs/long-term-storage.md#which-keys-v2111-accepts.
 */

/**
 * A top-level stack key holding a secret, as passwordKey and friends name it. camelCase like the
 * program's own keys; it also names the file in the remote-write Secret, so it is a valid Secret key.
 */
export function secretKeyName(value: string): string | undefined {
    return /^[a-z][A-Za-z0-9]{0,62}$/.test(value)
        ? undefined
        : "the name of a top-level stack key in camelCase, such as remoteWritePassword (letters and digits, starting with a lower-case letter)";
}

/** The URL lands in a ConfigMap, so neither user info nor a query (which often carries an API key) is accepted. */
function remoteWriteUrl(value: string): string | undefined {
    if (!/[\s\u0000-\u001f]/.test(value) && /^https?:\/\/[^?#]*\?/i.test(value)) {
        return (
            "an absolute http:// or https:// URL without a ?query: a query often carries an API key, and the URL is stored in a ConfigMap; " +
            "give credentials through basicAuth or bearerTokenKey"
        );
    }
    return absoluteHttpUrl(value, { storedIn: "a ConfigMap" });
}

/** A queue integer: Prometheus reads 0 as "use the default" only when the key is absent, so 0 would stall sending. */
function queueInteger() {
    return integer(1, 1_000_000, "0 would stop the queue; more than a million buffers more than a Prometheus pod can hold");
}

const queueSchema = closedObject({
    capacity: queueInteger().optional().meta({ description: "capacity: samples queued per shard (default 10 in 2.11, 10000 in 3.0)" }),
    maxShards: queueInteger().optional().meta({ description: "max_shards: most concurrent senders (default 1000 in 2.11, 50 in 3.0)" }),
    minShards: queueInteger().optional().meta({ description: "min_shards: fewest concurrent senders (default 1)" }),
    maxSamplesPerSend: queueInteger().optional().meta({ description: "max_samples_per_send: samples per request (default 100 in 2.11, 2000 in 3.0)" }),
    batchSendDeadline: text(prometheusDuration).optional().meta({ description: "batch_send_deadline: longest wait before a partial batch is sent (default 5s)" }),
    minBackoff: text(prometheusDuration).optional().meta({ description: "min_backoff: first retry wait after a failed send (default 30ms)" }),
    maxBackoff: text(prometheusDuration).optional().meta({ description: "max_backoff: longest retry wait (default 100ms in 2.11, 5s in 3.0)" }),
})
    .superRefine((q, ctx) => {
        if (q.minShards !== undefined && q.maxShards !== undefined && q.minShards > q.maxShards) {
            ctx.addIssue({ code: "custom", path: ["minShards"], input: q.minShards, message: `at most maxShards (${q.maxShards})` });
        }
    }, whenClean("minShards", "maxShards"))
    .superRefine((q, ctx) => {
        if (q.minBackoff !== undefined && q.maxBackoff !== undefined && prometheusDurationSeconds(q.minBackoff) > prometheusDurationSeconds(q.maxBackoff)) {
            ctx.addIssue({ code: "custom", path: ["minBackoff"], input: q.minBackoff, message: `at most maxBackoff (${q.maxBackoff})` });
        }
    }, whenClean("minBackoff", "maxBackoff"));

export type RemoteWriteQueueSettings = z.output<typeof queueSchema>;

const basicAuthSchema = closedObject({
    username: text(undefined, "metrics-writer").meta({ description: "the user name, written into the config" }),
    passwordKey: text(secretKeyName, "remoteWritePassword").meta({ description: "the top-level secret key holding the password" }),
});

const tlsSchema = closedObject({
    caKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding the CA certificate (PEM); the system roots when unset" }),
    serverName: text(hostName).optional().meta({ description: "the name the certificate must carry, when it differs from the URL's host" }),
    insecureSkipVerify: flag().optional().meta({ description: "skip certificate verification; never with caKey" }),
}).superRefine((t, ctx) => {
    if (t.caKey !== undefined && t.insecureSkipVerify === true) {
        ctx.addIssue({ code: "custom", path: ["insecureSkipVerify"], input: true, message: "false or unset when caKey is set: either verify against the CA or skip verification" });
    }
}, whenClean("caKey", "insecureSkipVerify"));

export const remoteWriteTargetSchema = closedObject({
    url: text(remoteWriteUrl, "https://metrics.example.com/api/v1/write").meta({ description: "the receiver's write endpoint" }),
    remoteTimeout: text(prometheusDuration).optional().meta({ description: "remote_timeout: how long one request may take (default 30s)" }),
    queue: queueSchema.optional().meta({ description: "queue_config: { capacity, maxShards, minShards, maxSamplesPerSend, batchSendDeadline, minBackoff, maxBackoff }" }),
    writeRelabel: z
        .array(relabelRuleSchema, { error: "a list of relabel rules" })
        .default([])
        .meta({ description: "write_relabel_configs: rules applied to each series before it is sent, in order" }),
    basicAuth: basicAuthSchema.optional().meta({ description: "basic_auth: { username, passwordKey }" }),
    bearerTokenKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding a bearer token (bearer_token_file)" }),
    tls: tlsSchema.optional().meta({ description: "tls_config for an https URL: { caKey, serverName, insecureSkipVerify }" }),
    dropReplicaLabel: flag()
        .default(false)
        .meta({
            description:
                "with 2 or more replicas, drop metrics.replicaLabel on the way to this target (a labeldrop after writeRelabel), for a store that deduplicates by time such as VictoriaMetrics; " +
                "leave it off for Mimir, Cortex and Thanos Receive, whose HA tracker or querier needs the label (docs/long-term-storage.md#the-replica-label-per-target)",
        }),
    central: flag()
        .default(false)
        .meta({
            description:
                "this target is a central stack's vmauth, and this stack one of its edges: basicAuth.username must be metrics.externalLabels.cluster, and the replica label is dropped (docs/long-term-storage.md#central-and-edge-stacks)",
        }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the basic auth password or bearer token"),
})
    .superRefine((t, ctx) => {
        const credential = t.basicAuth !== undefined ? "the basic auth password" : t.bearerTokenKey !== undefined ? "the bearer token" : undefined;
        if (credential !== undefined && /^http:/i.test(t.url) && !t[PLAINTEXT_OPT_IN]) {
            ctx.addIssue({ code: "custom", path: ["url"], input: t.url, message: plaintextMessage("an https:// URL", credential, "plain http") });
        }
    }, whenClean("url", "basicAuth", "bearerTokenKey", PLAINTEXT_OPT_IN))
    .superRefine((t, ctx) => {
        if (t.basicAuth !== undefined && t.bearerTokenKey !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["bearerTokenKey"],
                input: t.bearerTokenKey,
                message: "nothing when basicAuth is set: Prometheus sends one Authorization header, basic or bearer",
            });
        }
    }, whenClean("basicAuth", "bearerTokenKey"))
    .superRefine((t, ctx) => {
        if (t.tls !== undefined && !/^https:/i.test(t.url)) {
            ctx.addIssue({ code: "custom", path: ["tls"], input: t.tls, message: "no tls settings unless the url is https://" });
        }
    }, whenClean("tls", "url"));

export type RemoteWriteTargetSettings = z.output<typeof remoteWriteTargetSchema>;

export const remoteWriteSchema = z
    .array(remoteWriteTargetSchema, { error: "a list of { url, remoteTimeout?, queue?, writeRelabel?, basicAuth?, bearerTokenKey?, tls?, dropReplicaLabel? }" })
    .superRefine((targets, ctx) => {
        targets.forEach((t, i) => {
            if (typeof t?.url === "string" && targets.findIndex((o) => o?.url === t.url) !== i) {
                ctx.addIssue({ code: "custom", path: [i, "url"], input: t.url, message: "a URL no other remoteWrite target uses: one target per receiver" });
            }
        });
    })
    .default([]);

/** The label a central store binds each edge's credential to (docs/long-term-storage.md#central-and-edge-stacks). */
export const CLUSTER_LABEL = "cluster";

/** Where a target refers to a secret key: the path under the target, and the key's name. */
export interface SecretReference {
    path: string;
    key: string;
}

/** The secret keys one target refers to, with the path of each reference inside the target. */
export function secretReferences(t: RemoteWriteTargetSettings): SecretReference[] {
    return [
        ...(t.basicAuth ? [{ path: "basicAuth.passwordKey", key: t.basicAuth.passwordKey }] : []),
        ...(t.bearerTokenKey ? [{ path: "bearerTokenKey", key: t.bearerTokenKey }] : []),
        ...(t.tls?.caKey ? [{ path: "tls.caKey", key: t.tls.caKey }] : []),
    ];
}

/**
 * The secret keys that the raw, not yet validated `metrics` value refers to, so they count as
 * known keys before the schema has run (an unknown top-level key is an error).
 */
export function referencedSecretKeys(rawMetrics: unknown): string[] {
    const targets = (rawMetrics as { remoteWrite?: unknown } | undefined)?.remoteWrite;
    if (!Array.isArray(targets)) {
        return [];
    }
    const keys = targets.flatMap((t: any) => [t?.basicAuth?.passwordKey, t?.bearerTokenKey, t?.tls?.caKey]);
    return keys.filter((k): k is string => typeof k === "string" && secretKeyName(k) === undefined);
}
