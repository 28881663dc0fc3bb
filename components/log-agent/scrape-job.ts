import type { LogAgentTarget } from "./target";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { copy, keep, keepLabels, literal } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";

/**
 * The log agent has no Service, so its pods are discovered directly: only pods with the agent's
 * labels, and only their `metrics` container port (fluentd's prometheus input, 24231).
 */
export function logAgentJob(t: LogAgentTarget): ScrapeConfig {
    return {
        job_name: "log-agent",
        kubernetes_sd_configs: [{ role: "pod", namespaces: { names: [t.namespace] } }],
        relabel_configs: [
            ...keepLabels("pod", t.podLabels),
            keep(["__meta_kubernetes_pod_container_port_name"], literal(t.portName)),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_pod_name", "pod"),
            copy("__meta_kubernetes_pod_node_name", "node"),
        ],
    };
}

export function logAgentReach(t: LogAgentTarget): ScrapeReach[] {
    return [{ kind: "pods", namespace: t.namespace, podLabels: { ...t.podLabels }, port: t.portName }];
}
