import { z } from "zod";
import { anyText, choice, closedObject, flag, integer, stringList, stringMap, text, whenClean } from "./fields";
import { absoluteHttpUrl, dnsLabel, hostName, ipAddress, prometheusBytes, prometheusDuration, prometheusLabelName, re2Regex, routePath } from "./formats";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { relabelIssues } from "./relabel-actions";
import { insideCluster } from "./secret-text";
import { secretKeyName } from "./remote-write";
import { refuseCredentials } from "./remote-write-auth";
import { RELABEL_ACTIONS_SINCE, SCRAPE_KEYS_REFUSED, SCRAPE_KEYS_SINCE, versionAtLeast } from "../prometheus-releases/scrape-config-keys";

/**
 * `metrics.extraScrapeConfigs` (docs/escape-hatches.md#extra-scrape-configs): scrape configs in
 * Prometheus' own shape (snake_case keys, as prometheus.yml spells them) for what metrics.services
 * cannot say: a target outside the cluster, a target behind auth, per-job metric relabelling.
 * Typed: the common part (static, Kubernetes and HTTP discovery, basic or bearer auth and TLS
 * with credentials from secret stack keys, relabelling). Other discovery types are refused, not
 * passed raw. Which key each release line reads is prometheus-releases/scrape-config-keys.ts.
 */

/** A job name: it becomes the job label and a key of metrics.limits.perJob. */
function scrapeJobName(value: string): string | undefined {
    return /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/.test(value) ? undefined : "a job name of letters, digits, '_', '.' and '-', such as billing-db (at most 63 characters)";
}

/** A static target: host:port, or a host alone (the scheme's port). */
export function staticTarget(value: string): string | undefined {
    const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+)(?::([0-9]{1,5}))?$/.exec(value);
    const expected = "host:port such as 10.0.0.5:9100 or db.example.com:9187 (no scheme, no path)";
    if (!m) {
        return expected;
    }
    const host = m[1].replace(/^\[|\]$/g, "");
    if (ipAddress(host) !== undefined && hostName(host) !== undefined) {
        return expected;
    }
    return m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535) ? expected : undefined;
}

function anyLabelName(value: string): string | undefined {
    return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(value) ? undefined : "a Prometheus label name: letters, digits and '_', not starting with a digit, such as __name__";
}

const fieldsWithIssues = new WeakMap<object, Set<string>>();

/** A relabel rule as prometheus.yml writes it; which action a line reads is checked against the line (metrics.ts). */
export const snakeRelabelSchema = closedObject({
    action: choice(Object.keys(RELABEL_ACTIONS_SINCE) as [string, ...string[]]).optional().meta({ description: "default replace" }),
    source_labels: z.array(text(anyLabelName), { error: "a list of label names" }).min(1).optional(),
    separator: anyText().optional(),
    regex: text(re2Regex).optional(),
    modulus: integer(1, Number.MAX_SAFE_INTEGER).optional(),
    target_label: text().optional(),
    replacement: anyText().optional(),
}).superRefine((r, ctx) => {
    // What Prometheus refuses, what the action never reads, and a drop that would take everything (config/relabel-actions.ts).
    const bad = fieldsWithIssues.get(r) ?? new Set<string>();
    for (const issue of relabelIssues(r as Record<string, unknown>).filter((i) => !bad.has(i.field))) {
        ctx.addIssue({ code: "custom", path: [issue.field], input: issue.input, message: issue.message });
    }
}, {
    // Runs while another field has a problem of its own (one run, every problem), but says nothing more about that field.
    when: (p) => {
        const issues = p.issues.map((i) => String(i.path?.[0]));
        if (typeof p.value === "object" && p.value !== null) {
            fieldsWithIssues.set(p.value as object, new Set(issues));
        }
        return !issues.includes("action") && !p.issues.some((i) => (i.path ?? []).length === 0);
    },
});

/** Keys refused with their reason, as fields that take nothing, so the message says why instead of "unknown key". */
function refused(keys: readonly string[]) {
    return Object.fromEntries(
        keys.map((key) => {
            const why = SCRAPE_KEYS_REFUSED[key];
            return [
                key,
                z
                    .unknown()
                    .superRefine((v, ctx) => {
                        if (v !== undefined) {
                            ctx.addIssue({ code: "custom", input: key === "password" || key === "bearer_token" ? "[secret]" : v, message: `nothing: ${why}` });
                        }
                    })
                    .optional()
                    .meta({ description: `refused: ${why}` }),
            ];
        }),
    );
}

const staticConfigSchema = closedObject({
    targets: stringList(staticTarget).meta({ description: "host:port of each target" }),
    labels: stringMap(prometheusLabelName).optional().meta({ description: "labels every target of the group gets" }),
});

const KUBERNETES_ROLES = ["endpoints", "endpointslice", "service", "pod", "node", "ingress"] as const;

