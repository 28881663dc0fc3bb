import { stringify } from "yaml";
import { AlertmanagerTarget, MetricsSettings } from "../../config";
import { PROMETHEUS_PATHS } from "./layout";
import { AlertmanagerConfig, PrometheusConfig } from "./prometheus-config-types";
import { scrapeJobs } from "./scrape-jobs";
import { EndpointDiscovery, endpointDiscovery, endpointSd } from "./scrape-jobs/endpoint-discovery";
import { keep, literal } from "./scrape-jobs/relabel";

export function prometheusConfig(s: MetricsSettings): PrometheusConfig {
    return {
        global: {
            evaluation_interval: s.evaluationInterval,
            scrape_interval: s.scrapeInterval,
            external_labels: { ...s.externalLabels },
        },
        rule_files: [`${PROMETHEUS_PATHS.rulesDir}*.yml`],
        ...(s.alertmanagerTarget ? { alerting: { alertmanagers: [alertmanagers(s.alertmanagerTarget, endpointDiscovery(s))] } } : {}),
        scrape_configs: scrapeJobs(s),
    };
}

/** Serialized with a YAML library, never templated, so quoting of `${1}` or `;` cannot go wrong. */
export function renderPrometheusConfig(config: PrometheusConfig): string {
    return stringify(config, { lineWidth: 0, sortMapEntries: false });
}

/**
 * Alertmanager found through its Service's endpoints (docs/alerting.md#how-prometheus-finds-alertmanager):
 * every replica gets every alert, as Alertmanager's high availability expects. The discovery Role
 * in its namespace comes with discoveryNamespaces.
 */
export function alertmanagers(t: AlertmanagerTarget, d: EndpointDiscovery): AlertmanagerConfig {
    return {
        api_version: "v2",
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(t.serviceName)),
            keep([d.portName], literal(t.portName)),
        ],
    };
}
