import { z } from "zod";
import { closedObject, flag, integer, text, whenClean } from "./fields";
import { absoluteHttpUrl, hostName, prometheusDuration, prometheusDurationSeconds } from "./formats";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { httpOverNetwork } from "./credential-urls";
import { relabelRuleSchema } from "./relabel";
import { REMOTE_WRITE_AUTH_SINCE, RemoteWriteAuthSetting } from "../prometheus-releases/remote-write-auth";
import { azureAdSchema, headersSchema, oauth2Schema, secretKeyName, sigv4Schema } from "./remote-write-auth";

export { secretKeyName };

/**
 * `metrics.remoteWrite`: where Prometheus sends a copy of every sample (docs/long-term-storage.md).
 * Only keys that Prometheus v2.11.1 reads and 3.x still reads are offered; the table of keys and
 * the release each arrived in is in docs/long-term-storage.md#which-keys-v2111-accepts.
 */

/** The URL lands in a ConfigMap, so neither user info nor a query (which often carries an API key) is accepted. */
function remoteWriteUrl(value: string): string | undefined {
    if (!/[\s\u0000-\u001f]/.test(value) && /^https?:\/\/[^?#]*\?/i.test(value)) {
        return (
            "an absolute http:// or https:// URL without a ?query: a query often carries an API key, and the URL is stored in a ConfigMap; " +
            "give credentials through an auth setting (basicAuth, bearerTokenKey, oauth2...)"
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
    certKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding a client certificate (PEM), with keyKey: the target's auth kind" }),
    keyKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding the client certificate's private key (PEM)" }),
    serverName: text(hostName).optional().meta({ description: "the name the certificate must carry, when it differs from the URL's host" }),
    insecureSkipVerify: flag().optional().meta({ description: "skip certificate verification; never with caKey" }),
}).superRefine((t, ctx) => {
    if (t.caKey !== undefined && t.insecureSkipVerify === true) {
        ctx.addIssue({ code: "custom", path: ["insecureSkipVerify"], input: true, message: "false or unset when caKey is set: either verify against the CA or skip verification" });
    }
    if ((t.certKey === undefined) !== (t.keyKey === undefined)) {
        ctx.addIssue({ code: "custom", path: [t.certKey === undefined ? "certKey" : "keyKey"], input: undefined, message: "both certKey and keyKey, or neither: a client certificate needs its key" });
    }
}, whenClean("caKey", "insecureSkipVerify", "certKey", "keyKey"));

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
    tls: tlsSchema.optional().meta({ description: "tls_config for an https URL: { caKey, certKey, keyKey, serverName, insecureSkipVerify }" }),
    headers: headersSchema.optional().meta({ description: "headers sent with every request, such as Mimir's X-Scope-OrgID (2.25+); written into the config, so never a credential" }),
    sigv4: sigv4Schema.optional().meta({ description: "AWS Signature Version 4 (2.26+): { region, accessKeyIdKey, secretAccessKeyKey, roleArn }; keys from the environment, or the pod's cloud identity" }),
    oauth2: oauth2Schema.optional().meta({ description: "OAuth2 client credentials (2.27+): { clientId, clientSecretKey, tokenUrl, scopes, endpointParams }" }),
    azureAd: azureAdSchema
        .optional()
        .meta({ description: "Azure AD for Azure Monitor (2.45+): { cloud, managedIdentity: { clientId } | oauth: { clientId, tenantId, clientSecretKey } (2.52+) | workloadIdentity: { clientId, tenantId } (3.7+) }" }),
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
                "this target is a central stack's vmauth, and this stack one of its edges: basicAuth.username must be metrics.externalLabels.cluster (or generatedCredential), and the replica label is dropped (docs/long-term-storage.md#central-and-edge-stacks)",
        }),
    generatedCredential: flag()
        .default(false)
        .meta({
            description:
                "with central: instead of basicAuth, this stack generates its write password and exports it with its cluster label as the secret output longTermStoreWriteCredential, " +
                "which the central stack reads through longTermStore.edges[].stack; the edge needs no access to the central stack (docs/long-term-storage.md#central-and-edge-stacks)",
        }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the basic auth password, a bearer, OAuth2 or Azure token, a sigv4 signature, or the OAuth2 client secret"),
},
    "an object",
    { centralStack: "(read from a central stack's outputs) was replaced before any release, since it let every edge read every edge's password: write url and central: true with generatedCredential: true, and name this stack in the central stack's longTermStore.edges[].stack (docs/long-term-storage.md#central-and-edge-stacks)" },
)
    .superRefine((t, ctx) => {
        const credentials: Record<string, string> = {
            basicAuth: "the basic auth password",
            bearerTokenKey: "the bearer token",
            oauth2: "the OAuth2 access token",
            sigv4: "the sigv4 signature, which a listener can replay",
            azureAd: "the Azure AD access token",
        };
        const credential = t.generatedCredential ? "the generated write password" : credentials[authKinds(t).find((k) => k !== "tls.certKey") ?? ""];
        // One rule for every URL that carries or obtains a credential (config/credential-urls.ts, issue #41 class 5): http:// only inside the cluster.
        if (credential !== undefined && t.url !== undefined && httpOverNetwork(t.url) && !t[PLAINTEXT_OPT_IN]) {
            ctx.addIssue({ code: "custom", path: ["url"], input: t.url, message: plaintextMessage("an https:// URL", credential, "plain http") });
        }
        if (t.oauth2 !== undefined && httpOverNetwork(t.oauth2.tokenUrl) && !t[PLAINTEXT_OPT_IN]) {
            ctx.addIssue({ code: "custom", path: ["oauth2", "tokenUrl"], input: t.oauth2.tokenUrl, message: plaintextMessage("an https:// URL", "the OAuth2 client secret", "plain http") });
        }
    }, whenClean("url", "basicAuth", "bearerTokenKey", "oauth2", "sigv4", "azureAd", "tls", "generatedCredential", PLAINTEXT_OPT_IN))
    .superRefine((t, ctx) => {
        // Prometheus' own rule (config/config.go: "at most one of basic_auth, authorization, oauth2, sigv4, & azuread"),
        // with the client certificate counted too, so a target says one way in.
        const kinds = authKinds(t);
        for (const kind of kinds.slice(1)) {
            ctx.addIssue({
                code: "custom",
                path: kind.split("."),
                input: kind === "bearerTokenKey" ? t.bearerTokenKey : "[set]",
                message: `nothing when ${kinds[0]} is set: one auth kind per target (${AUTH_KINDS.join(", ")}); Prometheus sends one Authorization header and refuses two ways to make it`,
            });
        }
    }, whenClean("basicAuth", "bearerTokenKey", "tls", "oauth2", "sigv4", "azureAd"))
    .superRefine((t, ctx) => {
        if (t.tls !== undefined && t.url !== undefined && !/^https:/i.test(t.url)) {
            ctx.addIssue({ code: "custom", path: ["tls"], input: t.tls, message: "no tls settings unless the url is https://" });
        }
    }, whenClean("tls", "url"))
    .superRefine((t, ctx) => {
        // A generated credential is the central stack's vmauth password for this edge's cluster: one way in, and only there.
        if (!t.generatedCredential) {
            return;
        }
        if (!t.central) {
            ctx.addIssue({ code: "custom", path: ["generatedCredential"], input: true, message: "false or unset unless central is true: the generated password is for a central stack's vmauth, which binds it to this edge's cluster label" });
        }
        for (const kind of authKinds(t).filter((k) => k !== "tls.certKey")) {
            ctx.addIssue({
                code: "custom",
                path: kind.split("."),
                input: kind === "bearerTokenKey" ? t.bearerTokenKey : "[set]",
                message: `nothing when generatedCredential is true: the target authenticates with its cluster label and the generated password; remove ${kind}, or generatedCredential to write the credential by hand`,
            });
        }
    }, whenClean("generatedCredential", "central", "basicAuth", "bearerTokenKey", "sigv4", "oauth2", "azureAd"));

