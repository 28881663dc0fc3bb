import { MetricsSettings } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { annotation, annotationSd, containerWithoutPortAnnotation, schemeAndPath, urlParams } from "../common/scrape/annotations";
import { EndpointDiscovery, podFromEndpointTarget } from "../common/scrape/endpoint-discovery";
import { copy, drop, keep } from "../common/scrape/relabel";
import { ANNOTATED_SERVICE_JOB } from "./layout";

/**
 * The endpoints of Services annotated `prometheus.io/scrape: "true"` (docs/monitor-your-app.md).
 * Endpoint discovery attaches the backing pod's meta labels, annotations included, so an
 * endpoint whose pod is annotated itself is left to annotated-pods: one scrape, not two.
 */
export function annotatedServicesJob(s: MetricsSettings, d: EndpointDiscovery): ScrapeConfig {
    const port = annotation("service", "port");
    return {
        job_name: ANNOTATED_SERVICE_JOB,
        kubernetes_sd_configs: [annotationSd(s.annotationDiscovery, d.role)],
        relabel_configs: [
            keep([annotation("service", "scrape")], "true"),
            drop([annotation("pod", "scrape")], "true"),
            // An endpoint without a pod has no phase and stays; a pod's must be Running.
            drop(["__meta_kubernetes_pod_phase"], "Pending|Succeeded|Failed|Unknown"),
            ...schemeAndPath("service"),
            { action: "replace", source_labels: ["__address__", port], separator: ";", regex: "([^:\\[\\]]+):\\d+;(\\d+)", replacement: "$1:$2", target_label: "__address__" },
            { action: "replace", source_labels: ["__address__", port], separator: ";", regex: "\\[(.+)\\]:\\d+;(\\d+)", replacement: "[$1]:$2", target_label: "__address__" },
            urlParams("service"),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_service_name", "service"),
            podFromEndpointTarget(d),
            containerWithoutPortAnnotation("service"),
            copy("__meta_kubernetes_pod_node_name", "node"),
        ],
    };
}
