import { MetricsSettings } from "../../config";
import { alertmanagerClient } from "./alertmanager-client";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { ScrapeReach } from "../common/scrape/reach";
import { copy } from "../common/scrape/relabel";
import { ALERTMANAGER_WEB_JOB_NAME } from "./layout";
import { AlertmanagerTarget } from "./target";

/**
 * Alertmanager's own /metrics while alertmanager.web is set, modelled on prometheus-web.ts: every
 * replica on its web port only (never the gossip ports), with the credentials Prometheus sends
 * alerts with (alertmanager-client.ts). The job label stays the Service's name, as under the
 * self-monitoring job, so the Alertmanager rules and dashboards see the same series with or without web.
 */
export function alertmanagerWebJob(s: MetricsSettings, t: AlertmanagerTarget, d: EndpointDiscovery): ScrapeConfig | undefined {
    if (!t.web) {
        return undefined;
    }
    return {
        job_name: ALERTMANAGER_WEB_JOB_NAME,
        ...alertmanagerClient(t),
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        scrape_interval: s.scrapeInterval,
        relabel_configs: [...ownServiceRelabelRules(t, d), { ...copy("__meta_kubernetes_service_name", "job"), replacement: "${1}" }],
    };
}

/** Present exactly when the self-monitoring job would have scraped Alertmanager and drops it instead (self.ts). */
export function alertmanagerWebJobs(s: MetricsSettings, t: AlertmanagerTarget, d: EndpointDiscovery): Array<{ config: ScrapeConfig; reaches: ScrapeReach[] }> {
    const config = alertmanagerWebJob(s, t, d);
    if (!config || !s.scrapeNamespaces.includes(t.namespace)) {
        return [];
    }
    return [{ config, reaches: [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }] }];
}
