import * as k8s from "@pulumi/kubernetes";
import { backupIntervalSeconds, LongTermStoreSettings, SIGV4_ENV } from "../../config";
import { containerResources } from "../common/resources";
import { noPrivileges } from "../common/no-privileges";
import { AUTH_KEYS, authKeySecretName, DATA_DIR, DATA_VOLUME, HTTP_PORT, longTermStoreLabels, STORE_UID } from "./layout";

/**
 * longTermStore.backup (docs/long-term-storage.md#backups): a sidecar that loops over vmbackup.
 * The snapshot is created and deleted by the loop, not by vmbackup's -snapshot.createURL: that flag
 * carries the snapshot auth key in its query, and vmbackup logs the URL at start and in its errors
 * (app/vmbackup/main.go and lib/snapshot at v1.79.5 and v1.150.0; url.Redacted hides only a
 * password in user info). The loop POSTs the key as a form body from the environment instead
 * (VictoriaMetrics reads authKey with FormValue, which takes a POST body too), through the image's
 * busybox wget and printf, a shell builtin, so the key is in no argument, URL or log line.
 */

export const BACKUP_CONTAINER_NAME = "vmbackup";

/** The Secret with backup's S3 keys, when the stack names them. */
export function backupSecretName(s: Pick<LongTermStoreSettings, "name">): string {
    return `${s.name}-backup`;
}

const BACKUP_SECRET_KEYS = { accessKeyId: "access-key-id", secretAccessKey: "secret-access-key" } as const;

/** The wait after a failed turn: the store still starting, S3 unreachable for a moment. */
export const BACKUP_RETRY_SECONDS = 300;

/**
 * The loop, for /bin/sh -c with $0 the vmbackup binary and $@ its flags: a snapshot, a backup of it,
 * the snapshot deleted, a wait of the interval. A failed turn is logged and retried after
 * BACKUP_RETRY_SECONDS, not a whole interval, so a pod that starts before its store is ready, or
 * one bad night, does not skip a day.
 *
 * Only a backup that succeeded deletes its snapshot with /snapshot/delete, so the store's own
 * counter of that path, vm_http_requests_total{path="/snapshot/delete"} (app/vmstorage/main.go,
 * since v1.88.1), counts successful backups and LongTermStoreBackupMissed (alerts.ts) reads it.
 * A failed backup clears with /snapshot/delete_all instead, which also removes a snapshot that a
 * sidecar killed mid-backup left behind; the loop is the only maker of the store's snapshots.
 */
export const BACKUP_LOOP = [
    "set -u",
    "while :; do",
    '  wait="$BACKUP_RETRY_SECONDS"',
    `  snapshot=$(printf 'authKey=%s' "$SNAPSHOT_AUTH_KEY" | wget -q -O - --post-file=/dev/stdin "$STORE_URL/snapshot/create" | sed -n 's/.*"snapshot": *"\\([^"]*\\)".*/\\1/p')`,
    '  if [ -z "$snapshot" ]; then',
    '    echo "could not create a snapshot; next attempt in ${wait}s" >&2',
    '  elif "$0" "$@" -snapshotName="$snapshot"; then',
    '    wait="$BACKUP_INTERVAL_SECONDS"',
    `    printf 'authKey=%s&snapshot=%s' "$SNAPSHOT_AUTH_KEY" "$snapshot" | wget -q -O /dev/null --post-file=/dev/stdin "$STORE_URL/snapshot/delete" || echo "could not delete snapshot $snapshot" >&2`,
    "  else",
    '    echo "vmbackup of snapshot $snapshot failed; next attempt in ${wait}s" >&2',
    `    printf 'authKey=%s' "$SNAPSHOT_AUTH_KEY" | wget -q -O /dev/null --post-file=/dev/stdin "$STORE_URL/snapshot/delete_all" || echo "could not delete the snapshots" >&2`,
    "  fi",
    '  sleep "$wait"',
    "done",
].join("\n");

/** Where the image keeps vmbackup (app/vmbackup/deployment/Dockerfile at v1.150.0). */
export const VMBACKUP_BINARY = "/vmbackup-prod";

