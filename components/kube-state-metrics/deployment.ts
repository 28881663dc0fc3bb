import * as k8s from "@pulumi/kubernetes";
import {
    KUBE_STATE_METRICS_DEFAULTS,
    KUBE_STATE_METRICS_PORT_NAME,
    KUBE_STATE_METRICS_TELEMETRY_PORT_NAME,
    KubeStateMetricsSettings,
} from "../../config";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { CONTAINER_NAME, KUBE_STATE_METRICS_UID, kubeStateMetricsLabels } from "./layout";
import { noPrivileges } from "../common/no-privileges";

/** Its flags: the resources to expose and the metric lists; the ports stay upstream's defaults. */
export function kubeStateMetricsArgs(k: KubeStateMetricsSettings): string[] {
    return [
        `--port=${KUBE_STATE_METRICS_DEFAULTS.port}`,
        `--telemetry-port=${KUBE_STATE_METRICS_DEFAULTS.telemetryPort}`,
        `--resources=${k.exposedResources.join(",")}`,
        ...(k.metricAllowlist ? [`--metric-allowlist=${k.metricAllowlist.join(",")}`] : []),
        ...(k.metricDenylist ? [`--metric-denylist=${k.metricDenylist.join(",")}`] : []),
    ];
}

export function kubeStateMetricsContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return {
        name: CONTAINER_NAME,
        image: k.image,
        imagePullPolicy: "IfNotPresent",
        args: kubeStateMetricsArgs(k),
        ports: [
            { name: KUBE_STATE_METRICS_PORT_NAME, containerPort: KUBE_STATE_METRICS_DEFAULTS.port, protocol: "TCP" },
            { name: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME, containerPort: KUBE_STATE_METRICS_DEFAULTS.telemetryPort, protocol: "TCP" },
        ],
        resources: containerResources(k.resources),
        // Upstream's probes: /livez answers while the server runs, /readyz once the first lists are synced.
        livenessProbe: { httpGet: { path: "/livez", port: KUBE_STATE_METRICS_PORT_NAME }, initialDelaySeconds: 5, timeoutSeconds: 5 },
        readinessProbe: { httpGet: { path: "/readyz", port: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME }, initialDelaySeconds: 5, timeoutSeconds: 5 },
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: KUBE_STATE_METRICS_UID,
        },
    };
}

/** One replica: it holds every watched object in memory, and two would serve every series twice. */
export function kubeStateMetricsDeployment(k: KubeStateMetricsSettings): k8s.types.input.apps.v1.Deployment {
    const labels = kubeStateMetricsLabels(k);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: k.name, namespace: k.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels },
                spec: {
                    serviceAccountName: k.name,
                    ...podPlacement(k),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: KUBE_STATE_METRICS_UID,
                        runAsGroup: KUBE_STATE_METRICS_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [kubeStateMetricsContainer(k)],
                },
            },
        },
    };
}
