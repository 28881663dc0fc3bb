import * as k8s from "@pulumi/kubernetes";
import { KUBE_STATE_METRICS_DEFAULTS, KubeStateMetricsSettings } from "../../config";
import { KUBE_STATE_METRICS_PORT_NAME, KUBE_STATE_METRICS_TELEMETRY_PORT_NAME, kubeStateMetricsLabels } from "./layout";

/**
 * Headless, as upstream's: Prometheus discovers its endpoints and scrapes the pod directly. The
 * two proxies' ports: object metrics, and kube-state-metrics' own (docs/kube-state-metrics.md).
 */
export function kubeStateMetricsService(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Service {
    const labels = kubeStateMetricsLabels(k);
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: k.name, namespace: k.namespace, labels },
        spec: {
            clusterIP: "None",
            selector: labels,
            ports: [
                { name: KUBE_STATE_METRICS_PORT_NAME, port: KUBE_STATE_METRICS_DEFAULTS.proxyPort, targetPort: KUBE_STATE_METRICS_PORT_NAME, protocol: "TCP" },
                {
                    name: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME,
                    port: KUBE_STATE_METRICS_DEFAULTS.telemetryProxyPort,
                    targetPort: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME,
                    protocol: "TCP",
                },
            ],
        },
    };
}
