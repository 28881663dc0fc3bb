/**
 * The remote_write keys that metrics.remoteWrite's authentication settings write, each with the
 * first Prometheus release whose config parser reads it (docs/long-term-storage.md#authentication).
 * Checked per minor version, not per line: the 3.5 to 3.14 line has Azure workload identity only
 * from 3.7. Taken from the yaml tags at each tag of github.com/prometheus/prometheus, and the
 * CHANGELOG entry that added each:
 * - `RemoteWriteConfig` in config/config.go: `headers` absent at v2.24.0, present at v2.25.0
 *   (#8416); `sigv4` absent at v2.25.0, present at v2.26.0 (#8509); `azuread` absent at v2.44.0,
 *   present at v2.45.0 (#11944);
 * - the HTTP client of prometheus/common: basic_auth, bearer_token_file and tls_config with
 *   ca_file, cert_file and key_file in vendor/github.com/prometheus/common/config/http_config.go at
 *   v2.11.0 (common v0.4.1); `oauth2` (client_id, client_secret_file, scopes, token_url,
 *   endpoint_params) in common v0.23.0, which v2.27.0 is the first to require (go.mod; v2.26.0
 *   has v0.20.0 without it; CHANGELOG 2.27.0 #8761);
 * - `AzureADConfig` in storage/remote/azuread/azuread.go: `managed_identity` and `cloud` at
 *   v2.45.0; `oauth` at v2.48.0 (#12572); `sdk` at v2.52.0 (#13099); `workload_identity` at
 *   v3.7.0 (#16788).
 */
export interface RemoteWriteKeySince {
    /** The key as prometheus.yml spells it, for messages and docs. */
    prometheusKey: string;
    /** The first release X.Y.0 whose parser reads it. */
    since: string;
}

/** By the stack setting that writes it, relative to one remoteWrite target. */
export const REMOTE_WRITE_AUTH_SINCE = {
    basicAuth: { prometheusKey: "basic_auth", since: "2.11.0" },
    bearerTokenKey: { prometheusKey: "bearer_token_file", since: "2.11.0" },
    "tls.caKey": { prometheusKey: "tls_config.ca_file", since: "2.11.0" },
    "tls.certKey": { prometheusKey: "tls_config.cert_file", since: "2.11.0" },
    "tls.keyKey": { prometheusKey: "tls_config.key_file", since: "2.11.0" },
    headers: { prometheusKey: "headers", since: "2.25.0" },
    sigv4: { prometheusKey: "sigv4", since: "2.26.0" },
    oauth2: { prometheusKey: "oauth2", since: "2.27.0" },
    "azureAd.managedIdentity": { prometheusKey: "azuread.managed_identity", since: "2.45.0" },
    /**
     * Prometheus reads an inline client secret at azuread.oauth from 2.48.0, but has no file for it,
     * and before 3.11.3 showed it at /-/config (CVE-2026-42151). The program sets azuread.sdk instead,
     * whose DefaultAzureCredential reads AZURE_CLIENT_SECRET from the environment, filled from the
     * Secret: that came in 2.52.0.
     */
    "azureAd.oauth": { prometheusKey: "azuread.sdk (the client secret from the environment; azuread.oauth came in 2.48.0 with the secret inline)", since: "2.52.0" },
    "azureAd.workloadIdentity": { prometheusKey: "azuread.workload_identity", since: "3.7.0" },
} as const satisfies Readonly<Record<string, RemoteWriteKeySince>>;

export type RemoteWriteAuthSetting = keyof typeof REMOTE_WRITE_AUTH_SINCE;

/**
 * Header names that Prometheus refuses in remote_write headers: config/config.go's
 * unchangeableHeaders at v2.25.0, renamed reservedHeaders with the three x-amz-* of sigv4 added
 * at v2.26.0, the same list at v2.42.0 and v3.14.0; and Authorization, which it refuses apart.
 */
export const RESERVED_REMOTE_WRITE_HEADERS: readonly string[] = [
    "authorization",
    "host",
    "content-encoding",
    "content-length",
    "content-type",
    "user-agent",
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "www-authenticate",
    "accept-encoding",
    "x-prometheus-remote-write-version",
    "x-prometheus-remote-read-version",
    "x-amz-date",
    "x-amz-security-token",
    "x-amz-content-sha256",
];
