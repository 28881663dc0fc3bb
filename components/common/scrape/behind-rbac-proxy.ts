import { ScrapeConfig } from "./prometheus-config-types";
import { SERVICE_ACCOUNT } from "./relabel";

/**
 * How Prometheus scrapes an exporter behind kube-rbac-proxy: over TLS, with its ServiceAccount
 * token, which the proxy reviews and authorises against the ClusterRole rule get /metrics. The
 * proxy serves a self-signed certificate generated at start, which no CA can vouch for, so it is
 * not verified, as kube-prometheus' ServiceMonitors do; the token, not the certificate, is what
 * keeps other callers out (docs/security.md#authenticated-exporters).
 */
export const RBAC_PROXY_SCRAPE: Pick<ScrapeConfig, "scheme" | "bearer_token_file" | "tls_config"> = {
    scheme: "https",
    bearer_token_file: SERVICE_ACCOUNT.token,
    tls_config: { insecure_skip_verify: true },
};
