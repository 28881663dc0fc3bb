import { closedObject, text, whenClean } from "./fields";
import { absoluteHttpUrl, prometheusDuration, prometheusDurationSeconds } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { ResourceSettings, resourcesSchema } from "./resources";
import { secretKeyName } from "./remote-write-auth";

/**
 * `longTermStore.backup` (docs/long-term-storage.md#backups): the open-source vmbackup is one-shot
 * and its scheduler is Enterprise-only, so a sidecar in the store's pod runs it in a loop, where it
 * reaches the data volume and the snapshot API over the loopback. Each run backs up a fresh
 * snapshot into the same S3 prefix, which vmbackup makes incremental (only new parts are uploaded).
 */

export const BACKUP_DEFAULTS = {
    image: "docker.io/victoriametrics/vmbackup:v1.150.0",
    interval: "24h",
    resources: { cpuRequest: "50m", memoryRequest: "64Mi", memoryLimit: "512Mi" } as ResourceSettings,
};

/** s3://bucket/prefix, as vmbackup's -dst reads it; a prefix of its own, since vmbackup owns what it finds there. */
function s3Destination(value: string): string | undefined {
    return /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*[A-Za-z0-9!_.*'()-])$/.test(value)
        ? undefined
        : "s3://<bucket>/<prefix> such as s3://metrics-backups/prod-eu: a bucket name and a prefix of the store's own (vmbackup deletes what does not belong to the backup under it)";
}

/** An hour at least: each run reads every part changed since the last one, and a large store takes minutes. */
function backupInterval(value: string): string | undefined {
    return prometheusDuration(value) ?? (prometheusDurationSeconds(value) >= 3600 ? undefined : "a duration of at least 1h such as 24h (a Prometheus duration)");
}

export const backupSchema = closedObject({
    destination: text(s3Destination, "s3://metrics-backups/prod-eu").meta({ description: "vmbackup's -dst: s3://<bucket>/<prefix>" }),
    interval: text(backupInterval).default(BACKUP_DEFAULTS.interval).meta({ description: "the wait after each backup before the next; at least 1h" }),
    endpoint: text((v) => absoluteHttpUrl(v, { storedIn: "the pod's arguments", noQuery: "vmbackup's -customS3Endpoint takes a base URL" }))
        .optional()
        .meta({ description: "-customS3Endpoint for S3-compatible storage (MinIO, Ceph); AWS S3 when unset" }),
    accessKeyIdKey: text(secretKeyName)
        .optional()
        .meta({ description: "the top-level secret key holding the access key id (AWS_ACCESS_KEY_ID); with secretAccessKeyKey, or neither for the pod's cloud identity" }),
    secretAccessKeyKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding the secret access key (AWS_SECRET_ACCESS_KEY)" }),
    image: text(imageAtLeast(OLDEST_IMAGES.victoriaMetrics)).default(BACKUP_DEFAULTS.image).meta({ description: "the vmbackup image (its alpine base has the shell and wget the loop uses)" }),
    resources: resourcesSchema(BACKUP_DEFAULTS.resources).meta({ description: "the sidecar's CPU and memory" }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the S3 signature and the data"),
})
    .superRefine((b, ctx) => {
        if ((b.accessKeyIdKey === undefined) !== (b.secretAccessKeyKey === undefined)) {
            ctx.addIssue({
                code: "custom",
                path: [b.accessKeyIdKey === undefined ? "accessKeyIdKey" : "secretAccessKeyKey"],
                input: undefined,
                message: "both accessKeyIdKey and secretAccessKeyKey, or neither for the pod's cloud identity (IRSA, EKS Pod Identity)",
            });
        }
    }, whenClean("accessKeyIdKey", "secretAccessKeyKey"))
    .superRefine((b, ctx) => {
        if (b.endpoint !== undefined && /^http:/i.test(b.endpoint) && !b[PLAINTEXT_OPT_IN]) {
            ctx.addIssue({ code: "custom", path: ["endpoint"], input: b.endpoint, message: plaintextMessage("an https:// URL", "the request signatures and every sample", "plain http") });
        }
    }, whenClean("endpoint", PLAINTEXT_OPT_IN));

/** The secret keys a backup names, with their path, for config/secrets.ts. */
export function backupSecretReferences(b: { accessKeyIdKey?: string; secretAccessKeyKey?: string } | undefined): { path: string; key: string }[] {
    return [
        ...(b?.accessKeyIdKey ? [{ path: "backup.accessKeyIdKey", key: b.accessKeyIdKey }] : []),
        ...(b?.secretAccessKeyKey ? [{ path: "backup.secretAccessKeyKey", key: b.secretAccessKeyKey }] : []),
    ];
}

/** The loop's wait, in seconds, as sleep reads it. */
export function backupIntervalSeconds(b: { interval: string }): number {
    return prometheusDurationSeconds(b.interval);
}
