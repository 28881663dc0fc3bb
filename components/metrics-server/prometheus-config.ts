import { stringify } from "yaml";
import { MetricsSettings } from "../../config";
import { DISCOVERY_LABEL, PROMETHEUS_PATHS, WEB_PORT } from "./layout";
import { PrometheusConfig, RelabelConfig, ScrapeConfig } from "./prometheus-config-types";

/**
 * Spec 2.4, in order. Rule 1 keeps only services labelled monitor=main; the rest turn discovery
 * meta labels into the target labels pod, namespace, service, job and endpoint, because meta
 * labels are dropped after relabeling.
 */
export function endpointRelabelRules(): RelabelConfig[] {
    return [
        {
            action: "keep",
            source_labels: [`__meta_kubernetes_service_label_${DISCOVERY_LABEL.key}`],
            regex: DISCOVERY_LABEL.value,
        },
        {
            action: "replace",
            source_labels: [
                "__meta_kubernetes_endpoint_address_target_kind",
                "__meta_kubernetes_endpoint_address_target_name",
            ],
            separator: ";",
            regex: "Pod;(.*)",
            replacement: "${1}",
            target_label: "pod",
        },
        { action: "replace", source_labels: ["__meta_kubernetes_namespace"], target_label: "namespace" },
        { action: "replace", source_labels: ["__meta_kubernetes_service_name"], target_label: "service" },
        { action: "replace", source_labels: ["__meta_kubernetes_pod_name"], target_label: "pod" },
        {
            action: "replace",
            source_labels: ["__meta_kubernetes_service_name"],
            replacement: "${1}",
            target_label: "job",
        },
        { action: "replace", replacement: WEB_PORT.name, target_label: "endpoint" },
    ];
}

export function selfMonitoringJob(s: MetricsSettings): ScrapeConfig {
    return {
        job_name: s.name,
        honor_labels: false,
        kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: [...s.scrapeNamespaces] } }],
        scrape_interval: s.scrapeInterval,
        relabel_configs: endpointRelabelRules(),
    };
}

export function prometheusConfig(s: MetricsSettings): PrometheusConfig {
    return {
        global: {
            evaluation_interval: s.evaluationInterval,
            scrape_interval: s.scrapeInterval,
            external_labels: { ...s.externalLabels },
        },
        rule_files: [`${PROMETHEUS_PATHS.rulesDir}*.yml`],
        scrape_configs: [selfMonitoringJob(s)],
    };
}

/** Serialized with a YAML library, never templated, so quoting of `${1}` or `;` cannot go wrong. */
export function renderPrometheusConfig(config: PrometheusConfig): string {
    return stringify(config, { lineWidth: 0, sortMapEntries: false });
}