const kubernetesSdSchema = closedObject({
    role: choice(KUBERNETES_ROLES).meta({ description: "endpoints, endpointslice (2.21+ lines with EndpointSlices), service, pod, node or ingress" }),
    namespaces: closedObject({ names: stringList(dnsLabel) })
        .optional()
        .meta({ description: "{ names: [...] }: each gets a discovery Role; without it, every namespace (a ClusterRole)" }),
});

const httpSdSchema = closedObject({
    url: text(absoluteHttpUrl, "https://targets.example.com/sd").meta({ description: "the HTTP SD endpoint" }),
    refresh_interval: text(prometheusDuration).optional().meta({ description: "default 60s" }),
});

const basicAuthSchema = closedObject({
    username: text(undefined, "scraper").meta({ description: "written into the config" }),
    password_secret: text(secretKeyName, "billingScrapePassword").meta({ description: "the top-level secret stack key holding the password" }),
    ...refused(["password", "password_file"]),
});

const tlsSchema = closedObject({
    ca_secret: text(secretKeyName).optional().meta({ description: "the secret stack key holding the CA certificate (PEM)" }),
    cert_secret: text(secretKeyName).optional().meta({ description: "the secret stack key holding a client certificate (PEM)" }),
    key_secret: text(secretKeyName).optional().meta({ description: "the secret stack key holding the client key (PEM)" }),
    server_name: text(hostName).optional(),
    insecure_skip_verify: flag().optional(),
    ...refused(["ca_file", "cert_file", "key_file"]),
}).superRefine((t, ctx) => {
    if ((t.cert_secret === undefined) !== (t.key_secret === undefined)) {
        ctx.addIssue({ code: "custom", path: [t.cert_secret === undefined ? "cert_secret" : "key_secret"], input: undefined, message: "both cert_secret and key_secret, or neither" });
    }
    if (t.ca_secret !== undefined && t.insecure_skip_verify === true) {
        ctx.addIssue({ code: "custom", path: ["insecure_skip_verify"], input: true, message: "false or unset when ca_secret is set" });
    }
}, whenClean("cert_secret", "key_secret", "ca_secret", "insecure_skip_verify"));

export const extraScrapeConfigSchema = closedObject({
    job_name: text(scrapeJobName, "billing-db").meta({ description: "the job name; registered with every other job name" }),
    honor_labels: flag().optional(),
    honor_timestamps: flag().optional(),
    params: z
        .record(z.string(), z.array(anyText()))
        .superRefine((m, ctx) =>
            refuseCredentials(m, ctx, "Prometheus sends params in the URL's query, from its config in a ConfigMap, with no file or env indirection; give a credential as basic_auth.password_secret or bearer_token_secret"),
        )
        .optional()
        .meta({ description: "URL parameters: { module: [http_2xx] }; written into the config, so a parameter that looks like a credential is refused" }),
    scrape_interval: text(prometheusDuration).optional(),
    scrape_timeout: text(prometheusDuration).optional(),
    metrics_path: text(routePath).optional(),
    scheme: choice(["http", "https"]).optional(),
    target_limit: integer(0, 1_000_000).optional().meta({ description: "2.21+" }),
    body_size_limit: text(prometheusBytes).optional().meta({ description: "2.28+" }),
    basic_auth: basicAuthSchema.optional().meta({ description: "{ username, password_secret }" }),
    bearer_token_secret: text(secretKeyName).optional().meta({ description: "the secret stack key holding a bearer token (written as bearer_token_file)" }),
    tls_config: tlsSchema.optional().meta({ description: "{ ca_secret, cert_secret, key_secret, server_name, insecure_skip_verify }" }),
    static_configs: z.array(staticConfigSchema, { error: "a list of { targets, labels }" }).optional(),
    kubernetes_sd_configs: z.array(kubernetesSdSchema, { error: "a list of { role, namespaces }" }).optional(),
    http_sd_configs: z.array(httpSdSchema, { error: "a list of { url, refresh_interval }" }).optional().meta({ description: "2.28+" }),
    relabel_configs: z.array(snakeRelabelSchema, { error: "a list of relabel rules" }).optional(),
    metric_relabel_configs: z.array(snakeRelabelSchema, { error: "a list of relabel rules" }).optional(),
    reaches: stringList(staticTarget)
        .optional()
        .meta({ description: "not Prometheus': host:port of what http_sd_configs' targets are, for the NetworkPolicy (required with http_sd_configs)" }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the basic auth password or bearer token"),
    ...refused(Object.keys(SCRAPE_KEYS_REFUSED).filter((k) => !["password", "password_file", "ca_file", "cert_file", "key_file"].includes(k))),
})
    .superRefine((c, ctx) => {
        if (c.static_configs === undefined && c.kubernetes_sd_configs === undefined && c.http_sd_configs === undefined) {
            ctx.addIssue({ code: "custom", path: ["static_configs"], input: undefined, message: "static_configs, kubernetes_sd_configs or http_sd_configs: a job without targets scrapes nothing" });
        }
        if (c.http_sd_configs !== undefined && c.reaches === undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["reaches"],
                input: undefined,
                message: "host:port of the targets HTTP discovery returns, such as [10.0.3.0:9100]: the NetworkPolicy cannot follow targets known only at run time",
            });
        }
        if (c.basic_auth !== undefined && c.bearer_token_secret !== undefined) {
            ctx.addIssue({ code: "custom", path: ["bearer_token_secret"], input: c.bearer_token_secret, message: "nothing when basic_auth is set: one Authorization header" });
        }
        if (c.tls_config !== undefined && c.scheme !== "https") {
            ctx.addIssue({ code: "custom", path: ["tls_config"], input: {}, message: "no tls_config unless scheme is https" });
        }
        const credential = c.basic_auth !== undefined ? "the basic auth password" : c.bearer_token_secret !== undefined ? "the bearer token" : undefined;
        // Over http the credential crosses the network in clear, unless every target is inside the cluster (config/credential-urls.ts).
        const inCluster = c.http_sd_configs === undefined && (c.static_configs ?? []).every((g) => g.targets.every((t) => insideCluster(t.replace(/:[0-9]+$/, ""))));
        if (credential !== undefined && c.scheme !== "https" && !inCluster && !c[PLAINTEXT_OPT_IN]) {
            ctx.addIssue({ code: "custom", path: ["scheme"], input: c.scheme ?? "http", message: plaintextMessage("https", credential, "plain http") });
        }
    }, whenClean("static_configs", "kubernetes_sd_configs", "http_sd_configs", "reaches", "basic_auth", "bearer_token_secret", "tls_config", "scheme", PLAINTEXT_OPT_IN));

