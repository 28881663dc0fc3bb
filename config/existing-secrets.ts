/**
 * Which secret stack keys may be set, in plain config, to `{ secretKeyRef: { name, key } }` naming
 * an existing Secret (issue #44, docs/existing-secrets.md), and why the others may not. One row per
 * secret: the pod that reads it, the namespace the Secret must be in (a Secret is read only in its
 * own namespace), and either the indirection through which that pod reads it or the refusal.
 * config/secrets.ts and config/alertmanager.ts read the keys with these refusals; the docs table is
 * checked against this one (tests/existing-secrets.test.ts).
 */
export interface ExistingSecretRow {
    /** The stack key as docs/existing-secrets.md names it. */
    secret: string;
    /** The pod that reads it, and the namespace the existing Secret must be in. */
    consumer: string;
    namespace: string;
    /** How the pod reads an existing Secret's key; absent when refused. */
    indirection?: string;
    /** Why an existing Secret cannot serve here; absent when accepted. */
    refusal?: string;
}

/** The refusals config/secrets.ts hands to its readers, by secret. */
export const EXISTING_SECRET_REFUSALS = {
    hatchEnv: "this key is named by an extra.env entry's valueFrom.secretKey; to read an existing Secret, write valueFrom: { secretKeyRef: { name, key } } in that entry instead",
    receiverSigv4: "an SNS receiver's sigv4.secret_key has no _file variant in Alertmanager (github.com/prometheus/sigv4's SigV4Config), so Alertmanager could read it only from the config file itself",
} as const;

export const EXISTING_SECRET_ROWS: readonly ExistingSecretRow[] = [
    { secret: "grafanaAdminPassword", consumer: "Grafana", namespace: "metrics", indirection: "env GF_SECURITY_ADMIN_PASSWORD from a secretKeyRef" },
    { secret: "grafana.sso, grafana.ini and grafana.dataSources secrets (the keys they name)", consumer: "Grafana", namespace: "metrics", indirection: "the same env variable from a secretKeyRef (`GF_<SECTION>_<KEY>`, or the data source's variable its provisioning file expands)" },
    { secret: "alertWebhookUrl, alertWatchdogUrl", consumer: "Alertmanager", namespace: "metrics", indirection: "webhook_configs url_file, a file of the mounted Secret (Alertmanager v0.34.0 and later: the tables know url_file at v0.34.0, not at v0.25.0)" },
    { secret: "alertSlackUrl", consumer: "Alertmanager", namespace: "metrics", indirection: "slack_configs api_url_file (v0.25.0 and later)" },
    { secret: "alertSmtpPassword", consumer: "Alertmanager", namespace: "metrics", indirection: "email_configs auth_password_file (v0.25.0 and later)" },
    { secret: "alertPagerdutyKey", consumer: "Alertmanager", namespace: "metrics", indirection: "pagerduty_configs routing_key_file (v0.25.0 and later)" },
    { secret: "alertmanager.receivers' `<key>_secret` keys", consumer: "Alertmanager", namespace: "metrics", indirection: "`<key>_file` where the receiver type has it at the image's line (config/alertmanager-receivers.ts), http_config's basic_auth.password_file and authorization.credentials_file" },
    { secret: "alertmanager.receivers' sigv4.secret_key_secret", consumer: "Alertmanager", namespace: "metrics", refusal: EXISTING_SECRET_REFUSALS.receiverSigv4 },
    { secret: "metrics.remoteWrite's and metrics.extraScrapeConfigs' keys (`passwordKey`, `bearerTokenKey`, `tls.*Key`, `oauth2.clientSecretKey`, `*_secret`)", consumer: "Prometheus", namespace: "metrics", indirection: "the `*_file` key (password_file, bearer_token_file, client_secret_file, ca_file, cert_file, key_file), a file of a projected volume at the path the program's own Secret would have" },
    { secret: "metrics.remoteWrite's sigv4 keys and azureAd.oauth.clientSecretKey", consumer: "Prometheus", namespace: "metrics", indirection: "env AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AZURE_CLIENT_SECRET from a secretKeyRef" },
    { secret: "searchPassword", consumer: "fluentd and Grafana", namespace: "logs and metrics: the same Secret name and key in each", indirection: "env OUTPUT_PASSWORD (fluentd) and SEARCH_PASSWORD (Grafana) from a secretKeyRef" },
    { secret: "etcdCaCert, etcdClientCert, etcdClientKey", consumer: "Prometheus", namespace: "metrics", indirection: "the etcd job's tls_config ca_file, cert_file and key_file, files of a projected volume at /etc/prometheus/secrets/kvstore-client-cert (all three existing, or all three Pulumi secrets)" },
    { secret: "longTermStore.edges[].passwordKey", consumer: "vmauth", namespace: "metrics", indirection: "env `EDGE_PASSWORD_<i>` (`<i>`: the edge's index in longTermStore.edges) from a secretKeyRef, which vmauth's auth.yml names by the placeholder `'%{EDGE_PASSWORD_<i>}'` (vmauth's `%{ENV}` syntax, on Debian's vmauth 1.79.5 too); the password must not hold `'` or a line break" },
    { secret: "longTermStore.backup's keys (accessKeyIdKey, secretAccessKeyKey)", consumer: "the store's backup sidecar (vmbackup)", namespace: "metrics", indirection: "env AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from a secretKeyRef (both existing, or both Pulumi secrets)" },
    { secret: "prometheusOidcClientSecret, alertmanagerOidcClientSecret", consumer: "oauth2-proxy (the auth gateway's sidecar)", namespace: "metrics", indirection: "env OAUTH2_PROXY_CLIENT_SECRET from a secretKeyRef, in place of --client-secret-file; the cookie secret stays generated, in Secret `<server>-auth-oauth2`" },
    { secret: "a key an extra.env entry names at valueFrom.secretKey", consumer: "that workload", namespace: "its own", refusal: EXISTING_SECRET_REFUSALS.hatchEnv },
];
