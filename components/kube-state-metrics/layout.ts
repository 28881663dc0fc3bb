import { KubeStateMetricsSettings } from "../../config";

/** Labels shared by the Deployment's selector, its pods and the Service, so they cannot drift. */
export function kubeStateMetricsLabels(k: Pick<KubeStateMetricsSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": k.name, "app.kubernetes.io/component": "exporter" };
}

/** The image's nobody user, as upstream's example runs it. */
export const KUBE_STATE_METRICS_UID = 65534;

export const CONTAINER_NAME = "kube-state-metrics";
