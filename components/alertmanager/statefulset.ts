import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerServer } from "./replicas";
import { AlertmanagerSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { dataClaimTemplate } from "../storage";
import { alertmanagerConfigShape } from "./config-file";
import { ALERTMANAGER_PATHS, ALERTMANAGER_UID, alertmanagerLabels, CLUSTER_PORT, configSecretName, POD_IP_ENV, VOLUMES, WEB_PORT, WEB_SECRET_KEYS, webSecretName } from "./layout";
import { TLS_SECRET_KEYS } from "../common/web-config";
import { webConfigPath } from "./web-config";
import { isReplicated, podDisruptionBudget, replicaSpread } from "../common/replica-spread";
import { noPrivileges } from "../common/no-privileges";
import { existingSecretVolumes } from "./existing-secrets";

export function clustered(a: AlertmanagerServer): boolean {
    return isReplicated(a.replicas);
}

/** Every peer by its stable StatefulSet DNS name under the headless Service; each pod gets the same list, its own name included, as prometheus-operator gives it. */
export function clusterPeers(a: AlertmanagerServer): string[] {
    return Array.from({ length: a.replicas }, (_, i) => `${a.name}-${i}.${a.name}.${a.namespace}.svc:${CLUSTER_PORT.number}`);
}

/**
 * One replica: `--cluster.listen-address=` switches gossip off, since there is no peer to form a
 * cluster with, and the data volume keeps silences and the notification log across restarts.
 * Several (docs/high-availability.md#alertmanager-cluster): the listener binds the pod IP, so
 * Alertmanager advertises that address even where pod IPs are not private ranges (it would
 * refuse to guess one from 0.0.0.0); a replaced pod's old address is forgotten after 5 minutes
 * rather than the default 6 hours, as prometheus-operator does.
 */
export function alertmanagerArgs(a: AlertmanagerServer): string[] {
    const cluster = clustered(a)
        ? [
              `--cluster.listen-address=[$(${POD_IP_ENV})]:${CLUSTER_PORT.number}`,
              ...clusterPeers(a).map((p) => `--cluster.peer=${p}`),
              "--cluster.reconnect-timeout=5m",
          ]
        : ["--cluster.listen-address="];
    return [
        `--config.file=${ALERTMANAGER_PATHS.configDir}/${ALERTMANAGER_PATHS.configFile}`,
        `--storage.path=${ALERTMANAGER_PATHS.data}`,
        `--data.retention=${a.retention}`,
        `--web.listen-address=:${WEB_PORT.number}`,
        ...(a.web ? [`--web.config.file=${webConfigPath()}`] : []),
        ...cluster,
    ];
}

export function alertmanagerDisruptionBudget(a: AlertmanagerServer): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    return podDisruptionBudget(a.name, a.namespace, alertmanagerLabels(a), a.replicas);
}

/**
 * As Prometheus' (components/prometheus/statefulset.ts): under basic auth every path answers
 * 401 without credentials, and an httpGet probe could send them only as a header in the pod
 * spec, so the probe only opens the port; with TLS alone the paths stay, over HTTPS (the kubelet
 * does not verify the certificate). Without web the probe is as it always was.
 */
function probe(a: AlertmanagerSettings, path: string, failureThreshold: number): k8s.types.input.core.v1.Probe {
    const check: k8s.types.input.core.v1.Probe = a.web?.basicAuth
        ? { tcpSocket: { port: WEB_PORT.name } }
        : { httpGet: { path, port: WEB_PORT.name, ...(a.web?.tls ? { scheme: "HTTPS" } : {}) } };
    return { ...check, periodSeconds: 10, timeoutSeconds: 3, failureThreshold };
}

/** The web config file alone of the web Secret (not the plain password, which is for the callers), and the serving pair of the TLS Secret. */
function webVolumes(a: AlertmanagerServer): { mounts: k8s.types.input.core.v1.VolumeMount[]; volumes: k8s.types.input.core.v1.Volume[] } {
    if (!a.web) {
        return { mounts: [], volumes: [] };
    }
    const only = (keys: string[]) => keys.map((key) => ({ key, path: key }));
    // 0440 with fsGroup 65534: Alertmanager reads them, nobody else.
    return {
        mounts: [
            { name: VOLUMES.web, mountPath: ALERTMANAGER_PATHS.webDir, readOnly: true },
            ...(a.web.tls ? [{ name: VOLUMES.webTls, mountPath: ALERTMANAGER_PATHS.webTlsDir, readOnly: true }] : []),
        ],
        volumes: [
            { name: VOLUMES.web, secret: { secretName: webSecretName(a), defaultMode: 0o440, items: only([WEB_SECRET_KEYS.config]) } },
            ...(a.web.tls
                ? [{ name: VOLUMES.webTls, secret: { secretName: a.web.tls.secretName, defaultMode: 0o440, items: only([TLS_SECRET_KEYS.cert, TLS_SECRET_KEYS.key]) } }]
                : []),
        ],
    };
}

export function alertmanagerContainer(a: AlertmanagerServer): k8s.types.input.core.v1.Container {
    return {
        name: "alertmanager",
        image: a.image,
        imagePullPolicy: "IfNotPresent",
        args: alertmanagerArgs(a),
        ...(clustered(a) ? { env: [{ name: POD_IP_ENV, valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "status.podIP" } } }] } : {}),
        ports: [
            { name: WEB_PORT.name, containerPort: WEB_PORT.number, protocol: "TCP" },
            ...(clustered(a)
                ? [
                      { name: CLUSTER_PORT.tcpName, containerPort: CLUSTER_PORT.number, protocol: "TCP" },
                      { name: CLUSTER_PORT.udpName, containerPort: CLUSTER_PORT.number, protocol: "UDP" },
                  ]
                : []),
        ],
        resources: containerResources(a.resources),
        livenessProbe: probe(a, "/-/healthy", 6),
        readinessProbe: probe(a, "/-/ready", 10),
        volumeMounts: [
            { name: VOLUMES.config, mountPath: ALERTMANAGER_PATHS.configDir, readOnly: true },
            { name: VOLUMES.data, mountPath: ALERTMANAGER_PATHS.data },
            ...webVolumes(a).mounts,
            ...existingSecretVolumes(a).mounts,
        ],
        // The restricted Pod Security Standard, as Prometheus (docs/design.md#hardening).
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: ALERTMANAGER_UID,
        },
    };
}

export function alertmanagerStatefulSet(a: AlertmanagerServer): k8s.types.input.apps.v1.StatefulSet {
    const labels = alertmanagerLabels(a);
    return {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: a.name, namespace: a.namespace, labels },
        spec: {
            replicas: a.replicas,
            serviceName: a.name,
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate" },
            template: {
                metadata: {
                    labels,
                    // The routing without any secret value: a route change rolls the pod, a rotated secret needs a restart.
                    annotations: { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum({ [ALERTMANAGER_PATHS.configFile]: alertmanagerConfigShape(a) }) },
                },
                spec: {
                    // Alertmanager needs no Kubernetes API access.
                    serviceAccountName: a.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(a, replicaSpread(a.replicas, labels)),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: ALERTMANAGER_UID,
                        runAsGroup: ALERTMANAGER_UID,
                        fsGroup: ALERTMANAGER_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [alertmanagerContainer(a)],
                    volumes: [{ name: VOLUMES.config, secret: { secretName: configSecretName(a), defaultMode: 0o440 } }, ...webVolumes(a).volumes, ...existingSecretVolumes(a).volumes],
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(VOLUMES.data, a.name, a.storage)],
        },
    };
}