export type ExtraScrapeConfigSettings = z.output<typeof extraScrapeConfigSchema>;

export const extraScrapeConfigsSchema = z
    .array(extraScrapeConfigSchema, { error: "a list of scrape configs in Prometheus' shape: [{ job_name, static_configs, ... }]" })
    .superRefine((list, ctx) => {
        list.forEach((c, i) => {
            if (typeof c?.job_name === "string" && list.findIndex((o) => o?.job_name === c.job_name) !== i) {
                ctx.addIssue({ code: "custom", path: [i, "job_name"], input: c.job_name, message: "a job name no other extra scrape config uses" });
            }
        });
    })
    .default([]);

/**
 * The keys of one config that the release `version` lacks, each with its path: a top-level key
 * or a relabel action. Found from the table, so a key the table lacks is never offered.
 */
export function keysTheLineLacks(c: ExtraScrapeConfigSettings, version: string): { path: (string | number)[]; value: unknown; since: string }[] {
    const out: { path: (string | number)[]; value: unknown; since: string }[] = [];
    for (const [key, value] of Object.entries(c)) {
        const since = SCRAPE_KEYS_SINCE[key];
        if (value !== undefined && since !== undefined && !versionAtLeast(version, since)) {
            out.push({ path: [key], value: key === "http_sd_configs" ? "[...]" : value, since });
        }
    }
    for (const list of ["relabel_configs", "metric_relabel_configs"] as const) {
        (c[list] ?? []).forEach((r, i) => {
            const since = RELABEL_ACTIONS_SINCE[r.action ?? "replace"];
            if (!versionAtLeast(version, since)) {
                out.push({ path: [list, i, "action"], value: r.action, since });
            }
        });
    }
    for (const [i, sd] of (c.kubernetes_sd_configs ?? []).entries()) {
        if (sd.role === "endpointslice" && !versionAtLeast(version, "2.21.0")) {
            out.push({ path: ["kubernetes_sd_configs", i, "role"], value: sd.role, since: "2.21.0" });
        }
    }
    return out;
}

/** The secret stack keys one config refers to, with the path of each reference (config/secret-text.ts knows which hold PEM). */
export function extraScrapeSecretReferences(c: ExtraScrapeConfigSettings): { path: string; key: string }[] {
    return [
        ...(c.basic_auth ? [{ path: "basic_auth.password_secret", key: c.basic_auth.password_secret }] : []),
        ...(c.bearer_token_secret ? [{ path: "bearer_token_secret", key: c.bearer_token_secret }] : []),
        ...(c.tls_config?.ca_secret ? [{ path: "tls_config.ca_secret", key: c.tls_config.ca_secret }] : []),
        ...(c.tls_config?.cert_secret ? [{ path: "tls_config.cert_secret", key: c.tls_config.cert_secret }] : []),
        ...(c.tls_config?.key_secret ? [{ path: "tls_config.key_secret", key: c.tls_config.key_secret }] : []),
    ];
}

/** The secret keys the raw `metrics` value's extra scrape configs name, known keys before the schema runs. */
export function referencedScrapeSecretKeys(rawMetrics: unknown): string[] {
    const configs = (rawMetrics as { extraScrapeConfigs?: unknown } | undefined)?.extraScrapeConfigs;
    if (!Array.isArray(configs)) {
        return [];
    }
    const keys = configs.flatMap((c: any) => [c?.basic_auth?.password_secret, c?.bearer_token_secret, c?.tls_config?.ca_secret, c?.tls_config?.cert_secret, c?.tls_config?.key_secret]);
    return keys.filter((k): k is string => typeof k === "string" && secretKeyName(k) === undefined);
}
