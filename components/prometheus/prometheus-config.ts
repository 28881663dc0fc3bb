import { teamRulesGlob } from "./team-rules";
import { stringify } from "yaml";
import { MetricsSettings } from "../../config";
import { POD_NAME_ENV, PROMETHEUS_PATHS } from "./layout";
import { replicated } from "./reloader";
import { AlertmanagerConfig, PrometheusConfig, RelabelConfig, ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { keep, literal } from "../common/scrape/relabel";
import { remoteWriteConfigs } from "./remote-write-config";
import { alertmanagerClient } from "../alertmanager/alertmanager-client";
import { PrometheusInputs } from "./inputs";
import { otlpBlock } from "./otlp";
import { AlertmanagerTarget } from "../alertmanager/target";

export function prometheusConfig(s: MetricsSettings, inputs: Pick<PrometheusInputs, "scrapeJobs" | "alertmanager" | "longTermStore">): PrometheusConfig {
    const remoteWrite = remoteWriteConfigs(s, inputs.longTermStore);
    const otlp = otlpBlock(s);
    return {
        global: {
            evaluation_interval: s.evaluationInterval,
            scrape_interval: s.scrapeInterval,
            external_labels: externalLabels(s),
        },
        rule_files: [`${PROMETHEUS_PATHS.rulesDir}*.yml`, ...teamRulesGlob(s)],
        ...(inputs.alertmanager ? { alerting: { ...alertRelabeling(s), alertmanagers: [alertmanagers(inputs.alertmanager, endpointDiscovery(s))] } } : {}),
        scrape_configs: [...inputs.scrapeJobs],
        ...(remoteWrite ? { remote_write: remoteWrite } : {}),
        ...(otlp ? { otlp } : {}),
    };
}

/**
 * With replicas, each pod's series carry its own name under replicaLabel, so two replicas never
 * send identical series downstream. Prometheus 2.11 cannot expand variables in its config: the
 * reloader writes the pod's copy with $(POD_NAME) replaced (docs/high-availability.md#the-replica-label).
 */
export function externalLabels(s: MetricsSettings): Record<string, string> {
    return replicated(s) ? { ...s.externalLabels, [s.replicaLabel]: `$(${POD_NAME_ENV})` } : { ...s.externalLabels };
}

/**
 * Replicas send the same alerts; without their replica label the copies are identical, and
 * Alertmanager treats them as one alert rather than two (docs/high-availability.md#deduplication).
 */
export function alertRelabeling(s: MetricsSettings): { alert_relabel_configs?: RelabelConfig[] } {
    return replicated(s) ? { alert_relabel_configs: [{ action: "labeldrop", regex: literal(s.replicaLabel) }] } : {};
}

/** Serialized with a YAML library, never templated, so quoting of `${1}` or `;` cannot go wrong. */
export function renderPrometheusConfig(config: PrometheusConfig): string {
    return stringify(config, { lineWidth: 0, sortMapEntries: false });
}

/**
 * Alertmanager found through its Service's endpoints (docs/alerting.md#how-prometheus-finds-alertmanager):
 * every replica gets every alert, as Alertmanager's high availability expects. The discovery Role
 * in its namespace comes with discoveryNamespaces. With alertmanager.web, over https and with the
 * password (alertmanager-client.ts).
 */
export function alertmanagers(t: AlertmanagerTarget, d: EndpointDiscovery): AlertmanagerConfig {
    return {
        api_version: "v2",
        ...alertmanagerClient(t),
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(t.serviceName)),
            keep([d.portName], literal(t.portName)),
        ],
    };
}
