import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { SERVICE_ACCOUNT } from "../common/scrape/relabel";
import { RESOURCE_METRICS_JOB_NAME } from "./layout";
import { ServiceTarget } from "../common/scrape/service-target";

/**
 * prometheus-adapter serves /metrics on its secure port behind delegated authentication and
 * authorisation: the ServiceAccount token, allowed by the ClusterRole's nonResourceURL /metrics.
 * Its certificate is one it signs itself at start (as for its APIService), so no CA can verify it.
 */
export function prometheusAdapterJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: RESOURCE_METRICS_JOB_NAME,
        scheme: "https",
        bearer_token_file: SERVICE_ACCOUNT.token,
        tls_config: { insecure_skip_verify: true },
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
    };
}
