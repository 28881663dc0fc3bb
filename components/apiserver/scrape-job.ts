import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { APISERVER_FAMILIES, APISERVER_SERIES_RULES, dropSeries } from "./families";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { dropFamilies } from "../common/scrape/family-rules";
import { copy, keep, SERVICE_ACCOUNT } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";

/** Where every cluster publishes its API servers: Endpoints default/kubernetes, port https. */
export const APISERVER_ENDPOINTS = { namespace: "default", service: "kubernetes", port: "https" } as const;

/**
 * The API servers' /metrics over HTTPS, verified against the cluster CA that the ServiceAccount
 * mounts, authorised by the ClusterRole's nonResourceURL /metrics.
 */
export function apiserverJob(d: EndpointDiscovery): ScrapeConfig {
    const { namespace, service, port } = APISERVER_ENDPOINTS;
    return {
        job_name: "apiserver",
        scheme: "https",
        bearer_token_file: SERVICE_ACCOUNT.token,
        tls_config: { ca_file: SERVICE_ACCOUNT.ca, server_name: "kubernetes" },
        kubernetes_sd_configs: [endpointSd(d, namespace)],
        relabel_configs: [
            {
                ...keep(
                    ["__meta_kubernetes_namespace", "__meta_kubernetes_service_name", d.portName],
                    `${namespace};${service};${port}`,
                ),
                separator: ";",
            },
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_service_name", "service"),
        ],
        metric_relabel_configs: [dropFamilies(APISERVER_FAMILIES), ...APISERVER_SERIES_RULES.map(dropSeries)],
    };
}

export function apiserverReach(): ScrapeReach[] {
    return [{ kind: "apiServer" }];
}
