import * as k8s from "@pulumi/kubernetes";
import { BlackboxExporterSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { BLACKBOX_PATHS, BLACKBOX_UID, blackboxLabels, CONTAINER_NAME, HTTP_PORT } from "./layout";
import { blackboxConfigFile } from "./modules";

type B = BlackboxExporterSettings;

/** Its own account, without a token: the exporter never talks to the API server. */
export function blackboxServiceAccount(b: B): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: b.name, namespace: b.namespace, labels: blackboxLabels(b) }, automountServiceAccountToken: false };
}

export function blackboxConfigMap(b: B): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: b.name, namespace: b.namespace, labels: blackboxLabels(b) },
        data: { [BLACKBOX_PATHS.configFile]: blackboxConfigFile() },
    };
}

export function blackboxArgs(): string[] {
    return [`--config.file=${BLACKBOX_PATHS.configDir}/${BLACKBOX_PATHS.configFile}`, `--web.listen-address=:${HTTP_PORT.number}`];
}

/** Stateless: one replica; a probe missed while it restarts shows as a gap, not as a failure. */
export function blackboxDeployment(b: B): k8s.types.input.apps.v1.Deployment {
    const labels = blackboxLabels(b);
    const probe = (path: string) => ({ httpGet: { path, port: HTTP_PORT.name }, periodSeconds: 10, failureThreshold: 3 });
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: b.name, namespace: b.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, annotations: { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum({ [BLACKBOX_PATHS.configFile]: blackboxConfigFile() }) } },
                spec: {
                    serviceAccountName: b.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(b),
                    securityContext: { runAsNonRoot: true, runAsUser: BLACKBOX_UID, runAsGroup: BLACKBOX_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: CONTAINER_NAME,
                            image: b.image,
                            imagePullPolicy: "IfNotPresent",
                            args: blackboxArgs(),
                            ports: [{ name: HTTP_PORT.name, containerPort: HTTP_PORT.number, protocol: "TCP" }],
                            resources: containerResources(b.resources),
                            livenessProbe: probe("/-/healthy"),
                            readinessProbe: probe("/-/healthy"),
                            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: BLACKBOX_UID },
                            volumeMounts: [{ name: "config", mountPath: BLACKBOX_PATHS.configDir, readOnly: true }],
                        },
                    ],
                    volumes: [{ name: "config", configMap: { name: b.name } }],
                },
            },
        },
    };
}

/** Prometheus reaches the exporter's /probe through this Service (BlackboxTarget.address). */
export function blackboxService(b: B): k8s.types.input.core.v1.Service {
    const labels = blackboxLabels(b);
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: b.name, namespace: b.namespace, labels },
        spec: { type: "ClusterIP", selector: labels, ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, targetPort: HTTP_PORT.name, protocol: "TCP" }] },
    };
}
