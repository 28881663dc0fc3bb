import { KubeStateMetricsSettings, KubeStateMetricsTarget } from "../../config";
import { KUBE_STATE_METRICS_PORT_NAME, KUBE_STATE_METRICS_TELEMETRY_PORT_NAME } from "./layout";

/** kube-state-metrics' Service and its two ports, while it runs. */
export function kubeStateMetricsTarget(k: KubeStateMetricsSettings): KubeStateMetricsTarget | undefined {
    return k.enabled ? { namespace: k.namespace, serviceName: k.name, portName: KUBE_STATE_METRICS_PORT_NAME, telemetryPortName: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME } : undefined;
}
