import { OWN_JOB_NAMES, ServiceTarget } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "./endpoint-discovery";
import { ownServiceRelabelRules } from "./own-service";

/** Grafana serves /metrics on its http port without authentication ([metrics] enabled, its default). */
export function grafanaJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: OWN_JOB_NAMES.grafana,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
    };
}
