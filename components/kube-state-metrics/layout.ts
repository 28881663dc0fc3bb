import { KubeStateMetricsSettings } from "../../config";

/**
 * The Service and proxy port in front of kube-state-metrics' own metrics (its telemetry port),
 * which the kube-state-metrics-telemetry job scrapes: whether it can list and watch.
 */
export const KUBE_STATE_METRICS_TELEMETRY_PORT_NAME = "https-telemetry";

/** The Service and proxy port that serve object metrics over TLS (kube-prometheus' name); the scrape job keeps it. */
export const KUBE_STATE_METRICS_PORT_NAME = "https-metrics";

/** kube-state-metrics' own metrics (its telemetry port), a job of their own: they describe the exporter, not the objects. */
export const KUBE_STATE_METRICS_TELEMETRY_JOB_NAME = "kube-state-metrics-telemetry";

export const KUBE_STATE_METRICS_JOB_NAME = "kube-state-metrics";

/** Labels shared by the Deployment's selector, its pods and the Service, so they cannot drift. */
export function kubeStateMetricsLabels(k: Pick<KubeStateMetricsSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": k.name, "app.kubernetes.io/component": "exporter" };
}

/** The image's nobody user, as upstream's example runs it. */
export const KUBE_STATE_METRICS_UID = 65534;

export const CONTAINER_NAME = "kube-state-metrics";
