import * as k8s from "@pulumi/kubernetes";
import { LogsSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../shared/checksum";
import { containerResources } from "../shared/resources";
import { agentConfigFiles } from "./config-map";
import {
    CONTAINER_NAME,
    credentialsSecretName,
    FLUENTD_PATHS,
    HOST_PATHS,
    METRICS_PORT,
    PASSWORD_ENV,
    PASSWORD_SECRET_KEY,
    VOLUMES,
} from "./layout";
import { livenessProbe, readinessProbe } from "./liveness";

type Container = k8s.types.input.core.v1.Container;
type EnvVar = k8s.types.input.core.v1.EnvVar;

/** No supervisor process (the kubelet restarts the container) and quiet startup, as in the add-on. */
export const FLUENTD_ARGS = "--no-supervisor -q";

/**
 * fluentd runs as root to read node logs and write its position files and buffer under the
 * host's /var/log. Every capability is dropped except DAC_READ_SEARCH, which lets it read log
 * files that another daemon created without world-read permission; its reach is the two mounted
 * host directories. It needs no DAC_OVERRIDE because it writes only files it created itself.
 */
export const ADDED_CAPABILITIES = ["DAC_READ_SEARCH"];

export function agentEnv(s: LogsSettings): EnvVar[] {
    const env: EnvVar[] = [{ name: "FLUENTD_ARGS", value: FLUENTD_ARGS }];
    if (s.search.user !== undefined) {
        env.push({
            name: PASSWORD_ENV,
            valueFrom: { secretKeyRef: { name: credentialsSecretName(s), key: PASSWORD_SECRET_KEY } },
        });
    }
    return env;
}

export function agentContainer(s: LogsSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        env: agentEnv(s),
        resources: containerResources(s.resources),
        ports: [{ containerPort: METRICS_PORT.number, name: METRICS_PORT.name, protocol: "TCP" }],
        livenessProbe: livenessProbe(s),
        readinessProbe: readinessProbe(),
        volumeMounts: [
            { name: VOLUMES.varLog, mountPath: HOST_PATHS.varLog },
            { name: VOLUMES.dockerContainers, mountPath: HOST_PATHS.dockerContainers, readOnly: true },
            { name: VOLUMES.config, mountPath: FLUENTD_PATHS.configDir, readOnly: true },
        ],
        securityContext: {
            allowPrivilegeEscalation: false,
            privileged: false,
            capabilities: { drop: ["ALL"], add: [...ADDED_CAPABILITIES] },
        },
    };
}

/** The digest covers all six config files, so any config change rolls the agents onto it. */
export function configAnnotation(s: LogsSettings): Record<string, string> {
    return { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum(agentConfigFiles(s)) };
}

export function daemonSet(s: LogsSettings): k8s.types.input.apps.v1.DaemonSet {
    const labels = { ...s.labels };
    return {
        apiVersion: "apps/v1",
        kind: "DaemonSet",
        metadata: { name: s.daemonSetName, namespace: s.namespace, labels },
        spec: {
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } },
            template: {
                metadata: { labels, annotations: configAnnotation(s) },
                spec: {
                    // Evicting the agent under node pressure would lose exactly the logs that explain it.
                    priorityClassName: "system-node-critical",
                    serviceAccountName: s.serviceAccountName,
                    tolerations: s.tolerations.map((t) => ({ ...t })),
                    securityContext: { seccompProfile: { type: "RuntimeDefault" } },
                    terminationGracePeriodSeconds: 30,
                    containers: [agentContainer(s)],
                    volumes: [
                        { name: VOLUMES.varLog, hostPath: { path: HOST_PATHS.varLog } },
                        { name: VOLUMES.dockerContainers, hostPath: { path: HOST_PATHS.dockerContainers } },
                        { name: VOLUMES.config, configMap: { name: s.configMapName } },
                    ],
                },
            },
        },
    };
}