export type RemoteWriteTargetSettings = z.output<typeof remoteWriteTargetSchema>;

/** Whether a target is a central stack's vmauth (central: true). */
export function writesToCentral(t: Pick<RemoteWriteTargetSettings, "central">): boolean {
    return t.central;
}

/** The file name, in the remote-write Secret, of the edge's generated write password (generatedCredential); not a camelCase stack key, so no stack key can take it. */
export const CENTRAL_WRITE_PASSWORD_FILE = "central-write-password";

/** The settings each of which is a whole way to authenticate; a target takes at most one. */
export const AUTH_KINDS = ["basicAuth", "bearerTokenKey", "tls.certKey", "sigv4", "oauth2", "azureAd"] as const;

/** The auth kinds a target sets, in AUTH_KINDS order. */
export function authKinds(t: Pick<RemoteWriteTargetSettings, "basicAuth" | "bearerTokenKey" | "tls" | "sigv4" | "oauth2" | "azureAd">): (typeof AUTH_KINDS)[number][] {
    return AUTH_KINDS.filter((k) => (k === "tls.certKey" ? t.tls?.certKey !== undefined : t[k] !== undefined));
}

export const remoteWriteSchema = z
    .array(remoteWriteTargetSchema, { error: "a list of { url, remoteTimeout?, queue?, writeRelabel?, an auth setting?, headers?, tls?, dropReplicaLabel? }" })
    .superRefine((targets, ctx) => {
        targets.forEach((t, i) => {
            if (typeof t?.url === "string" && targets.findIndex((o) => o?.url === t.url) !== i) {
                ctx.addIssue({ code: "custom", path: [i, "url"], input: t.url, message: "a URL no other remoteWrite target uses: one target per receiver" });
            }
        });
    })
    .superRefine((targets, ctx) => {
        // One generated credential per edge: its stack exports one, and one central store is where the edge's series belong.
        targets.forEach((t, i) => {
            const first = targets.findIndex((o) => o?.generatedCredential === true);
            if (t?.generatedCredential === true && i !== first) {
                ctx.addIssue({ code: "custom", path: [i, "generatedCredential"], input: true, message: `false or unset: remoteWrite[${first}] already has the generated credential, which the stack exports once, and an edge writes to one central store` });
            }
        });
    })
    .superRefine((targets, ctx) => {
        // sigv4's keys and Azure's client secret reach Prometheus as environment variables, one set per pod.
        // A sigv4 with one key of two already has its own problem and is left out.
        const wholeSigv4 = (t: (typeof targets)[number]) => t?.sigv4 !== undefined && (t.sigv4.accessKeyIdKey === undefined) === (t.sigv4.secretAccessKeyKey === undefined);
        const firstSigv4 = targets.findIndex(wholeSigv4);
        const firstAzure = targets.findIndex((t) => t?.azureAd?.oauth !== undefined);
        targets.forEach((t, i) => {
            const sigv4 = t?.sigv4;
            const first = targets[firstSigv4]?.sigv4;
            if (wholeSigv4(t) && sigv4 !== undefined && first !== undefined && i !== firstSigv4 && (sigv4.accessKeyIdKey !== first.accessKeyIdKey || sigv4.secretAccessKeyKey !== first.secretAccessKeyKey)) {
                ctx.addIssue({
                    code: "custom",
                    path: [i, "sigv4"],
                    input: "[set]",
                    message:
                        `the same accessKeyIdKey and secretAccessKeyKey as remoteWrite[${firstSigv4}].sigv4 (${first.accessKeyIdKey ?? "none: the pod's cloud identity"}): ` +
                        "sigv4 reads its keys from the pod's environment, which holds one pair; use roleArn for another account",
                });
            }
            const oauth = t?.azureAd?.oauth;
            const firstOauth = targets[firstAzure]?.azureAd?.oauth;
            if (oauth !== undefined && firstOauth !== undefined && i !== firstAzure && JSON.stringify(oauth) !== JSON.stringify(firstOauth)) {
                ctx.addIssue({
                    code: "custom",
                    path: [i, "azureAd", "oauth"],
                    input: "[set]",
                    message: `the same clientId, tenantId and clientSecretKey as remoteWrite[${firstAzure}].azureAd.oauth: they reach Prometheus as the pod's AZURE_* environment, which holds one application`,
                });
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
        ...(t.tls?.certKey ? [{ path: "tls.certKey", key: t.tls.certKey }] : []),
        ...(t.tls?.keyKey ? [{ path: "tls.keyKey", key: t.tls.keyKey }] : []),
        ...(t.sigv4?.accessKeyIdKey ? [{ path: "sigv4.accessKeyIdKey", key: t.sigv4.accessKeyIdKey }] : []),
        ...(t.sigv4?.secretAccessKeyKey ? [{ path: "sigv4.secretAccessKeyKey", key: t.sigv4.secretAccessKeyKey }] : []),
        ...(t.oauth2 ? [{ path: "oauth2.clientSecretKey", key: t.oauth2.clientSecretKey }] : []),
        ...(t.azureAd?.oauth ? [{ path: "azureAd.oauth.clientSecretKey", key: t.azureAd.oauth.clientSecretKey }] : []),
    ];
}

/** The settings of a target whose key some release lacks (prometheus-releases/remote-write-auth.ts), in table order. */
export function versionedAuthSettings(t: RemoteWriteTargetSettings): RemoteWriteAuthSetting[] {
    const used: Record<RemoteWriteAuthSetting, boolean> = {
        basicAuth: t.basicAuth !== undefined,
        bearerTokenKey: t.bearerTokenKey !== undefined,
        "tls.caKey": t.tls?.caKey !== undefined,
        "tls.certKey": t.tls?.certKey !== undefined,
        "tls.keyKey": t.tls?.keyKey !== undefined,
        headers: t.headers !== undefined,
        sigv4: t.sigv4 !== undefined,
        oauth2: t.oauth2 !== undefined,
        "azureAd.managedIdentity": t.azureAd?.managedIdentity !== undefined,
        "azureAd.oauth": t.azureAd?.oauth !== undefined,
        "azureAd.workloadIdentity": t.azureAd?.workloadIdentity !== undefined,
    };
    return (Object.keys(REMOTE_WRITE_AUTH_SINCE) as RemoteWriteAuthSetting[]).filter((k) => used[k]);
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
    const keys = targets.flatMap((t: any) => [
        t?.basicAuth?.passwordKey,
        t?.bearerTokenKey,
        t?.tls?.caKey,
        t?.tls?.certKey,
        t?.tls?.keyKey,
        t?.sigv4?.accessKeyIdKey,
        t?.sigv4?.secretAccessKeyKey,
        t?.oauth2?.clientSecretKey,
        t?.azureAd?.oauth?.clientSecretKey,
    ]);
    return keys.filter((k): k is string => typeof k === "string" && secretKeyName(k) === undefined);
}
