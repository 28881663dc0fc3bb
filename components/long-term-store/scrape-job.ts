import { LONG_TERM_STORE_JOB_NAME, ServiceTarget } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";

/**
 * The store's own /metrics on its http port, labelled as the other own components are. Every
 * family is kept: its alerts and dashboard read a handful, and the store serves a few hundred
 * series, less than one exporter.
 */
export function longTermStoreJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: LONG_TERM_STORE_JOB_NAME,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
    };
}