/** vmbackup's flags, each in v1.79.5 and v1.150.0 with the same meaning (docs/long-term-storage.md#backups). */
export function vmbackupArgs(s: Pick<LongTermStoreSettings, "backup">): string[] {
    const b = s.backup!;
    return [`-storageDataPath=${DATA_DIR}`, `-dst=${b.destination}`, ...(b.endpoint ? [`-customS3Endpoint=${b.endpoint}`] : []), "-loggerLevel=WARN"];
}

/** vmrestore's flags for the documented restore, into `dataDir` while the store is stopped. */
export function vmrestoreArgs(s: Pick<LongTermStoreSettings, "backup">, dataDir = DATA_DIR): string[] {
    const b = s.backup!;
    return [`-src=${b.destination}`, `-storageDataPath=${dataDir}`, ...(b.endpoint ? [`-customS3Endpoint=${b.endpoint}`] : [])];
}

export function backupSecret(s: LongTermStoreSettings): k8s.types.input.core.v1.Secret | undefined {
    const c = s.backupCredentials;
    if (!s.backup || !c) {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: backupSecretName(s), namespace: s.namespace, labels: longTermStoreLabels(s) },
        type: "Opaque",
        stringData: { [BACKUP_SECRET_KEYS.accessKeyId]: c.accessKeyId, [BACKUP_SECRET_KEYS.secretAccessKey]: c.secretAccessKey },
    };
}

/** The sidecar's environment: the snapshot key from the auth-key Secret, and the S3 keys (or none, for the pod's cloud identity). */
export function backupEnv(s: LongTermStoreSettings): k8s.types.input.core.v1.EnvVar[] {
    const snapshotKey = AUTH_KEYS.find((k) => k.flag === "snapshotAuthKey")!.secretKey;
    const fromSecret = (name: string, secretName: string, key: string) => ({ name, valueFrom: { secretKeyRef: { name: secretName, key } } });
    return [
        fromSecret("SNAPSHOT_AUTH_KEY", authKeySecretName(s), snapshotKey),
        { name: "STORE_URL", value: `http://127.0.0.1:${HTTP_PORT.number}` },
        { name: "BACKUP_INTERVAL_SECONDS", value: String(backupIntervalSeconds(s.backup!)) },
        { name: "BACKUP_RETRY_SECONDS", value: String(BACKUP_RETRY_SECONDS) },
        ...(s.backupCredentials
            ? [
                  fromSecret(SIGV4_ENV.accessKeyId, backupSecretName(s), BACKUP_SECRET_KEYS.accessKeyId),
                  fromSecret(SIGV4_ENV.secretAccessKey, backupSecretName(s), BACKUP_SECRET_KEYS.secretAccessKey),
              ]
            : []),
        // Keys set to existing Secrets (docs/existing-secrets.md): read where they are; a change there rolls nothing.
        ...(s.backupExistingSecrets
            ? [
                  fromSecret(SIGV4_ENV.accessKeyId, s.backupExistingSecrets.accessKeyId.name, s.backupExistingSecrets.accessKeyId.key),
                  fromSecret(SIGV4_ENV.secretAccessKey, s.backupExistingSecrets.secretAccessKey.name, s.backupExistingSecrets.secretAccessKey.key),
              ]
            : []),
    ];
}

export function backupContainer(s: LongTermStoreSettings): k8s.types.input.core.v1.Container | undefined {
    if (!s.backup) {
        return undefined;
    }
    return {
        name: BACKUP_CONTAINER_NAME,
        image: s.backup.image,
        imagePullPolicy: "IfNotPresent",
        command: ["/bin/sh", "-c", BACKUP_LOOP, VMBACKUP_BINARY],
        args: vmbackupArgs(s),
        env: backupEnv(s),
        resources: containerResources(s.backup.resources),
        // It reads the snapshot's hard links under the data volume and writes nothing there.
        volumeMounts: [{ name: DATA_VOLUME, mountPath: DATA_DIR, readOnly: true }],
        terminationMessagePolicy: "FallbackToLogsOnError",
        securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: STORE_UID, runAsGroup: STORE_UID },
    };
}
