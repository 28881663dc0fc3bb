import { ExtraScrapeConfigSettings, MetricsSettings } from "../../config";
import { RelabelConfig, ScrapeConfig, TlsConfig } from "../common/scrape/prometheus-config-types";
import { ScrapeReach } from "../common/scrape/reach";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { mountedSecretFile, SecretFilePath } from "./remote-write-config";

/**
 * metrics.extraScrapeConfigs as Prometheus reads them (docs/escape-hatches.md#extra-scrape-configs):
 * the stack's own keys pass through, each `*_secret` becomes the matching `*_file` in the Secret
 * Prometheus mounts beside the remote-write credentials, and what a job connects to is derived
 * from its targets, so the NetworkPolicy follows it. sample_limit and the label limits are added
 * afterwards with every other job's (components/prometheus/scrape-limits.ts).
 */

function relabel(r: NonNullable<ExtraScrapeConfigSettings["relabel_configs"]>[number]): RelabelConfig {
    return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as RelabelConfig;
}

function tls(t: NonNullable<ExtraScrapeConfigSettings["tls_config"]>, file: SecretFilePath): TlsConfig {
    return {
        ...(t.ca_secret ? { ca_file: file(t.ca_secret) } : {}),
        ...(t.cert_secret ? { cert_file: file(t.cert_secret) } : {}),
        ...(t.key_secret ? { key_file: file(t.key_secret) } : {}),
        ...(t.server_name ? { server_name: t.server_name } : {}),
        ...(t.insecure_skip_verify !== undefined ? { insecure_skip_verify: t.insecure_skip_verify } : {}),
    };
}

export function extraScrapeConfig(c: ExtraScrapeConfigSettings, file: SecretFilePath): ScrapeConfig {
    const defined = <K extends keyof ExtraScrapeConfigSettings>(k: K) => (c[k] !== undefined ? { [k]: c[k] } : {});
    return {
        job_name: c.job_name,
        ...defined("honor_labels"),
        ...defined("honor_timestamps"),
        ...(c.params ? { params: c.params } : {}),
        ...defined("scrape_interval"),
        ...defined("scrape_timeout"),
        ...defined("metrics_path"),
        ...defined("scheme"),
        ...defined("target_limit"),
        ...defined("body_size_limit"),
        ...(c.basic_auth ? { basic_auth: { username: c.basic_auth.username, password_file: file(c.basic_auth.password_secret) } } : {}),
        ...(c.bearer_token_secret ? { bearer_token_file: file(c.bearer_token_secret) } : {}),
        ...(c.tls_config ? { tls_config: tls(c.tls_config, file) } : {}),
        ...(c.static_configs ? { static_configs: c.static_configs.map((g) => ({ targets: [...g.targets], ...(g.labels ? { labels: { ...g.labels } } : {}) })) } : {}),
        ...(c.kubernetes_sd_configs
            ? { kubernetes_sd_configs: c.kubernetes_sd_configs.map((k) => ({ role: k.role, ...(k.namespaces ? { namespaces: { names: [...k.namespaces.names] } } : {}) })) }
            : {}),
        ...(c.http_sd_configs ? { http_sd_configs: c.http_sd_configs.map((h) => ({ url: h.url, ...(h.refresh_interval ? { refresh_interval: h.refresh_interval } : {}) })) } : {}),
        ...(c.relabel_configs ? { relabel_configs: c.relabel_configs.map(relabel) } : {}),
        ...(c.metric_relabel_configs ? { metric_relabel_configs: c.metric_relabel_configs.map(relabel) } : {}),
    } as ScrapeConfig;
}

/** An in-cluster Service name: <service>.<namespace>.svc, with or without the cluster domain. */
const SERVICE_HOST = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?\.([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.svc(\.[a-z0-9.-]+)?$/;

/**
 * What one host:port reaches: a loopback address is the pod itself (nothing to allow); an IP
 * address is that address; <svc>.<ns>.svc is any pod of that namespace on the port (the
 * Service's pods are not known); any other name is outside the cluster.
 */
export function targetReach(target: string, scheme: "http" | "https"): ScrapeReach | undefined {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(target)!;
    const host = m[1].replace(/^\[|\]$/g, "");
    const port = m[2] !== undefined ? Number(m[2]) : scheme === "https" ? 443 : 80;
    if (/^127\./.test(host) || host === "::1" || host === "localhost") {
        return undefined;
    }
    if (/^[0-9.]+$/.test(host) || host.includes(":")) {
        return { kind: "addresses", addresses: [host], port };
    }
    const svc = SERVICE_HOST.exec(host);
    return svc ? { kind: "namespace", namespace: svc[2], port } : { kind: "outside", port };
}

/** What a config connects to: its static targets, its declared reaches (http_sd), the HTTP SD endpoint itself, and what Kubernetes discovery can find. */
export function extraScrapeReach(c: ExtraScrapeConfigSettings): ScrapeReach[] {
    const scheme = c.scheme ?? "http";
    const reaches: (ScrapeReach | undefined)[] = [
        ...(c.static_configs ?? []).flatMap((g) => g.targets.map((t) => targetReach(t, scheme))),
        ...(c.reaches ?? []).map((t) => targetReach(t, scheme)),
        ...(c.http_sd_configs ?? []).map((h) => {
            const u = new URL(h.url);
            return targetReach(`${u.hostname}${u.port ? `:${u.port}` : ""}`, u.protocol === "https:" ? "https" : "http");
        }),
        ...(c.kubernetes_sd_configs ?? []).flatMap((k): ScrapeReach[] =>
            k.role === "node" ? [{ kind: "nodes", port: 10250 }] : k.namespaces ? k.namespaces.names.map((namespace) => ({ kind: "namespace", namespace })) : [{ kind: "allNamespaces" }],
        ),
    ];
    // Addresses on one port are one reach, so one NetworkPolicy rule.
    const merged: ScrapeReach[] = [];
    for (const r of reaches) {
        const same = r?.kind === "addresses" ? merged.find((m) => m.kind === "addresses" && m.port === r.port) : undefined;
        if (same !== undefined && same.kind === "addresses" && r?.kind === "addresses") {
            same.addresses = [...new Set([...same.addresses, ...r.addresses])];
        } else if (r !== undefined) {
            merged.push(r.kind === "addresses" ? { ...r, addresses: [...r.addresses] } : r);
        }
    }
    const seen = new Set<string>();
    return merged.filter((r): r is ScrapeReach => {
        const key = JSON.stringify(r);
        if (r === undefined || seen.has(key)) {
            return false;
        }
        seen.add(key);
        return true;
    });
}

/** Every extra scrape config with what it reaches, in the stack's order. */
export function extraScrapeJobs(s: MetricsSettings): ScrapeJob[] {
    const file = mountedSecretFile(s);
    return s.extraScrapeConfigs.map((c) => ({ config: extraScrapeConfig(c, file), reaches: extraScrapeReach(c) }));
}
