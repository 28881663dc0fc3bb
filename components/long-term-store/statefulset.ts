import * as k8s from "@pulumi/kubernetes";
import { LongTermStoreSettings } from "../../config";
import { LongTermStoreServer } from "./server";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { noPrivileges } from "../common/no-privileges";
import { dataClaimTemplate } from "../storage";
import { annotated, secretGenerationAnnotations, SecretGenerations } from "../common/secret-generation";
import { backupContainer } from "./backup";
import { AUTH_KEYS, authKeySecretName, CONTAINER_NAME, DATA_DIR, DATA_VOLUME, envFlagName, HTTP_PORT, longTermStoreLabels, STORE_UID } from "./layout";

/**
 * The flags of the single-node server, each present in v1.150.0 and in Debian's 1.79.5
 * (docs/long-term-storage.md#flags-and-versions). The dedup interval is the resolved one:
 * longTermStore.dedupInterval, else metrics.scrapeInterval (server.ts).
 */
export function longTermStoreArgs(s: Pick<LongTermStoreServer, "retention" | "dedupInterval">): string[] {
    return [
        `-storageDataPath=${DATA_DIR}`,
        `-retentionPeriod=${s.retention}`,
        `-dedup.minScrapeInterval=${s.dedupInterval}`,
        `-httpListenAddr=:${HTTP_PORT.number}`,
        // The auth keys come from the environment, filled from the Secret, never from an argument.
        "-envflag.enable",
    ];
}

/** Each admin endpoint's auth key, from the Secret, under the variable -envflag.enable reads. */
export function authKeyEnv(s: Pick<LongTermStoreSettings, "name">): k8s.types.input.core.v1.EnvVar[] {
    return AUTH_KEYS.map((k) => ({ name: envFlagName(k.flag), valueFrom: { secretKeyRef: { name: authKeySecretName(s), key: k.secretKey } } }));
}

export function longTermStoreContainer(s: LongTermStoreServer): k8s.types.input.core.v1.Container {
    return {
        name: CONTAINER_NAME,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        args: longTermStoreArgs(s),
        env: authKeyEnv(s),
        ports: [{ name: HTTP_PORT.name, containerPort: HTTP_PORT.number, protocol: "TCP" }],
        resources: containerResources(s.resources),
        // /health answers once the storage is open; a large store may take minutes to open its parts.
        readinessProbe: { httpGet: { path: "/health", port: HTTP_PORT.name }, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
        livenessProbe: { httpGet: { path: "/health", port: HTTP_PORT.name }, initialDelaySeconds: 60, periodSeconds: 20, timeoutSeconds: 5, failureThreshold: 6 },
        volumeMounts: [{ name: DATA_VOLUME, mountPath: DATA_DIR }],
        // The restricted Pod Security Standard (docs/design.md#hardening): it writes only under DATA_DIR.
        securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: STORE_UID, runAsGroup: STORE_UID },
    };
}

/**
 * One pod: the single-node server does not replicate; a second one would be a second store. Its
 * containers read the auth keys and the backup's S3 keys from the environment, at start: the two
 * Secrets' `generations` roll the pod when one changes (components/common/secret-generation.ts).
 */
export function longTermStoreStatefulSet(s: LongTermStoreServer, generations: SecretGenerations = {}): k8s.types.input.apps.v1.StatefulSet {
    const labels = longTermStoreLabels(s);
    return {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: s.name, namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            serviceName: s.name,
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate" },
            template: {
                metadata: { labels, ...annotated(secretGenerationAnnotations(generations)) },
                spec: {
                    // VictoriaMetrics needs no Kubernetes API access.
                    serviceAccountName: s.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: STORE_UID,
                        runAsGroup: STORE_UID,
                        fsGroup: STORE_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    // longTermStore.backup adds the vmbackup loop, which needs the data volume and the loopback.
                    containers: [longTermStoreContainer(s), ...[backupContainer(s)].filter((c) => c !== undefined)],
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(DATA_VOLUME, s.name, s.storage)],
        },
    };
}
