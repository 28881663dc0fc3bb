import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { dataClaimTemplate } from "../storage";
import { alertmanagerConfigShape } from "./config-file";
import { ALERTMANAGER_PATHS, ALERTMANAGER_UID, alertmanagerLabels, configSecretName, VOLUMES, WEB_PORT } from "./layout";
import { noPrivileges } from "../common/no-privileges";

/**
 * One replica: `--cluster.listen-address=` switches gossip off, since there is no peer to form a
 * cluster with, and the data volume keeps silences and the notification log across restarts.
 */
export function alertmanagerArgs(a: AlertmanagerSettings): string[] {
    return [
        `--config.file=${ALERTMANAGER_PATHS.configDir}/${ALERTMANAGER_PATHS.configFile}`,
        `--storage.path=${ALERTMANAGER_PATHS.data}`,
        `--data.retention=${a.retention}`,
        `--web.listen-address=:${WEB_PORT.number}`,
        "--cluster.listen-address=",
    ];
}

function probe(path: string, failureThreshold: number): k8s.types.input.core.v1.Probe {
    return { httpGet: { path, port: WEB_PORT.name }, periodSeconds: 10, timeoutSeconds: 3, failureThreshold };
}

export function alertmanagerContainer(a: AlertmanagerSettings): k8s.types.input.core.v1.Container {
    return {
        name: "alertmanager",
        image: a.image,
        imagePullPolicy: "IfNotPresent",
        args: alertmanagerArgs(a),
        ports: [{ name: WEB_PORT.name, containerPort: WEB_PORT.number, protocol: "TCP" }],
        resources: containerResources(a.resources),
        livenessProbe: probe("/-/healthy", 6),
        readinessProbe: probe("/-/ready", 10),
        volumeMounts: [
            { name: VOLUMES.config, mountPath: ALERTMANAGER_PATHS.configDir, readOnly: true },
            { name: VOLUMES.data, mountPath: ALERTMANAGER_PATHS.data },
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

export function alertmanagerStatefulSet(a: AlertmanagerSettings): k8s.types.input.apps.v1.StatefulSet {
    const labels = alertmanagerLabels(a);
    return {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: a.name, namespace: a.namespace, labels },
        spec: {
            replicas: 1,
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
                    automountServiceAccountToken: false,
                    ...podPlacement(a),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: ALERTMANAGER_UID,
                        runAsGroup: ALERTMANAGER_UID,
                        fsGroup: ALERTMANAGER_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [alertmanagerContainer(a)],
                    volumes: [{ name: VOLUMES.config, secret: { secretName: configSecretName(a), defaultMode: 0o440 } }],
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(VOLUMES.data, a.name, a.storage)],
        },
    };
}
