import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { GRAFANA_JOB_NAME } from "./layout";
import { ServiceTarget } from "../common/scrape/service-target";

/** Grafana serves /metrics on its http port without authentication ([metrics] enabled, its default). */
export function grafanaJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: GRAFANA_JOB_NAME,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
    };
}
