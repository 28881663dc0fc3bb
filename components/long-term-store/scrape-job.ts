import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { ServiceTarget } from "../common/scrape/service-target";
import { LONG_TERM_STORE_JOB_NAME, VMAUTH_JOB_NAME } from "./layout";

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

/** A central store's vmauth: its own /metrics (requests and errors per user) on its http port. */
export function vmauthJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: VMAUTH_JOB_NAME,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
    };
}
