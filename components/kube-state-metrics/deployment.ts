import * as k8s from "@pulumi/kubernetes";
import { rbacProxyContainer } from "../rbac-proxy";
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

/**
 * Its flags: the resources to expose and the metric lists; the ports stay upstream's defaults.
 * The object metrics answer on 127.0.0.1 only, behind kube-rbac-proxy; telemetry (its own
 * process metrics and /readyz) stays on the pod IP for the kubelet's probes, and the
 * NetworkPolicy admits nobody there.
 */
/** The object metrics' listener: one source for the exporter's --host and --port and the proxy's --upstream. */
export const METRICS_LISTENER = { host: "127.0.0.1", port: KUBE_STATE_METRICS_DEFAULTS.port } as const;

export function kubeStateMetricsArgs(k: KubeStateMetricsSettings): string[] {
    return [
        `--host=${METRICS_LISTENER.host}`,
        `--port=${METRICS_LISTENER.port}`,
        `--telemetry-port=${KUBE_STATE_METRICS_DEFAULTS.telemetryPort}`,
        `--resources=${k.exposedResources.join(",")}`,
        ...(k.metricAllowlist ? [`--metric-allowlist=${k.metricAllowlist.join(",")}`] : []),
        ...(k.metricDenylist ? [`--metric-denylist=${k.metricDenylist.join(",")}`] : []),
    ];
}

/** kube-rbac-proxy on the pod IP, in front of the object metrics on 127.0.0.1. */
export function kubeStateMetricsProxyContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return rbacProxyContainer({
        listenAddress: `:${KUBE_STATE_METRICS_DEFAULTS.proxyPort}`,
        upstreamPort: METRICS_LISTENER.port,
        port: { name: KUBE_STATE_METRICS_PORT_NAME, number: KUBE_STATE_METRICS_DEFAULTS.proxyPort },
        container: k.rbacProxy,
    });
}

export function kubeStateMetricsContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return {
        name: CONTAINER_NAME,
        image: k.image,
        imagePullPolicy: "IfNotPresent",
        args: kubeStateMetricsArgs(k),
        ports: [{ name: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME, containerPort: KUBE_STATE_METRICS_DEFAULTS.telemetryPort, protocol: "TCP" }],
        resources: containerResources(k.resources),
        // /readyz answers once the first lists are synced; /livez is on the main port, which
        // only 127.0.0.1 reaches now, so liveness asks the telemetry server, which runs as long as the process.
        livenessProbe: { httpGet: { path: "/metrics", port: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME }, initialDelaySeconds: 5, timeoutSeconds: 5 },
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
                    containers: [kubeStateMetricsContainer(k), kubeStateMetricsProxyContainer(k)],
                },
            },
        },
    };
}
