import { MetricsSettings } from "../../config";
import { RelabelConfig, ScrapeConfig, TlsConfig } from "../common/scrape/prometheus-config-types";
import { dropFamilies } from "../common/scrape/family-rules";
import { KUBELET_FAMILIES, KUBELET_SERIES_RULES } from "./families";
import { dropSeries } from "../common/scrape/series-rules";
import { copy, SERVICE_ACCOUNT } from "../common/scrape/relabel";
import { KUBELET_PORT, ScrapeReach } from "../common/scrape/reach";

/**
 * docs/design.md#scrape-targets: the kubelet serves /metrics and /metrics/cadvisor over HTTPS on port 10250 and
 * wants the ServiceAccount's bearer token. Node discovery already points __address__ at that
 * port (the node's kubelet endpoint), so only scheme, auth and labels are set here.
 */
export function kubeletTlsConfig(s: MetricsSettings): TlsConfig {
    return s.kubeletTls.caFile
        ? { ca_file: s.kubeletTls.caFile, insecure_skip_verify: false }
        : { insecure_skip_verify: s.kubeletTls.insecureSkipVerify };
}

/** node and instance carry the node name, which a person can read, instead of IP:port. */
export function nodeLabels(): RelabelConfig[] {
    return [copy("__meta_kubernetes_node_name", "node"), copy("__meta_kubernetes_node_name", "instance")];
}

export function kubeletJob(s: MetricsSettings): ScrapeConfig {
    return {
        job_name: "kubelet",
        scheme: "https",
        bearer_token_file: SERVICE_ACCOUNT.token,
        tls_config: kubeletTlsConfig(s),
        kubernetes_sd_configs: [{ role: "node" }],
        relabel_configs: nodeLabels(),
        metric_relabel_configs: [dropFamilies(KUBELET_FAMILIES), ...KUBELET_SERIES_RULES.map(dropSeries)],
    };
}

/** The kubelet and cadvisor jobs: node discovery targets the kubelet's port on each node's address. */
export function kubeletReach(): ScrapeReach[] {
    return [{ kind: "nodes", port: KUBELET_PORT }];
}
