import { MetricsSettings } from "../../config";
import { PROMETHEUS_WEB_JOB_NAME, WEB_PORT, webScheme, webServerName } from "./layout";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { webCaPath, webPasswordPath } from "./web-config";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { ScrapeReach } from "../common/scrape/reach";
import { copy } from "../common/scrape/relabel";

/**
 * Prometheus scraping itself (every replica, its peers included) while metrics.web is set: over
 * https verified against the Secret's ca.crt under the Service's name, since the targets are pod
 * addresses the certificate does not name, and with the generated password from its file. The
 * job label stays the Service's name, as under the self-monitoring job, so dashboards and rules
 * see the same series with or without web.
 */
export function prometheusWebJob(s: MetricsSettings, d: EndpointDiscovery): ScrapeConfig {
    const target = { namespace: s.namespace, serviceName: s.name, portName: WEB_PORT.name };
    return {
        job_name: PROMETHEUS_WEB_JOB_NAME,
        scheme: webScheme(s),
        ...(s.web?.tls ? { tls_config: { ca_file: webCaPath(), server_name: webServerName(s) } } : {}),
        ...(s.web?.basicAuth ? { basic_auth: { username: s.web.basicAuth.username, password_file: webPasswordPath() } } : {}),
        kubernetes_sd_configs: [endpointSd(d, s.namespace)],
        scrape_interval: s.scrapeInterval,
        relabel_configs: [...ownServiceRelabelRules(target, d), { ...copy("__meta_kubernetes_service_name", "job"), replacement: "${1}" }],
    };
}

/** Present exactly when the self-monitoring job would have scraped Prometheus and drops it instead. */
export function prometheusWebJobs(s: MetricsSettings, d: EndpointDiscovery): Array<{ config: ScrapeConfig; reaches: ScrapeReach[] }> {
    if (!s.web || !s.scrapeNamespaces.includes(s.namespace)) {
        return [];
    }
    return [{ config: prometheusWebJob(s, d), reaches: [{ kind: "service", namespace: s.namespace, name: s.name, port: WEB_PORT.name }] }];
}
