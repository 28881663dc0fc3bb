/**
 * The subset of the Prometheus configuration file that this program writes, typed after the
 * v2.11 documentation. Keys outside it are kept out on purpose: the default image is v2.11.1 and
 * rejects keys that later versions added (docs/design.md#prometheus-config-keys).
 */

export type RelabelAction = "replace" | "keep" | "drop" | "hashmod" | "labelmap" | "labeldrop" | "labelkeep";

/** The actions a line may add (metrics.extraScrapeConfigs only; prometheus-releases/scrape-config-keys.ts says which line has which). */
export type LaterRelabelAction = "lowercase" | "uppercase" | "keepequal" | "dropequal";

export interface RelabelConfig {
    source_labels?: string[];
    separator?: string;
    regex?: string;
    modulus?: number;
    target_label?: string;
    replacement?: string;
    action?: RelabelAction | LaterRelabelAction;
}

/** endpointslice only on the modern release lines (prometheus-releases/release-lines.ts). */
export type KubernetesRole = "endpoints" | "endpointslice" | "service" | "pod" | "node" | "ingress";

export interface KubernetesSdConfig {
    role: KubernetesRole;
    namespaces?: { names: string[] };
}

export interface FileSdConfig {
    files: string[];
    refresh_interval?: string;
}

/** 2.28 and later only (metrics.extraScrapeConfigs). */
export interface HttpSdConfig {
    url: string;
    refresh_interval?: string;
}

export interface StaticConfig {
    targets: string[];
    labels?: Record<string, string>;
}

export interface TlsConfig {
    ca_file?: string;
    cert_file?: string;
    key_file?: string;
    server_name?: string;
    insecure_skip_verify?: boolean;
}

export interface ScrapeConfig {
    job_name: string;
    honor_labels?: boolean;
    honor_timestamps?: boolean;
    scrape_interval?: string;
    scrape_timeout?: string;
    metrics_path?: string;
    scheme?: "http" | "https";
    bearer_token_file?: string;
    /** Read by every line; only the prometheus-web job sets it (2.24+ stacks). */
    basic_auth?: { username: string; password_file: string };
    tls_config?: TlsConfig;
    kubernetes_sd_configs?: KubernetesSdConfig[];
    file_sd_configs?: FileSdConfig[];
    static_configs?: StaticConfig[];
    /** 2.28+ (metrics.extraScrapeConfigs). */
    http_sd_configs?: HttpSdConfig[];
    relabel_configs?: RelabelConfig[];
    metric_relabel_configs?: RelabelConfig[];
    /** 2.21+ and 2.28+ (metrics.extraScrapeConfigs). */
    target_limit?: number;
    body_size_limit?: string;
    /** Read by every line, 2.11 included: a scrape with more samples fails. */
    sample_limit?: number;
    /** 2.27 and later only (PrometheusRelease.labelLimits). */
    label_limit?: number;
    label_name_length_limit?: number;
    label_value_length_limit?: number;
    /** URL parameters; the probe jobs' module. */
    params?: Record<string, string[]>;
}

/**
 * One Alertmanager set. `api_version` arrived in 2.11.0 (CHANGELOG: "Add option to use
 * Alertmanager API v2", #5482); 2.11 defaults to v1, which Alertmanager 0.27 removed.
 */
export interface AlertmanagerConfig {
    api_version: "v2";
    scheme?: "http" | "https";
    path_prefix?: string;
    timeout?: string;
    /** v2.11.1's alertmanager_config inlines the HTTP client config: both keys are read there (alertmanager.web). */
    tls_config?: TlsConfig;
    basic_auth?: { username: string; password_file: string };
    kubernetes_sd_configs?: KubernetesSdConfig[];
    file_sd_configs?: FileSdConfig[];
    static_configs?: StaticConfig[];
    relabel_configs?: RelabelConfig[];
}

/**
 * One remote_write target, with the keys of v2.11.1's RemoteWriteConfig and the HTTP client
 * settings of prometheus/common v0.4.1 that the program writes (docs/long-term-storage.md#which-keys-v2111-accepts),
 * and the auth keys of later releases, which the stack's line is checked against before they are
 * written (prometheus-releases/remote-write-auth.ts). No `name` (2.15), `authorization` (2.26),
 * `metadata_config` (2.23)...
 */
export interface RemoteWriteConfig {
    url: string;
    remote_timeout?: string;
    /** 2.25+. */
    headers?: Record<string, string>;
    write_relabel_configs?: RelabelConfig[];
    basic_auth?: { username: string; password_file: string };
    bearer_token_file?: string;
    /** 2.27+. */
    oauth2?: { client_id: string; client_secret_file: string; token_url: string; scopes?: string[]; endpoint_params?: Record<string, string> };
    tls_config?: TlsConfig;
    queue_config?: QueueConfig;
    /** 2.26+; no keys: they come from the environment (AWS_ACCESS_KEY_ID...) or the pod's identity. */
    sigv4?: { region: string; role_arn?: string };
    /** 2.45+ (managed_identity), 2.52+ (sdk), 3.7+ (workload_identity). */
    azuread?: { cloud: string; managed_identity?: { client_id: string }; sdk?: { tenant_id: string }; workload_identity?: { client_id: string; tenant_id: string } };
}

/** v2.11.1's QueueConfig; `max_retries` had already gone, `retry_on_http_429` came in 2.26. */
export interface QueueConfig {
    capacity?: number;
    max_shards?: number;
    min_shards?: number;
    max_samples_per_send?: number;
    batch_send_deadline?: string;
    min_backoff?: string;
    max_backoff?: string;
}

export interface PrometheusConfig {
    global: {
        scrape_interval: string;
        evaluation_interval: string;
        external_labels: Record<string, string>;
    };
    rule_files: string[];
    /** alert_relabel_configs is as old as Prometheus 1.x, so v2.11.1 reads it. */
    alerting?: { alert_relabel_configs?: RelabelConfig[]; alertmanagers: AlertmanagerConfig[] };
    scrape_configs: ScrapeConfig[];
    remote_write?: RemoteWriteConfig[];
    /** 2.55+ only, and only the keys the stack's minor version reads (metrics.otlp, prometheus-releases/otlp.ts). */
    otlp?: Record<string, unknown>;
}
