import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ExistingSecretKey } from "./secret-reference";
import { closedObject, flag, text, whenClean } from "./fields";
import { dnsLabel, prometheusDuration, pulumiStackName, serviceName, statefulSetName } from "./formats";
import { ingressSchema } from "./metrics";
import { secretKeyName } from "./remote-write";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { Problems } from "./problems";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { fullKey } from "./source";
import { storageSchema } from "./storage";
import { backupSchema } from "./long-term-store-backup";

export const LONG_TERM_STORE_KEY = "longTermStore";
/**
 * The single-node VictoriaMetrics server, v1.150.0 (VictoriaMetrics/VictoriaMetrics tag v1.150.0,
 * 2026-08-14): the newest release when this was written. The flags it gets are checked against
 * that tag's source and Debian's 1.79.5 in docs/long-term-storage.md#flags-and-versions.
 */
export const LONG_TERM_STORE_DEFAULTS = {
    enabled: false,
    name: "long-term-store",
    image: "docker.io/victoriametrics/victoria-metrics:v1.150.0",
    retention: "1y",
    resources: { cpuRequest: "200m", memoryRequest: "1Gi", memoryLimit: "2Gi" } as ResourceSettings,
    storageSize: "200Gi",
    vmauthImage: "docker.io/victoriametrics/vmauth:v1.150.0",
    vmauthResources: { cpuRequest: "50m", memoryRequest: "64Mi", memoryLimit: "256Mi" } as ResourceSettings,
};

/**
 * -retentionPeriod as both the pinned release and Debian's 1.79.5 read it: a whole number and one
 * of d, w or y. A bare number means months in both, and 1.150 reads M as months while 1.79 refuses
 * it; h is read by both but a retention below a day is refused by 1.150. So only d, w and y, at
 * least 1d.
 */
export function retentionPeriod(value: string): string | undefined {
    const m = /^([0-9]{1,5})(d|w|y)$/.exec(value);
    return m && Number(m[1]) >= 1 ? undefined : "a whole number of days, weeks or years such as 400d, 12w or 1y (VictoriaMetrics' -retentionPeriod; at least 1d)";
}

const d = LONG_TERM_STORE_DEFAULTS;

/**
 * One edge stack that writes to this central store: its cluster label, and where its password
 * comes from: the edge stack's own secret output (stack), or a secret key of this stack (passwordKey).
 */
const edgeSchema = closedObject({
    cluster: text(dnsLabel, "edge-eu").meta({ description: "the edge's cluster label, also its vmauth user name; every sample it writes gets cluster=<this>" }),
    stack: text(pulumiStackName)
        .optional()
        .meta({
            description:
                "the edge's stack (<organization>/<project>/<stack>), whose secret output longTermStoreWriteCredential (its remoteWrite generatedCredential) gives its password, read through a StackReference at deploy time; or passwordKey",
        }),
    passwordKey: text(secretKeyName)
        .optional()
        .meta({ description: "or: the top-level secret key holding the edge's password (the edge's remoteWrite basicAuth.passwordKey holds the same)" }),
}).superRefine((e, ctx) => {
    if ((e.stack === undefined) === (e.passwordKey === undefined)) {
        ctx.addIssue({
            code: "custom",
            path: [e.stack === undefined ? "passwordKey" : "stack"],
            input: e.stack === undefined ? undefined : e.stack,
            message:
                e.stack === undefined
                    ? "a value, for example edgeEuWritePassword, or stack: the edge's stack whose longTermStoreWriteCredential output gives its password"
                    : "one of stack and passwordKey, not both: the password comes either from the edge's stack or from this stack's secret config",
        });
    }
}, whenClean("stack", "passwordKey"));

export type EdgeSettings = z.output<typeof edgeSchema>;

/**
 * `cluster-monitoring:longTermStore`: an optional VictoriaMetrics single-node server in the
 * metrics namespace. Every Prometheus replica remote-writes to it without its replica label, and
 * the store deduplicates the replicas' samples by time (docs/long-term-storage.md).
 */
