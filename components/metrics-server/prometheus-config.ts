import { stringify } from "yaml";
import { AlertmanagerTarget, MetricsSettings } from "../../config";
import { PROMETHEUS_PATHS } from "./layout";
import { AlertmanagerConfig, PrometheusConfig } from "./prometheus-config-types";
import { scrapeJobs } from "./scrape-jobs";
import { keep, literal } from "./scrape-jobs/relabel";
import { remoteWriteConfigs } from "./remote-write-config";

export function prometheusConfig(s: MetricsSettings): PrometheusConfig {
    const remoteWrite = remoteWriteConfigs(s);
    return {
        global: {
            evaluation_interval: s.evaluationInterval,
            scrape_interval: s.scrapeInterval,
            external_labels: { ...s.externalLabels },
        },
        rule_files: [`${PROMETHEUS_PATHS.rulesDir}*.yml`],
        ...(s.alertmanagerTarget ? { alerting: { alertmanagers: [alertmanagers(s.alertmanagerTarget)] } } : {}),
        scrape_configs: scrapeJobs(s),
        ...(remoteWrite ? { remote_write: remoteWrite } : {}),
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
export function alertmanagers(t: AlertmanagerTarget): AlertmanagerConfig {
    return {
        api_version: "v2",
        kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: [t.namespace] } }],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(t.serviceName)),
            keep(["__meta_kubernetes_endpoint_port_name"], literal(t.portName)),
        ],
    };
}
