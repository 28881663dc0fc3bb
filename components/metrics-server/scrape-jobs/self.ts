import { MetricsSettings } from "../../../config";
import { DISCOVERY_LABEL, WEB_PORT } from "../layout";
import { RelabelConfig, ScrapeConfig } from "../prometheus-config-types";
import { EndpointDiscovery, endpointDiscovery, endpointSd, podFromEndpointTarget } from "./endpoint-discovery";
import { constant, copy, keep } from "./relabel";

/**
 * docs/design.md#discovery-relabel-rules, in order. Rule 1 keeps only services labelled monitor=main; the rest turn discovery
 * meta labels into the target labels pod, namespace, service, job and endpoint, because meta
 * labels are dropped after relabeling.
 */
export function endpointRelabelRules(d: EndpointDiscovery): RelabelConfig[] {
    return [
        keep([`__meta_kubernetes_service_label_${DISCOVERY_LABEL.key}`], DISCOVERY_LABEL.value),
        podFromEndpointTarget(d),
        copy("__meta_kubernetes_namespace", "namespace"),
        copy("__meta_kubernetes_service_name", "service"),
        copy("__meta_kubernetes_pod_name", "pod"),
        { ...copy("__meta_kubernetes_service_name", "job"), replacement: "${1}" },
        constant("endpoint", WEB_PORT.name),
    ];
}

/** The spec's one job: services labelled monitor=main in the scrape namespaces, itself included. */
export function selfMonitoringJob(s: MetricsSettings): ScrapeConfig {
    return {
        job_name: s.name,
        honor_labels: false,
        kubernetes_sd_configs: [endpointSd(endpointDiscovery(s), s.scrapeNamespaces)],
        scrape_interval: s.scrapeInterval,
        relabel_configs: endpointRelabelRules(endpointDiscovery(s)),
    };
}