export const longTermStoreSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the in-cluster VictoriaMetrics store; every Prometheus replica remote-writes to it" }),
    name: text((v) => statefulSetName(v) ?? serviceName(v)).default(d.name).meta({ description: "StatefulSet, Service, ServiceAccount and auth-key Secret name, in the metrics namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.victoriaMetrics)).default(d.image).meta({ description: "the VictoriaMetrics single-node image" }),
    retention: text(retentionPeriod).default(d.retention).meta({ description: "-retentionPeriod: how long samples are kept, in d, w or y" }),
    dedupInterval: text(prometheusDuration)
        .optional()
        .meta({
            description:
                "-dedup.minScrapeInterval; metrics.scrapeInterval when unset. Never shorter than metrics.scrapeInterval, never longer than a job that scrapes more slowly than it",
        }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
    storage: storageSchema(d.storageSize).meta({ description: "the data volume: { mode, size, className, nfs }" }),
    edges: z
        .array(edgeSchema, { error: "a list of { cluster, stack | passwordKey }" })
        .default([])
        .superRefine((edges, ctx) => {
            edges.forEach((e, i) => {
                if (typeof e?.cluster === "string" && edges.findIndex((o) => o?.cluster === e.cluster) !== i) {
                    ctx.addIssue({ code: "custom", path: [i, "cluster"], input: e.cluster, message: "a cluster label no other edge has: each edge's credential writes only its own cluster" });
                }
                if (typeof e?.stack === "string" && edges.findIndex((o) => o?.stack === e.stack) !== i) {
                    ctx.addIssue({ code: "custom", path: [i, "stack"], input: e.stack, message: "a stack no other edge names: an edge stack exports one credential, for its one cluster label" });
                }
            });
        })
        .meta({ description: "other clusters' stacks that write here through vmauth, one user per edge bound to its cluster label; none by default (a central stack has one or more)" }),
    vmauthImage: text(imageAtLeast(OLDEST_IMAGES.victoriaMetrics)).default(d.vmauthImage).meta({ description: "the vmauth image, in front of the store while edges is not empty" }),
    vmauthResources: resourcesSchema(d.vmauthResources).meta({ description: "vmauth's CPU and memory" }),
    ingress: ingressSchema.optional().meta({ description: "an Ingress to vmauth, where edges write: { host, className, tlsSecretName }; only with edges" }),
    backup: backupSchema
        .optional()
        .meta({ description: "vmbackup to S3 in a loop beside the store: { destination, interval, endpoint, accessKeyIdKey, secretAccessKeyKey, image, resources }; none by default (docs/long-term-storage.md#backups)" }),
}).superRefine((s, ctx) => {
    // The store's own port has no authentication: only vmauth, which edges switch on, may be published.
    if (s.ingress !== undefined && s.edges.length === 0) {
        ctx.addIssue({
            code: "custom",
            path: ["ingress"],
            input: s.ingress,
            message: "nothing without edges: the Ingress publishes the write endpoint, which has authentication only through vmauth, and vmauth runs only for listed edges",
        });
    }
}, whenClean("ingress", "edges"));

/**
 * LongTermStoreBackupMissed reads a counter of the store itself, which stores older than
 * BACKUP_COUNTER_SINCE lack: with backup set and the alert loaded, such an image is refused, since
 * the alert would fire forever. The backup loop itself runs on them, so a stack that leaves the
 * alert out (alertRules.disabled, or no default alerts) keeps its older store.
 */
export function checkBackupAlertImage(s: Pick<LongTermStoreSettings, "enabled" | "backup" | "image">, backupAlertLoaded: boolean, problems: Problems): void {
    const complaint = s.enabled && s.backup !== undefined && backupAlertLoaded ? imageAtLeast(BACKUP_COUNTER_SINCE)(s.image) : undefined;
    if (complaint !== undefined) {
        problems.add(
            `${fullKey(LONG_TERM_STORE_KEY)}.image`,
            s.image,
            `${complaint} (with backup set and ${BACKUP_MISSED_ALERT} on; to back up an older store, add ${BACKUP_MISSED_ALERT} to ${fullKey("alertRules")}.disabled)`,
        );
    }
}

/** The alert that reads the counter, named where the image check says how to do without it. */
export const BACKUP_MISSED_ALERT = "LongTermStoreBackupMissed";

/**
 * The store exports vm_http_requests_total{path="/snapshot/delete"}, which counts the backup loop's
 * successful turns, since v1.88.1 (VictoriaMetrics commit 39cdc546dd, "lib/storage: enhancements
 * for snapshots process"); Debian's 1.79.5 has no counter of the snapshot paths.
 */
export const BACKUP_COUNTER_SINCE = {
    version: "1.88.1",
    why: 'LongTermStoreBackupMissed counts the backup loop\'s successful turns with the store\'s vm_http_requests_total{path="/snapshot/delete"}, which VictoriaMetrics exports since v1.88.1',
};

export type LongTermStoreSettings = z.output<typeof longTermStoreSchema> & {
    /** The metrics namespace: the store runs beside Prometheus and Grafana. */
    namespace: string;
    /**
     * Each edge's password by its cluster label, Pulumi secrets: those with a passwordKey from the
     * stack's config (config/secrets.ts readEdgePasswords), those with a stack from that stack's
     * output, added by the composition root (stack/edge-credentials.ts).
     */
    edgePasswords?: Record<string, pulumi.Output<string>>;
    /**
     * The edges whose passwordKey is set to an existing Secret in the store's namespace, by cluster
     * label (docs/existing-secrets.md): vmauth reads each from its environment through a `%{ENV}`
     * placeholder in its auth config, so the program never holds the password.
     */
    edgeExistingPasswords?: Record<string, ExistingSecretKey>;
    /** backup's S3 keys, Pulumi secrets, when it names them (config/secrets.ts readBackupCredentials). */
    backupCredentials?: { accessKeyId: pulumi.Output<string>; secretAccessKey: pulumi.Output<string> };
    /** The same keys set to existing Secrets in the store's namespace (docs/existing-secrets.md): the sidecar reads them from there, the program writes no backup Secret. */
    backupExistingSecrets?: { accessKeyId: ExistingSecretKey; secretAccessKey: ExistingSecretKey };
};

/** The secret keys the raw, not yet validated longTermStore value names (edges' passwords, backup's keys), so they count as known keys. */
export function referencedEdgeSecretKeys(raw: unknown): string[] {
    const edges = (raw as { edges?: unknown } | undefined)?.edges;
    const backup = (raw as { backup?: any } | undefined)?.backup;
    return [...(Array.isArray(edges) ? edges.map((e: any) => e?.passwordKey) : []), backup?.accessKeyIdKey, backup?.secretAccessKeyKey].filter(
        (k): k is string => typeof k === "string" && secretKeyName(k) === undefined,
    );
}

/**
 * While the store is off, no other key of it: a setting that does nothing is nearly always a
 * mistake (the stack meant to switch it on). `raw` is the key's value as the stack file holds it,
 * so only keys the stack wrote are named. Its dedup window against the stack's scrape intervals is
 * checked over the components' claims (stack/dedup-intervals.ts).
 */
export function checkLongTermStoreOff(raw: unknown, s: z.output<typeof longTermStoreSchema>, problems: Problems): void {
    const key = fullKey(LONG_TERM_STORE_KEY);
    if (s.enabled) {
        return;
    }
    const given = typeof raw === "object" && raw !== null ? Object.keys(raw).filter((k) => k !== "enabled" && (raw as Record<string, unknown>)[k] !== null) : [];
    for (const k of given) {
        problems.add(`${key}.${k}`, (raw as Record<string, unknown>)[k], `nothing while ${key}.enabled is false: set enabled: true to deploy the store, or remove ${k}`);
    }
}
