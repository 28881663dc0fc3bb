import { MetricsSettings } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { annotation, annotationSd, containerWithoutPortAnnotation, schemeAndPath, urlParams } from "../common/scrape/annotations";
import { copy, drop, keep } from "../common/scrape/relabel";
import { ANNOTATED_POD_JOB } from "./layout";

/**
 * Pods annotated `prometheus.io/scrape: "true"` in the stack's namespaces
 * (docs/monitor-your-app.md). This job wins over annotated-services: a pod annotated itself is
 * scraped here, and annotated-services leaves it out, so it is scraped once.
 */
export function annotatedPodsJob(s: MetricsSettings): ScrapeConfig {
    const port = annotation("pod", "port");
    return {
        job_name: ANNOTATED_POD_JOB,
        kubernetes_sd_configs: [annotationSd(s.annotationDiscovery, "pod")],
        relabel_configs: [
            keep([annotation("pod", "scrape")], "true"),
            // Pending, Succeeded and Failed pods would only add up == 0.
            keep(["__meta_kubernetes_pod_phase"], "Running"),
            // From 2.35 role pod also lists init containers; 2.11 has no such label, so nothing matches there.
            drop(["__meta_kubernetes_pod_container_init"], "true"),
            // Without prometheus.io/port, a container that declares no port has no address to scrape.
            drop([port, "__meta_kubernetes_pod_container_port_number"], ";"),
            ...schemeAndPath("pod"),
            { action: "replace", source_labels: [port, "__meta_kubernetes_pod_ip"], separator: ";", regex: "(\\d+);([^:]+)", replacement: "$2:$1", target_label: "__address__" },
            { action: "replace", source_labels: [port, "__meta_kubernetes_pod_ip"], separator: ";", regex: "(\\d+);(.*:.*)", replacement: "[$2]:$1", target_label: "__address__" },
            urlParams("pod"),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_pod_name", "pod"),
            containerWithoutPortAnnotation("pod"),
            copy("__meta_kubernetes_pod_node_name", "node"),
        ],
    };
}
