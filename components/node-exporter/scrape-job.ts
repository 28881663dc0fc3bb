import { MetricsSettings } from "../../config";
import type { NodeExporterTarget } from "./target";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { dropFamilies } from "../common/scrape/family-rules";
import { NODE_EXPORTER_FAMILIES } from "./families";
import { copy, keep, keepLabels, literal } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";
import { RBAC_PROXY_SCRAPE } from "../common/scrape/behind-rbac-proxy";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

export const NODE_EXPORTER_JOB = NODE_EXPORTER_JOB_NAME;

/**
 * node-exporter has no Service: its pods run on the host network, one per node, so they are
 * found as pods (by the DaemonSet's labels, in its namespace) and scraped at the node IP and the
 * port named `metrics`. node and instance carry the node name, as the kubelet job's do.
 */
export function nodeExporterJob(target: NodeExporterTarget): ScrapeConfig {
    return {
        job_name: NODE_EXPORTER_JOB,
        ...RBAC_PROXY_SCRAPE,
        kubernetes_sd_configs: [{ role: "pod", namespaces: { names: [target.namespace] } }],
        relabel_configs: [
            ...keepLabels("pod", target.podLabels),
            keep(["__meta_kubernetes_pod_container_port_name"], literal(target.portName)),
            copy("__meta_kubernetes_pod_node_name", "node"),
            copy("__meta_kubernetes_pod_node_name", "instance"),
        ],
        metric_relabel_configs: [dropFamilies(NODE_EXPORTER_FAMILIES)],
    };
}


/** The exporter's pods, which listen on their node's address (host network). */
export function nodeExporterReach(target: NodeExporterTarget): ScrapeReach[] {
    return [{ kind: "pods", namespace: target.namespace, podLabels: { ...target.podLabels }, port: target.portName }];
}
