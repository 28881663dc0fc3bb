import { MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { copy, keep, keepLabels, literal } from "./relabel";
import { ScrapeReach } from "./reach";

/**
 * The log agent has no Service, so its pods are discovered directly: only pods with the agent's
 * labels, and only their `metrics` container port (fluentd's prometheus input, 24231).
 */
export function logAgentJob(s: MetricsSettings): ScrapeConfig {
    const target = s.logAgentTarget;
    return {
        job_name: "log-agent",
        kubernetes_sd_configs: [{ role: "pod", namespaces: { names: [target.namespace] } }],
        relabel_configs: [
            ...keepLabels("pod", target.podLabels),
            keep(["__meta_kubernetes_pod_container_port_name"], literal(target.portName)),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_pod_name", "pod"),
            copy("__meta_kubernetes_pod_node_name", "node"),
        ],
    };
}

export function logAgentReach(s: MetricsSettings): ScrapeReach[] {
    const t = s.logAgentTarget;
    return [{ kind: "pods", namespace: t.namespace, podLabels: { ...t.podLabels }, port: t.portName }];
}
