/**
 * The keys of a scrape config that metrics.extraScrapeConfigs offers, with the first Prometheus
 * release whose config parser reads each (docs/escape-hatches.md#extra-scrape-configs). Taken from
 * the yaml tags of each tag's source, not from memory:
 * - `ScrapeConfig` in config/config.go at v2.11.1, v2.53.0, v2.55.0, v3.5.0 and v3.14.0;
 * - the service discovery keys in discovery/config/config.go at v2.11.1 (static_configs,
 *   kubernetes_sd_configs...) and discovery/http/http.go, absent at v2.27.0, present at v2.28.0;
 * - `SDConfig` in discovery/kubernetes/kubernetes.go at the same tags (role, namespaces at v2.11.1);
 * - the relabel actions in pkg/relabel/relabel.go (v2.11.1) and model/relabel/relabel.go (v2.53.0, v3.x);
 * - the HTTP client keys (basic_auth, bearer_token_file, tls_config) in
 *   vendor/github.com/prometheus/common/config/http_config.go at v2.11.1, which every later line keeps.
 * A key missing here is not offered at all, so no line can be handed a key it lacks.
 */
export const SCRAPE_KEYS_SINCE: Readonly<Record<string, string>> = {
    job_name: "2.11.0",
    honor_labels: "2.11.0",
    honor_timestamps: "2.11.0",
    params: "2.11.0",
    scrape_interval: "2.11.0",
    scrape_timeout: "2.11.0",
    metrics_path: "2.11.0",
    scheme: "2.11.0",
    basic_auth: "2.11.0",
    bearer_token_file: "2.11.0",
    tls_config: "2.11.0",
    static_configs: "2.11.0",
    kubernetes_sd_configs: "2.11.0",
    relabel_configs: "2.11.0",
    metric_relabel_configs: "2.11.0",
    /** config/config.go: absent at v2.11.1, present at v2.53.0 (it came in 2.21.0). */
    target_limit: "2.21.0",
    /** config/config.go: absent at v2.11.1, present at v2.53.0 (it came in 2.28.0). */
    body_size_limit: "2.28.0",
    /** discovery/http/http.go: absent at v2.27.0, present at v2.28.0. */
    http_sd_configs: "2.28.0",
};

/** The relabel actions of each release: the 7 of v2.11.1; lowercase and uppercase (2.36), keepequal and dropequal (2.41) by v2.53.0. */
export const RELABEL_ACTIONS_SINCE: Readonly<Record<string, string>> = {
    replace: "2.11.0",
    keep: "2.11.0",
    drop: "2.11.0",
    hashmod: "2.11.0",
    labelmap: "2.11.0",
    labeldrop: "2.11.0",
    labelkeep: "2.11.0",
    lowercase: "2.36.0",
    uppercase: "2.36.0",
    keepequal: "2.41.0",
    dropequal: "2.41.0",
};

/**
 * Scrape config keys the program sets itself or that stay out of the hatch, each with the reason
 * given when a stack sets it.
 */
export const SCRAPE_KEYS_REFUSED: Readonly<Record<string, string>> = {
    sample_limit: "the program sets sample_limit on every job; set it under metrics.limits.perJob.<job_name>.sampleLimit",
    label_limit: "the program sets the label limits on every job of 2.27+; set them under metrics.limits.perJob.<job_name>",
    label_name_length_limit: "the program sets the label limits on every job of 2.27+; set them under metrics.limits.perJob.<job_name>",
    label_value_length_limit: "the program sets the label limits on every job of 2.27+; set them under metrics.limits.perJob.<job_name>",
    password: "a password in the stack file would be clear text in a ConfigMap; name a secret stack key at basic_auth.password_secret",
    password_file: "a file in the pod: name a secret stack key at basic_auth.password_secret, which the program mounts",
    bearer_token: "a token in the stack file would be clear text in a ConfigMap; name a secret stack key at bearer_token_secret",
    bearer_token_file: "a file in the pod: name a secret stack key at bearer_token_secret, which the program mounts",
    ca_file: "a file in the pod: name a secret stack key at tls_config.ca_secret, which the program mounts",
    cert_file: "a file in the pod: name a secret stack key at tls_config.cert_secret, which the program mounts",
    key_file: "a file in the pod: name a secret stack key at tls_config.key_secret, which the program mounts",
    file_sd_configs: "no file reaches the pod from the stack file; use static_configs or http_sd_configs",
    dns_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
    consul_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
    ec2_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
    gce_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
    azure_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
    openstack_sd_configs: "not typed by the program (only static, Kubernetes and HTTP discovery are); use http_sd_configs or static_configs",
};

/** Whether version a.b.c is at least b. */
export function versionAtLeast(version: string, since: string): boolean {
    const [a, b] = [version, since].map((v) => v.split(".").map(Number));
    for (let i = 0; i < 3; i++) {
        if (a[i] !== b[i]) {
            return a[i] > b[i];
        }
    }
    return true;
}
