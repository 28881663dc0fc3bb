import { KubeStateMetricsSettings } from "../../config";
import { KUBE_STATE_METRICS_PORT_NAME, KUBE_STATE_METRICS_TELEMETRY_PORT_NAME } from "./layout";

/** kube-state-metrics' Service, the port that serves object metrics and the one that serves its own. */
export interface KubeStateMetricsTarget {
    namespace: string;
    serviceName: string;
    portName: string;
    telemetryPortName: string;
}

/** kube-state-metrics' Service and its two ports, while it runs. */
export function kubeStateMetricsTarget(k: KubeStateMetricsSettings): KubeStateMetricsTarget | undefined {
    return k.enabled ? { namespace: k.namespace, serviceName: k.name, portName: KUBE_STATE_METRICS_PORT_NAME, telemetryPortName: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME } : undefined;
}
