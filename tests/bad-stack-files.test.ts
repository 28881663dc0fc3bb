import * as assert from "assert";
import { spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { renderInProcess } from "./harness/render-cli";
import { tempProject } from "./harness/temp-project";
import { exitOf } from "./harness/hang";

/**
 * Bad stack files as users write them, each run through the real render CLI the way `pulumi up`
 * would run the program: it must exit 1, name the key that is wrong, register no resource and
 * write nothing. Every case runs the CLI's own code (render/cli.ts) in this process, under the
 * same runtime mocks as a spawned render; only one file per kind of failure also runs as a
 * process, for what only a process shows: its exit code and what it prints.
 */

const REPO = path.resolve(__dirname, "..");

type Config = Record<string, any>;

/** A valid stack; each case breaks it one way. */
function base(): Config {
    return {
        "kubernetes:context": "kind-dev",
        "cluster-monitoring:metrics": {
            externalUrl: "http://localhost:9090/",
            storage: { mode: "storageClass", size: "20Gi" },
        },
        "cluster-monitoring:logs": { search: { host: "elasticsearch-logging" } },
        // A stack file cannot hold the admin password in clear text; Grafana's own cases are in tests/grafana.test.ts.
        "cluster-monitoring:grafana": { enabled: false },
    };
}

const M = "cluster-monitoring:metrics";
const LTS = "cluster-monitoring:longTermStore";
const L = "cluster-monitoring:logs";
const S = "cluster-monitoring:searchStore";
const R = "cluster-monitoring:resourceMetrics";
const A = "cluster-monitoring:alertmanager";
const NFS = { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/monitor" } };

interface Case {
    class: string;
    what: string;
    /** Changes the valid config, or gives the whole file as text. */
    edit?: (c: Config) => void;
    text?: string;
    /** The key the message must name, in full. */
    key: string;
    /** More that the message must say. */
    says?: RegExp;
    /** Further keys the same run must name: every problem at once. */
    alsoKeys?: string[];
    /** Keys the run must not blame: a problem that another one makes unknowable. */
    notKeys?: string[];
    /** Text that must appear nowhere in what the run prints (a password). */
    never?: string[];
}

const metrics = (patch: Config) => (c: Config) => Object.assign(c[M], patch);
const logs = (patch: Config) => (c: Config) => Object.assign(c[L], patch);
const service = (patch: Config) =>
    metrics({ services: [{ name: "jmx", namespace: "kube-system", selector: { app: "kafka" }, port: "jmx", ...patch }] });
const long = (n: number) => "a".repeat(n);
const RW = `${M}.remoteWrite[0]`;
const remoteWrite = (patch: Config) => metrics({ remoteWrite: [{ url: "https://metrics.example.com/api/v1/write", ...patch }] });

/**
 * Class 8 of issue #33: a URL that carries user:password@ is refused, and the password is echoed
 * nowhere. Every URL-typed field, and every host field that a URL may be pasted into, gets the
 * same set of URLs, each wrong in another way besides its credentials.
 */
const PASSWORD = "Pa55-w0rd-9x";
const PASSWORD_AT = "Pa55@w0rd/9x";
const URLS_WITH_CREDENTIALS: [string, string][] = [
    ["valid apart from its credentials", `https://alice:${PASSWORD}@monitor.example.com/`],
    ["a space in the host", `https://alice:${PASSWORD}@monitor example.com/`],
    ["a tab in the path", `https://alice:${PASSWORD}@monitor.example.com/a\tb`],
    ["an unescaped @ and / in the password", `https://alice:${PASSWORD_AT}@monitor.example.com/`],
    ["an ftp scheme", `ftp://alice:${PASSWORD}@monitor.example.com/`],
    ["no scheme", `alice:${PASSWORD}@monitor.example.com`],
    ["a port out of range", `http://alice:${PASSWORD}@monitor.example.com:99999/`],
];
const B = "cluster-monitoring:blackboxExporter";
const G = "cluster-monitoring:grafana";
/** The HTTPRoutes' hosts and their gateways' OIDC issuers (docs/gateway-api.md), each with the Gateway's namespaces the route needs. */
function httpRouteUrlFields(): [string, string, string, (c: Config, url: string) => void][] {
    const parentRefs = [{ name: "platform-gateway", namespace: "gateway-system", sectionName: "https" }];
    const basic = { proxy: { basicAuth: { users: ["alice"] } } };
    const oauth = (url: string) => ({ proxy: { oauth2Proxy: { issuerUrl: url, clientId: "ui", emailDomains: ["example.com"] } } });
    const withGateway = (c: Config) => (c["cluster-monitoring:networkPolicies"] = { gatewayNamespaces: ["gateway-system"] });
    const components: [string, string, string, (c: Config, route: unknown) => void][] = [
        ["Prometheus'", M, "metrics", (c, route) => (c[M].httpRoute = route)],
        ["Alertmanager's", A, "alertmanager", (c, route) => (c[A] = { httpRoute: route })],
        ["Kibana's", `${S}.kibana`, "searchStore.kibana", (c, route) => (c[S] = { enabled: true, kibana: { httpRoute: route } })],
    ];
    return [
        ...components.flatMap(([who, key, at, set]): [string, string, string, (c: Config, url: string) => void][] => [
            [`${who} HTTPRoute hostname`, `${key}.httpRoute.hostname`, `${at}.httpRoute.hostname`, (c, url) => (set(c, { parentRefs, hostname: url, auth: basic }), withGateway(c))],
            [`the OIDC issuer of ${who} route gateway`, `${key}.httpRoute.auth.proxy.oauth2Proxy.issuerUrl`, `${at}.httpRoute.auth.proxy.oauth2Proxy.issuerUrl`, (c, url) => (set(c, { parentRefs, hostname: "ui.example.com", auth: oauth(url) }), withGateway(c))],
        ]),
        ["Grafana's HTTPRoute hostname", `${G}.httpRoute.hostname`, "grafana.httpRoute.hostname", (c, url) => ((c[G] = { enabled: true, httpRoute: { parentRefs, hostname: url } }), withGateway(c))],
    ];
}
/** [what, the key, the schema path (tests below check the list is complete), how to set it]. */
const URL_FIELDS: [string, string, string, (c: Config, url: string) => void][] = [
    ["the external URL", `${M}.externalUrl`, "metrics.externalUrl", (c, url) => (c[M].externalUrl = url)],
    ["a remote write URL", `${RW}.url`, "metrics.remoteWrite[].url", (c, url) => remoteWrite({ url })(c)],
    ["a remote write TLS server name", `${RW}.tls.serverName`, "metrics.remoteWrite[].tls.serverName", (c, url) => remoteWrite({ tls: { serverName: url } })(c)],
    ["a service job's TLS server name", `${M}.services[0].tls.serverName`, "metrics.services[].tls.serverName", (c, url) => service({ scheme: "https", tls: { serverName: url } })(c)],
    ["an http probe target", `${B}.probes[0].target`, "blackboxExporter.probes[].target", (c, url) => (c[B] = { enabled: true, probes: [{ name: "shop", target: url }] })],
    ["a tcp probe target", `${B}.probes[0].target`, "blackboxExporter.probes[].target", (c, url) => (c[B] = { enabled: true, probes: [{ name: "shop", target: url, module: "tcp_connect" }] })],
    ["the search host", `${L}.search.host`, "logs.search.host", (c, url) => (c[L].search.host = url)],
    ["the Ingress host", `${M}.ingress.host`, "metrics.ingress.host", (c, url) => (c[M].ingress = { host: url })],
    ["Grafana's Ingress host", `${G}.ingress.host`, "grafana.ingress.host", (c, url) => (c[G] = { enabled: true, ingress: { host: url } })],
    ["Alertmanager's Ingress host", `${A}.ingress.host`, "alertmanager.ingress.host", (c, url) => (c[A] = { ingress: { host: url, auth: { proxy: { basicAuth: { users: ["alice"] } } } } })],
    [
        "the OIDC issuer of Prometheus' gateway",
        `${M}.ingress.auth.proxy.oauth2Proxy.issuerUrl`,
        "metrics.ingress.auth.proxy.oauth2Proxy.issuerUrl",
        (c, url) => (c[M].ingress = { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth: { proxy: { oauth2Proxy: { issuerUrl: url, clientId: "prometheus", emailDomains: ["example.com"] } } } }),
    ],
    [
        "the OIDC issuer of Alertmanager's gateway",
        `${A}.ingress.auth.proxy.oauth2Proxy.issuerUrl`,
        "alertmanager.ingress.auth.proxy.oauth2Proxy.issuerUrl",
        (c, url) => (c[A] = { ingress: { host: "alerts.example.com", tlsSecretName: "alerts-tls", auth: { proxy: { oauth2Proxy: { issuerUrl: url, clientId: "alertmanager", emailDomains: ["example.com"] } } } } }),
    ],
    ...httpRouteUrlFields(),
    ["the NFS server", `${M}.storage.nfs.server`, "metrics.storage.nfs.server", (c, url) => (c[M].storage = { mode: "nfs", nfs: { server: url, path: "/m" } })],
    ["the store's NFS server", `${S}.storage.nfs.server`, "searchStore.storage.nfs.server", (c, url) => (c[S] = { enabled: true, storage: { mode: "nfs", nfs: { server: url, path: "/e" } } })],
    ["Grafana's NFS server", `${G}.storage.nfs.server`, "grafana.storage.nfs.server", (c, url) => (c[G] = { enabled: true, storage: { mode: "nfs", nfs: { server: url, path: "/g" } } })],
    ["Alertmanager's NFS server", `${A}.storage.nfs.server`, "alertmanager.storage.nfs.server", (c, url) => (c[A] = { storage: { mode: "nfs", nfs: { server: url, path: "/a" } } })],
    ["an etcd endpoint", `${M}.etcd.endpoints[0]`, "metrics.etcd.endpoints", (c, url) => Object.assign(c[M], { jobs: { etcd: true }, etcd: { endpoints: [url], scheme: "http" } })],
    ["the SMTP smarthost", `${A}.email.smarthost`, "alertmanager.email.smarthost", (c, url) => (c[A] = { email: { to: "oncall@example.com", from: "am@example.com", smarthost: url } })],
    ["the long-term store's NFS server", `${LTS}.storage.nfs.server`, "longTermStore.storage.nfs.server", (c, url) => (c[LTS] = { enabled: true, storage: { mode: "nfs", nfs: { server: url, path: "/v" } } })],
    [
        "vmauth's Ingress host",
        `${LTS}.ingress.host`,
        "longTermStore.ingress.host",
        (c, url) => {
            c[LTS] = { enabled: true, edges: [{ cluster: "edge-eu", passwordKey: "edgeEuWritePassword" }], ingress: { host: url } };
            Object.assign(c[M], { externalLabels: { cluster: "central" } });
            c["cluster-monitoring:edgeEuWritePassword"] = { secure: "v1:x" };
        },
    ],
    [
        "a remote write OAuth2 token URL",
        `${RW}.oauth2.tokenUrl`,
        "metrics.remoteWrite[].oauth2.tokenUrl",
        (c, url) => {
            metrics({ image: "quay.io/prometheus/prometheus:v2.53.5" })(c);
            remoteWrite({ oauth2: { clientId: "prometheus", clientSecretKey: "remoteWriteClientSecret", tokenUrl: url } })(c);
            c["cluster-monitoring:remoteWriteClientSecret"] = { secure: "v1:x" };
        },
    ],
    [
        "the long-term store's backup endpoint",
        `${LTS}.backup.endpoint`,
        "longTermStore.backup.endpoint",
        (c, url) => (c[LTS] = { enabled: true, backup: { destination: "s3://metrics-backups/prod", endpoint: url } }),
    ],
    [
        "an extra scrape config's static target",
        `${M}.extraScrapeConfigs[0].static_configs[0].targets[0]`,
        "metrics.extraScrapeConfigs[].static_configs[].targets",
        (c, url) => metrics({ extraScrapeConfigs: [{ job_name: "billing-db", static_configs: [{ targets: [url] }] }] })(c),
    ],
    [
        "an extra scrape config's http_sd URL",
        `${M}.extraScrapeConfigs[0].http_sd_configs[0].url`,
        "metrics.extraScrapeConfigs[].http_sd_configs[].url",
        (c, url) => metrics({ extraScrapeConfigs: [{ job_name: "billing-db", http_sd_configs: [{ url }] }] })(c),
    ],
    ...(["issuerUrl", "authUrl", "tokenUrl", "apiUrl"] as const).map((field): [string, string, string, (c: Config, url: string) => void] => [
        `Grafana's single sign-on ${field}`,
        `${G}.sso.${field}`,
        `grafana.sso.${field}`,
        (c, url) => {
            const endpoints = { authUrl: "https://login.example.com/a", tokenUrl: "https://login.example.com/t", apiUrl: "https://login.example.com/u" };
            const sso = field === "issuerUrl" ? { provider: "keycloak", issuerUrl: url } : { provider: "generic", ...endpoints, [field]: url };
            c[G] = { enabled: true, sso: { clientId: "grafana", clientSecretKey: "grafanaOidcClientSecret", ...sso } };
        },
    ]),
    ["Grafana's single sign-on Google domain", `${G}.sso.hostedDomain`, "grafana.sso.hostedDomain", (c, url) => (c[G] = { enabled: true, sso: { provider: "google", clientId: "g", clientSecretKey: "grafanaOidcClientSecret", hostedDomain: url } })],
    ["an extra Grafana data source's URL", `${G}.dataSources[0].url`, "grafana.dataSources[].url", (c, url) => (c[G] = { enabled: true, dataSources: [{ name: "Loki", uid: "loki", type: "loki", url }] })],
    ["the runbooks' base URL", "cluster-monitoring:alertRules.runbookBaseUrl", "alertRules.runbookBaseUrl", (c, url) => (c["cluster-monitoring:alertRules"] = { runbookBaseUrl: url })],
    [
        "an extra scrape config's TLS server name",
        `${M}.extraScrapeConfigs[0].tls_config.server_name`,
        "metrics.extraScrapeConfigs[].tls_config.server_name",
        (c, url) => metrics({ extraScrapeConfigs: [{ job_name: "billing-db", scheme: "https", tls_config: { server_name: url }, static_configs: [{ targets: ["db.example.com:9187"] }] }] })(c),
    ],
];
const CREDENTIALS_IN_URLS: Case[] = [
    ...URL_FIELDS.flatMap(([field, key, , set]) =>
        URLS_WITH_CREDENTIALS.map(([how, url]) => ({
            class: "credentials in errors",
            what: `${field}: a URL with user:password@, ${how}`,
            edit: (c: Config) => set(c, url),
            key,
            never: [PASSWORD, "w0rd"],
        })),
    ),
    // The receivers' URLs are secrets: in clear text they are refused, and never shown.
    ...["alertWebhookUrl", "alertWatchdogUrl", "alertSlackUrl"].map((name) => ({
        class: "credentials in errors",
        what: `${name} in clear text, with user:password@`,
        edit: (c: Config) => (c[`cluster-monitoring:${name}`] = `https://alice:${PASSWORD}@hooks.example.com/x`),
        key: `cluster-monitoring:${name}`,
        never: [PASSWORD, "w0rd", "hooks.example.com"],
    })),
];

/**
 * Class 4 of issue #33: every selector the program accepts refuses the empty one, which would
 * match everything (docs/configuration.md#label-selectors).
 */
const CP = "cluster-monitoring:controlPlane";
const KSM = "cluster-monitoring:kubeStateMetrics";
const podAffinity = (selector: Config) => ({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: selector, topologyKey: "kubernetes.io/hostname" }] } });
const podAntiAffinityPreferred = (selector: Config) => ({
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: { labelSelector: selector, topologyKey: "kubernetes.io/hostname" } }] },
});
const EMPTY_SELECTORS: Case[] = [
    {
        class: "empty selectors",
        what: "an inhibit rule whose empty source lets every alert inhibit",
        edit: (c) => (c[A] = { inhibitRules: [{ source_matchers: [], target_matchers: ['severity="warning"'], equal: ["alertname"] }] }),
        key: `${A}.inhibitRules[0].source_matchers`,
        says: /an empty source would let every alert inhibit/,
    },
    {
        class: "empty selectors",
        what: "an inhibit rule whose empty target inhibits every alert",
        edit: (c) => (c[A] = { inhibitRules: [{ source_matchers: ['severity="critical"'], target_matchers: [], equal: ["alertname"] }] }),
        key: `${A}.inhibitRules[0].target_matchers`,
        says: /an empty target would inhibit every alert/,
    },
    { class: "empty selectors", what: "a service job selecting every Service", edit: service({ selector: {} }), key: `${M}.services[0].selector`, says: /every Service in the namespace/ },
    { class: "empty selectors", what: "a scheduler job selecting every pod", edit: (c) => (c[CP] = { scheduler: { podLabels: {} } }), key: `${CP}.scheduler.podLabels`, says: /every pod in the namespace/ },
    { class: "empty selectors", what: "a controller manager job selecting every pod", edit: (c) => (c[CP] = { controllerManager: { podLabels: {} } }), key: `${CP}.controllerManager.podLabels`, says: /every pod/ },
    {
        class: "empty selectors",
        what: "a team route matching every alert",
        edit: (c) => {
            c[A] = { slack: { channel: "#alerts" }, teams: [{ name: "payments", matchers: {}, slackChannel: "#payments" }] };
            c["cluster-monitoring:alertSlackUrl"] = { secure: "v1:x" };
        },
        key: `${A}.teams[0].matchers`,
        says: /every alert/,
    },
    { class: "empty selectors", what: "a pod affinity term with labelSelector {}", edit: metrics({ affinity: podAffinity({}) }), key: `${M}.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector`, says: /every pod/ },
    { class: "empty selectors", what: "a pod affinity term with empty matchLabels", edit: (c) => (c[A] = { affinity: podAffinity({ matchLabels: {} }) }), key: `${A}.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector`, says: /every pod/ },
    {
        class: "empty selectors",
        what: "a preferred anti-affinity term with empty matchExpressions",
        edit: (c) => (c[KSM] = { affinity: podAntiAffinityPreferred({ matchExpressions: [] }) }),
        key: `${KSM}.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector`,
        says: /every pod/,
    },
    { class: "empty selectors", what: "log agent labels of {}, the DaemonSet's selector", edit: logs({ labels: {} }), key: `${L}.labels`, says: /selector/ },
    { class: "empty selectors", what: "an empty nodeSelector where there is no default to drop", edit: metrics({ nodeSelector: {} }), key: `${M}.nodeSelector`, says: /constrains nothing/ },
];

/**
 * Class 9 of issue #33: one problem hides no other. A typo in the metrics key leaves its release
 * line readable, so a rule that line cannot evaluate is reported in the same run.
 */
const RULE = "cluster-monitoring:alertRules";
const RULE_EXPR = `${RULE}.groups[0].rules[0].expr`;
const rule = (expr: string) => (c: Config) => (c[RULE] = { groups: [{ name: "team", rules: [{ record: "x:y", expr }] }] });
const both = (...edits: ((c: Config) => void)[]) => (c: Config) => edits.forEach((e) => e(c));
const ONE_PASS: Case[] = [
    {
        class: "one pass",
        what: "a misspelt metrics key beside a function the default line lacks",
        edit: both(metrics({ retension: "7d" }), rule("last_over_time(up[5m])")),
        key: `${M}.retension`,
        alsoKeys: [RULE_EXPR],
        says: /last_over_time.*v2\.11\.1/,
    },
    {
        class: "one pass",
        what: "a misspelt top-level metrics key beside a function the default line lacks",
        edit: both((c) => ((c["cluster-monitoring:metric"] = c[M]), delete c[M]), rule("last_over_time(up[5m])")),
        key: "cluster-monitoring:metric",
        alsoKeys: [RULE_EXPR, `${M}.externalUrl`],
        says: /last_over_time.*v2\.11\.1/,
    },
    {
        class: "one pass",
        what: "a wrong metrics value on a 3.x image beside holt_winters, which 3.x lacks",
        edit: both(metrics({ image: "quay.io/prometheus/prometheus:v3.5.0", retention: "7 days" }), rule("holt_winters(up[5m], 0.5, 0.5)")),
        key: `${M}.retention`,
        alsoKeys: [RULE_EXPR],
        says: /holt_winters.*3\.5\.0/,
    },
    {
        class: "one pass",
        what: "a misspelt metrics key on 2.53, whose rule is valid there",
        edit: both(metrics({ image: "quay.io/prometheus/prometheus:v2.53.5", retension: "7d" }), rule("last_over_time(up[5m])")),
        key: `${M}.retension`,
        notKeys: [RULE_EXPR],
    },
    {
        class: "one pass",
        what: "an image of no supported line, which blames no rule",
        edit: both(metrics({ image: "quay.io/prometheus/prometheus:v2.54.1" }), rule("last_over_time(up[5m])")),
        key: `${M}.image`,
        notKeys: [RULE_EXPR],
    },
];

/**
 * Class 6 of issue #33: valid input is accepted (ACCEPTED below), and what a line lacks is
 * explained as such, not as a cascade of syntax errors.
 */
const IMAGE_3 = "quay.io/prometheus/prometheus:v3.5.0";
const EXPLAINED: Case[] = [
    {
        class: "explained",
        what: "holt_winters on 3.x: not available, use predict_linear",
        edit: both(metrics({ image: IMAGE_3 }), rule("holt_winters(up[5m], 0.5, 0.5)")),
        key: RULE_EXPR,
        says: /`holt_winters` is not available in Prometheus 3\.5\.0.*use predict_linear/,
        never: ["syntax error"],
    },
    {
        class: "explained",
        what: "last_over_time on the default line: not available, came in 2.26, use",
        edit: rule("last_over_time(up[5m]) > 0"),
        key: RULE_EXPR,
        says: /`last_over_time` is not available in Prometheus v2\.11\.1 \(it came in 2\.26\); use /,
        never: ["syntax error"],
    },
    {
        class: "explained",
        what: "an experimental function on 3.x: behind the feature flag it names (#41, class 10)",
        edit: both(metrics({ image: IMAGE_3 }), rule("double_exponential_smoothing(up[5m], 0.5, 0.5)")),
        key: RULE_EXPR,
        says: /experimental function there, enabled by --enable-feature=promql-experimental-functions in metrics\.extra\.args/,
        never: ["syntax error"],
    },
    { class: "explained", what: "a made-up function: no such function, did you mean", edit: rule("rat(up[5m])"), key: RULE_EXPR, says: /`rat` is not a PromQL function \(did you mean rate\?\)/, never: ["syntax error"] },
    {
        class: "explained",
        what: "a probe URL with a fragment: refused for the fragment, not by the external URL's rule",
        edit: (c) => (c[B] = { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/health#x" }] }),
        key: `${B}.probes[0].target`,
        says: /#fragment/,
        never: ["external URL"],
    },
];

/** Valid input that a rule meant for something else used to refuse (class 6 of issue #33). */
const ACCEPTED: Case[] = [
    {
        class: "accepted",
        what: "an experimental function where metrics.extra.args passes the flag that enables it (#41, class 10)",
        edit: both(metrics({ image: IMAGE_3, extra: { args: ["--enable-feature=promql-experimental-functions"] } }), rule("double_exponential_smoothing(up[5m], 0.5, 0.5)")),
        key: "",
    },
    { class: "accepted", what: "a cron schedule with names, a step and a macro's neighbour", edit: (c) => (c[S] = { enabled: true, retention: { schedule: "15/30 2 1-7 jan,jul MON" } }), key: "" },
    { class: "accepted", what: "a @daily retention schedule", edit: (c) => (c[S] = { enabled: true, retention: { schedule: "@daily" } }), key: "" },
    { class: "accepted", what: "label limits on 2.53, which reads them", edit: metrics({ image: "quay.io/prometheus/prometheus:v2.53.5", limits: { labelLimit: 30, perJob: { kubelet: { labelLimit: 40 } } } }), key: "" },
    { class: "accepted", what: "a switched-off component with nothing else set", edit: (c) => ((c[A] = { enabled: false }), (c[NE] = { enabled: false }), (c[S] = { enabled: false })), key: "" },
    { class: "accepted", what: "a remote write address inside the allowed outside ranges", edit: (c) => (remoteWrite({ url: "https://203.0.113.9/api/v1/write" })(c), (c[NP] = { outsideCidrs: ["203.0.113.0/24"] })), key: "" },
    { class: "accepted", what: "a tcp probe of Prometheus behind a login", edit: (c) => (metrics({ image: IMAGE_3, web: { basicAuth: { username: "ops" } } })(c), (c[B] = { enabled: true, probes: [{ name: "prom-tcp", target: "monitor.monitoring.svc:9090", module: "tcp_connect" }] })), key: "" },
    { class: "accepted", what: "a probe URL with a query string", edit: (c) => (c[B] = { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/health?ready=1&verbose" }] }), key: "" },
    { class: "accepted", what: "holt_winters on the default v2.11.1, which has it", edit: rule("holt_winters(up[5m], 0.5, 0.5)"), key: "" },
    { class: "accepted", what: "holt_winters on 2.53, which has it", edit: both(metrics({ image: "quay.io/prometheus/prometheus:v2.53.5" }), rule("holt_winters(up[5m], 0.5, 0.5)")), key: "" },
];

/** Class 7 of issue #33: a clash is blamed on the entry the stack wrote, never on a key it left at its default. */
const BLAME_WHAT_WAS_WRITTEN: Case[] = [
    {
        class: "blame",
        what: "a service entry named like Alertmanager's default name",
        edit: service({ name: "alertmanager" }),
        key: `${M}.services[0].name`,
        says: /alertmanager\.name \(not set in the stack, so its default\)/,
        notKeys: [`${A}.name:`],
    },
    {
        class: "blame",
        what: "a probe named like Alertmanager's default name",
        edit: (c) => (c[B] = { enabled: true, probes: [{ name: "alertmanager", target: "https://a.example.com/" }] }),
        key: `${B}.probes[0].name`,
        says: /or set cluster-monitoring:alertmanager\.name to another name/,
        notKeys: [`${A}.name:`],
    },
    {
        class: "blame",
        what: "a service entry named like Prometheus' default name",
        edit: service({ name: "monitor" }),
        key: `${M}.services[0].name`,
        says: /metrics\.name \(not set in the stack/,
        notKeys: [`${M}.name:`],
    },
    {
        class: "blame",
        what: "Alertmanager named in the stack like a service entry: the later of two written names",
        edit: (c) => (service({ name: "jmx" })(c), (c[A] = { name: "jmx" })),
        key: `${A}.name`,
        says: /services\[0\]\.name brings in/,
    },
];

/** Class 5 of issue #33: a cron schedule is checked for meaning, naming the key. */
const RETENTION_SCHEDULE = `${S}.retention.schedule`;
const schedule = (value: string) => (c: Config) => (c[S] = { enabled: true, retention: { schedule: value } });
const CRON: Case[] = [
    { class: "cron", what: "minute 60", edit: schedule("60 1 * * *"), key: RETENTION_SCHEDULE, says: /minute 60 is out of range/ },
    { class: "cron", what: "hour 25", edit: schedule("0 25 * * *"), key: RETENTION_SCHEDULE, says: /hour 25 is out of range/ },
    { class: "cron", what: "31 February, which never comes", edit: schedule("0 1 31 2 *"), key: RETENTION_SCHEDULE, says: /never comes/ },
    { class: "cron", what: "31 April", edit: schedule("0 1 31 APR *"), key: RETENTION_SCHEDULE, says: /day 31 of APR never comes/ },
    { class: "cron", what: "day of week 7", edit: schedule("0 1 * * 7"), key: RETENTION_SCHEDULE, says: /0 to 6/ },
    { class: "cron", what: "a step of 0", edit: schedule("*/0 * * * *"), key: RETENTION_SCHEDULE, says: /at least 1/ },
    { class: "cron", what: "a backwards range", edit: schedule("0 22-2 * * *"), key: RETENTION_SCHEDULE, says: /runs backwards/ },
];

/**
 * Class 1 of issue #33: a setting that does nothing is refused, naming it, for every declared
 * "needs" relation of config/needs.ts.
 */
const NE = "cluster-monitoring:nodeExporter";
const NP = "cluster-monitoring:networkPolicies";
const IDLE: Case[] = [
    { class: "does nothing", what: "Alertmanager's retention while it is off", edit: (c) => (c[A] = { enabled: false, retention: "240h" }), key: `${A}.retention`, says: /nothing unless cluster-monitoring:alertmanager\.enabled is true/ },
    { class: "does nothing", what: "Grafana's Ingress while it is off", edit: (c) => (c[G] = { enabled: false, ingress: { host: "grafana.example.com" } }), key: `${G}.ingress`, says: /grafana\.enabled is true/ },
    { class: "does nothing", what: "team dashboards while Grafana is off", edit: (c) => (c[G] = { enabled: false, teamDashboards: { namespaces: ["shop"] } }), key: `${G}.teamDashboards`, says: /nothing unless cluster-monitoring:grafana\.enabled is true/ },
    { class: "does nothing", what: "the search store's image while it is off", edit: (c) => (c[S] = { image: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.2" }), key: `${S}.image`, says: /searchStore\.enabled is true/ },
    { class: "does nothing", what: "node-exporter's port while it is off", edit: (c) => (c[NE] = { enabled: false, port: 9200 }), key: `${NE}.port`, says: /nodeExporter\.enabled is true/ },
    { class: "does nothing", what: "kube-state-metrics' resources while it is off", edit: (c) => (c[KSM] = { enabled: false, resources: { memoryLimit: "1Gi" } }), key: `${KSM}.resources`, says: /kubeStateMetrics\.enabled is true/ },
    { class: "does nothing", what: "the adapter's window while it is off", edit: (c) => (c[R] = { window: "10m" }), key: `${R}.window`, says: /resourceMetrics\.enabled is true/ },
    { class: "does nothing", what: "probes while the blackbox exporter is off", edit: (c) => (c[B] = { probes: [{ name: "shop", target: "https://shop.example.com/" }] }), key: `${B}.probes`, says: /blackboxExporter\.enabled is true/ },
    { class: "does nothing", what: "outside ranges while network policies are off", edit: (c) => (c[NP] = { enabled: false, outsideCidrs: ["203.0.113.0/24"] }), key: `${NP}.outsideCidrs`, says: /networkPolicies\.enabled is true/ },
    { class: "does nothing", what: "the exporter's image while the store's exporter is off", edit: (c) => (c[S] = { enabled: true, exporter: { enabled: false, image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.11.0" } }), key: `${S}.exporter.image`, says: /searchStore\.exporter\.enabled is true/ },
    { class: "does nothing", what: "Kibana's index pattern while Kibana is off", edit: (c) => (c[S] = { enabled: true, kibana: { enabled: false, indexPattern: "logs-*" } }), key: `${S}.kibana.indexPattern`, says: /kibana\.enabled is true/ },
    { class: "does nothing", what: "the retention days while retention is off", edit: (c) => (c[S] = { enabled: true, retention: { enabled: false, days: 30 } }), key: `${S}.retention.days`, says: /retention\.enabled is true/ },
    { class: "does nothing", what: "the scheduler's port on a managed control plane", edit: (c) => (c[CP] = { kind: "managed", scheduler: { port: 10259 } }), key: `${CP}.scheduler.port`, says: /controlPlane\.kind managed/ },
    { class: "does nothing", what: "kube-proxy's port while its job is off", edit: (c) => (c[CP] = { kubeProxy: { enabled: false, port: 10249 } }), key: `${CP}.kubeProxy.port`, says: /kubeProxy\.enabled is false/ },
    { class: "does nothing", what: "etcd targets while the etcd job is off", edit: metrics({ etcd: { endpoints: ["10.0.0.11"], scheme: "http" } }), key: `${M}.etcd`, says: /jobs\.etcd is true/ },
    { class: "does nothing", what: "probing annotated Services without annotation discovery", edit: (c) => (c[B] = { enabled: true, probeAnnotated: true }), key: `${B}.probeAnnotated`, says: /annotationDiscovery/ },
    { class: "does nothing", what: "a replica label on one replica", edit: metrics({ replicaLabel: "prometheus_replica" }), key: `${M}.replicaLabel`, says: /replicas is below 2/ },
    { class: "does nothing", what: "the reloader's image while no reloader runs", edit: metrics({ enableLifecycle: false, reloader: { image: "quay.io/prometheus-operator/prometheus-config-reloader:v0.93.0" } }), key: `${M}.reloader`, says: /no config-reloader runs/ },
    { class: "does nothing", what: "a label limit on 2.11, which ignores it", edit: metrics({ limits: { labelLimit: 30 } }), key: `${M}.limits.labelLimit`, says: /label limits came in 2\.27/ },
    { class: "does nothing", what: "a per-job label limit on 2.11", edit: metrics({ limits: { perJob: { kubelet: { sampleLimit: 1000, labelValueLengthLimit: 100 } } } }), key: `${M}.limits.perJob.kubelet.labelValueLengthLimit`, says: /2\.27/, notKeys: [`${M}.limits.perJob.kubelet.sampleLimit`] },
    {
        class: "does nothing",
        what: "a setting of a switched-off store that has a problem of its own elsewhere: both at once",
        edit: (c) => (c[S] = { image: "elasticsearch oss", heapSize: "2g" }),
        key: `${S}.heapSize`,
        says: /searchStore\.enabled is true/,
        alsoKeys: [`${S}.image`],
    },
    {
        class: "does nothing",
        what: "one problem for a switched-off store, none again for what is under it",
        edit: (c) => (c[S] = { enabled: false, retention: { enabled: false, days: 30 } }),
        key: `${S}.retention`,
        notKeys: [`${S}.retention.days`],
    },
];

/** Class 3 of issue #33: the object registry lists what the components render, also what another key brings in. */
const REGISTRY: Case[] = [
    {
        class: "object registry",
        what: "Prometheus' TLS Secret named like the adapter's Secret for Prometheus' login",
        edit: (c) => {
            metrics({ image: IMAGE_3, web: { tls: { secretName: "prometheus-adapter-prometheus" }, basicAuth: { username: "ops" } } })(c);
            c[R] = { enabled: true };
        },
        key: `${M}.web.tls.secretName`,
        says: /which the program writes \(named by cluster-monitoring:resourceMetrics\.name\)/,
    },
];

/** Class 2 of issue #33: keys that contradict each other across components, from what each declares. */
const CONFLICTS: Case[] = [
    {
        class: "across components",
        what: "a remote write address outside the allowed outside ranges",
        edit: (c) => (remoteWrite({ url: "https://198.51.100.7/api/v1/write" })(c), (c[NP] = { outsideCidrs: ["203.0.113.0/24"] })),
        key: `${RW}.url`,
        says: /networkPolicies\.outsideCidrs allows: .*198\.51\.100\.7/,
    },
    {
        class: "across components",
        what: "an external search store outside the allowed outside ranges",
        edit: (c) => ((c[L].search.host = "192.0.2.10"), (c[NP] = { outsideCidrs: ["203.0.113.0/24", "2001:db8::/32"] })),
        key: `${L}.search.host`,
        says: /none of 203\.0\.113\.0\/24, 2001:db8::\/32 contains/,
    },
    {
        class: "across components",
        what: "node-exporter on the port the stack says kube-proxy binds",
        edit: (c) => (c[CP] = { kubeProxy: { port: 9100 } }),
        key: `${NE}.port`,
        says: /kube-proxy \(metrics, on every node\) \(cluster-monitoring:controlPlane\.kubeProxy\.port\)/,
    },
    {
        class: "across components",
        what: "node-exporter on the port the etcd job scrapes on the nodes",
        edit: metrics({ jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http", port: 9100 } }),
        key: `${NE}.port`,
        says: /etcd .*metrics\.etcd\.port/,
    },
    { class: "across components", what: "a JVM heap larger than the memory limit", edit: (c) => (c[S] = { enabled: true, heapSize: "2g" }), key: `${S}.heapSize`, says: /less than .*resources\.memoryLimit \(1Gi\)/ },
    { class: "across components", what: "a JVM heap as large as the memory limit", edit: (c) => (c[S] = { enabled: true, heapSize: "3g", resources: { memoryRequest: "3Gi", memoryLimit: "3Gi" } }), key: `${S}.heapSize`, says: /OOM-killed/ },
    {
        class: "across components",
        what: "Elasticsearch 8, secure by default, which the program does not configure",
        edit: (c) => (c[S] = { enabled: true, image: "docker.elastic.co/elasticsearch/elasticsearch:8.15.0", kibana: { enabled: false } }),
        key: `${S}.image`,
        says: /Elasticsearch 8 turns on security by default/,
    },
    {
        class: "across components",
        what: "a probe of Prometheus once its web config asks for a login",
        edit: (c) => {
            metrics({ image: IMAGE_3, web: { basicAuth: { username: "ops" } } })(c);
            c[B] = { enabled: true, probes: [{ name: "prometheus-ready", target: "http://monitor.monitoring.svc:9090/-/ready" }] };
        },
        key: `${B}.probes[0].target`,
        says: /metrics\.web\.basicAuth makes Prometheus ask every request for one \(401/,
    },
    {
        class: "across components",
        what: "a plain-http probe of Alertmanager once it speaks TLS only",
        edit: (c) => {
            c[A] = { web: { tls: { secretName: "am-tls" } } };
            c[B] = { enabled: true, probes: [{ name: "am", target: "http://alertmanager.monitoring:9093/-/healthy" }] };
        },
        key: `${B}.probes[0].target`,
        says: /an https:\/\/ target: cluster-monitoring:alertmanager\.web\.tls/,
    },
];

/**
 * Every key that holds a selector, as the generated schema names it ("<c>" for any component),
 * with the case above that refuses its empty form, or why none is needed.
 */
const SELECTOR_KEYS: Record<string, string> = {
    "<c>.services[].selector": "a service job selecting every Service",
    "<c>.scheduler.podLabels": "a scheduler job selecting every pod",
    "<c>.controllerManager.podLabels": "a controller manager job selecting every pod",
    "<c>.teams[].matchers": "a team route matching every alert",
    "<c>.labels": "log agent labels of {}, the DaemonSet's selector",
    "<c>.nodeSelector": "an empty nodeSelector where there is no default to drop",
    "<c>.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[].labelSelector": "a pod affinity term with labelSelector {}",
    "<c>.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[].labelSelector.matchLabels": "a pod affinity term with empty matchLabels",
    "<c>.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.labelSelector": "a preferred anti-affinity term with empty matchExpressions",
    // The same labelSelector schema as the two above, in the other two term lists.
    "<c>.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.labelSelector": "",
    "<c>.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.labelSelector.matchLabels": "",
    "<c>.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[].labelSelector": "",
    "<c>.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[].labelSelector.matchLabels": "",
    "<c>.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.labelSelector.matchLabels": "",
    // An empty node selector term matches no node, and is refused (tests/scheduling.test.ts).
    "<c>.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms": "",
    // Labels a rule adds to its alert or series: no selection.
    "<c>.groups[].rules[].labels": "",
    // Labels an extra scrape config's targets get, and labels the hatch adds to a pod: no selection
    // (a pod label the program selects on is refused, tests/escape-hatches.test.ts).
    "<c>.extraScrapeConfigs[].static_configs[].labels": "",
    "<c>.extra.podLabels": "",
    "<c>.inhibitRules[].source_matchers": "an inhibit rule whose empty source lets every alert inhibit",
    "<c>.inhibitRules[].target_matchers": "an inhibit rule whose empty target inhibits every alert",
};

const CASES: Case[] = [
    // 1. Namespaces
    { class: "namespaces", what: "creating kube-system", edit: metrics({ namespace: "kube-system", createNamespace: true }), key: `${M}.createNamespace`, says: /system namespace/ },
    { class: "namespaces", what: "creating the log agent's kube-system", edit: logs({ createNamespace: true }), key: `${L}.createNamespace` },
    { class: "namespaces", what: "creating a shared namespace twice", edit: logs({ namespace: "monitoring", createNamespace: true }), key: `${L}.createNamespace`, says: /already creates/ },
    { class: "namespaces", what: "an upper-case namespace", edit: metrics({ namespace: "Monitoring" }), key: `${M}.namespace` },
    { class: "namespaces", what: "a scrape namespace without a discovery Role", edit: metrics({ scrapeNamespaces: ["apps"] }), key: `${M}.scrapeNamespaces` },
    { class: "namespaces", what: "a discovery namespace listed twice", edit: metrics({ discoveryNamespaces: ["default", "default"] }), key: `${M}.discoveryNamespaces`, says: /duplicates/ },
    // 2. Name collisions
    { class: "collisions", what: "two ClusterRoles", edit: logs({ serviceAccountName: "monitor-main" }), key: `${L}.serviceAccountName`, says: /metrics\.serviceAccountName \(not set in the stack, so its default\)/ },
    { class: "collisions", what: "two ClusterRoles, both names written", edit: (c) => (logs({ serviceAccountName: "shared" })(c), metrics({ serviceAccountName: "shared" })(c)), key: `${M}.serviceAccountName, ${L}.serviceAccountName` },
    { class: "collisions", what: "two ConfigMaps in a shared namespace", edit: logs({ namespace: "monitoring", configMapName: "monitor" }), key: `${L}.configMapName`, says: /metrics\.name \(not set in the stack/, notKeys: [`${M}.name,`] },
    {
        class: "collisions",
        what: "two PersistentVolumes",
        edit: (c) => {
            c[M].storage = { mode: "nfs", nfs: { server: "10.0.0.10", path: "/m" } };
            c[S] = { enabled: true, name: "monitor", storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/e" } } };
            c[L].search.host = "monitor";
        },
        key: `${S}.name`,
        says: /metrics\.name \(not set in the stack/,
    },
    {
        class: "collisions",
        what: "two Services in kube-system",
        edit: (c) => {
            Object.assign(c[M], { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http", discovery: "service", serviceName: "elasticsearch-logging" } });
            c[S] = { enabled: true };
        },
        key: `${M}.etcd.serviceName`,
        says: /searchStore\.name \(not set in the stack/,
    },
    // 3. Kubernetes' own limits
    { class: "kubernetes limits", what: "a 53-character StatefulSet name", edit: metrics({ name: long(53) }), key: `${M}.name`, says: /52/ },
    { class: "kubernetes limits", what: "a 53-character search store name", edit: (c) => (c[S] = { enabled: true, name: long(53) }), key: `${S}.name` },
    { class: "kubernetes limits", what: "an exporter memory request that is no quantity", edit: (c) => (c[S] = { enabled: true, exporter: { resources: { memoryRequest: "64MB" } } }), key: `${S}.exporter.resources.memoryRequest` },
    { class: "kubernetes limits", what: "a 58-character DaemonSet name", edit: logs({ daemonSetName: long(58) }), key: `${L}.daemonSetName`, says: /57/ },
    { class: "kubernetes limits", what: "a Service name starting with a digit", edit: metrics({ name: "9monitor" }), key: `${M}.name` },
    { class: "kubernetes limits", what: "a reserved label prefix", edit: logs({ labels: { "kubernetes.io/app": "x" } }), key: `${L}.labels.kubernetes.io/app` },
    { class: "kubernetes limits", what: "an empty selector value", edit: service({ selector: { app: "" } }), key: `${M}.services[0].selector.app` },
    { class: "kubernetes limits", what: "a 64-character label value", edit: logs({ labels: { app: long(64) } }), key: `${L}.labels.app` },
    { class: "kubernetes limits", what: "a memory limit below its request", edit: metrics({ resources: { memoryRequest: "1Gi", memoryLimit: "512Mi" } }), key: `${M}.resources.memoryLimit`, says: /at least memoryRequest/ },
    { class: "kubernetes limits", what: "a request above the default limit", edit: logs({ resources: { memoryRequest: "600Mi" } }), key: `${L}.resources.memoryRequest`, says: /default memoryLimit \(500Mi\)/ },
    { class: "kubernetes limits", what: "a CPU limit below its request", edit: logs({ resources: { cpuRequest: 2, cpuLimit: "500m" } }), key: `${L}.resources.cpuLimit` },
    { class: "kubernetes limits", what: "a quantity with a made-up suffix", edit: (c) => (c[S] = { enabled: true, resources: { memoryRequest: "1GB" } }), key: `${S}.resources.memoryRequest` },
    // Scheduling (docs/scheduling.md)
    {
        class: "kubernetes limits",
        what: "a node affinity In without values",
        edit: metrics({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: "kubernetes.io/arch", operator: "In", values: ["amd64"] }, { key: "example.com/pool", operator: "In" }] }] } } } }),
        key: `${M}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].values`,
        says: /non-empty list/,
    },
    {
        class: "kubernetes limits",
        what: "a pod anti-affinity term without topologyKey",
        edit: (c) => (c["cluster-monitoring:kubeStateMetrics"] = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: "x" } } }] } } }),
        key: "cluster-monitoring:kubeStateMetrics.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey",
    },
    { class: "kubernetes limits", what: "a toleration of Exists with a value", edit: (c) => (c["cluster-monitoring:nodeExporter"] = { tolerations: [{ key: "dedicated", operator: "Exists", value: "infra" }] }), key: "cluster-monitoring:nodeExporter.tolerations[0].value" },
    { class: "kubernetes limits", what: "an upper-case priority class", edit: (c) => (c["cluster-monitoring:alertmanager"] = { priorityClassName: "Critical" }), key: "cluster-monitoring:alertmanager.priorityClassName", says: /DNS name/ },
    { class: "kubernetes limits", what: "a node selector key with a space", edit: (c) => (c[S] = { enabled: true, nodeSelector: { "disk type": "ssd" } }), key: `${S}.nodeSelector.disk type` },
    { class: "kubernetes limits", what: "a port above 65535", edit: service({ port: 70000 }), key: `${M}.services[0].port` },
    { class: "kubernetes limits", what: "a port name with a double dash", edit: service({ port: "j--mx" }), key: `${M}.services[0].port` },
    { class: "kubernetes limits", what: "port 0", edit: metrics({ etcd: { port: 0 } }), key: `${M}.etcd.port` },
    { class: "kubernetes limits", what: "a port written as text", edit: (c) => (c[L].search.port = "9200"), key: `${L}.search.port` },
    // 4. Prometheus values
    { class: "prometheus", what: "a retention that overflows", edit: metrics({ retention: "10000000000d" }), key: `${M}.retention` },
    { class: "prometheus", what: "a compound duration 2.11 cannot parse", edit: metrics({ scrapeInterval: "1m30s" }), key: `${M}.scrapeInterval` },
    { class: "prometheus", what: "a zero interval", edit: metrics({ evaluationInterval: "0s" }), key: `${M}.evaluationInterval` },
    { class: "prometheus", what: "a job interval in words", edit: service({ interval: "5mins" }), key: `${M}.services[0].interval` },
    { class: "prometheus", what: "a label name Prometheus reserves", edit: metrics({ externalLabels: { __cluster: "x" } }), key: `${M}.externalLabels.__cluster` },
    { class: "prometheus", what: "a volume size in TB", edit: metrics({ storage: { size: "1TB" } }), key: `${M}.storage.size` },
    { class: "prometheus", what: "a fluentd chunk above 100M", edit: logs({ buffer: { chunkLimitSize: "200M" } }), key: `${L}.buffer.chunkLimitSize` },
    { class: "prometheus", what: "a fluentd buffer of 2T", edit: logs({ buffer: { totalLimitSize: "2T" } }), key: `${L}.buffer.totalLimitSize` },
    { class: "prometheus", what: "a fluentd duration fluentd misreads", edit: logs({ buffer: { flushInterval: "1.5m" } }), key: `${L}.buffer.flushInterval` },
    { class: "prometheus", what: "a retention size in Kubernetes units", edit: metrics({ retentionSize: "500Gi" }), key: `${M}.retentionSize`, says: /KB, MB, GB/ },
    { class: "prometheus", what: "a retention size the volume cannot hold", edit: metrics({ retentionSize: "20GB" }), key: `${M}.retentionSize`, says: /less than storage\.size/ },
    { class: "prometheus", what: "a remote write regex that is not RE2", edit: remoteWrite({ writeRelabel: [{ action: "drop", sourceLabels: ["__name__"], regex: "go_(?!gc).*" }] }), key: `${RW}.writeRelabel[0].regex`, says: /RE2/ },
    { class: "prometheus", what: "a hashmod rule without modulus", edit: remoteWrite({ writeRelabel: [{ action: "hashmod", sourceLabels: ["instance"], targetLabel: "shard" }] }), key: `${RW}.writeRelabel[0].modulus` },
    { class: "prometheus", what: "more min shards than max shards", edit: remoteWrite({ queue: { minShards: 8, maxShards: 4 } }), key: `${RW}.queue.minShards` },
    { class: "prometheus", what: "max_retries, which 2.11 no longer reads", edit: remoteWrite({ queue: { maxRetries: 10 } }), key: `${RW}.queue.maxRetries` },
    { class: "prometheus", what: "an adapter window of two scrapes", edit: (c) => (c[R] = { enabled: true, window: "1m" }), key: `${R}.window`, says: /at least 120s/ },
    { class: "prometheus", what: "the adapter without node-exporter", edit: (c) => ((c[R] = { enabled: true }), (c["cluster-monitoring:nodeExporter"] = { enabled: false })), key: `${R}.enabled`, says: /nodeExporter\.enabled/ },
    { class: "namespaces", what: "the adapter in a namespace nobody creates", edit: (c) => (c[R] = { enabled: true, namespace: "apps" }), key: `${R}.namespace` },
    { class: "kubernetes limits", what: "no adapter replica", edit: (c) => (c[R] = { enabled: true, replicas: 0 }), key: `${R}.replicas` },
    // Replicas
    { class: "replicas", what: "two Prometheus replicas on one NFS volume", edit: metrics({ replicas: 2, storage: NFS }), key: `${M}.replicas`, says: /one NFS PersistentVolume backs one replica/ },
    { class: "replicas", what: "an external label the config reloader would expand", edit: metrics({ externalLabels: { monitor: "monitoring/main", cluster: "$(POD_NAME)" } }), key: `${M}.externalLabels.cluster`, says: /without `\$\(`/ },
    { class: "replicas", what: "a write relabel replacement the config reloader would expand", edit: remoteWrite({ writeRelabel: [{ action: "replace", sourceLabels: ["job"], targetLabel: "owner", replacement: "$(HOSTNAME)" }] }), key: `${RW}.writeRelabel[0].replacement`, says: /without `\$\(`/ },
    { class: "replicas", what: "eleven Prometheus replicas", edit: metrics({ replicas: 11 }), key: `${M}.replicas`, says: /from 0 to 10/ },
    { class: "replicas", what: "a replica label already in externalLabels", edit: metrics({ replicas: 2, externalLabels: { replica: "a" } }), key: `${M}.replicaLabel`, says: /not already in externalLabels/ },
    { class: "replicas", what: "a reloader image with a space", edit: metrics({ reloader: { image: "quay.io/prometheus-operator/prometheus-config-reloader v0.93.0" } }), key: `${M}.reloader.image` },
    { class: "replicas", what: "an Alertmanager of 0 replicas", edit: (c) => (c[A] = { replicas: 0 }), key: `${A}.replicas`, says: /from 1 to 10/ },
    {
        class: "replicas",
        what: "replicated Prometheus with an NFS-backed Alertmanager, whose replicas default to 3",
        edit: (c) => (Object.assign(c[M], { replicas: 2 }), (c[A] = { storage: NFS })),
        key: `${A}.replicas`,
        says: /defaults to 3/,
    },
    // Release lines (docs/prometheus-versions.md)
    { class: "prometheus", what: "an image between the supported lines", edit: metrics({ image: "quay.io/prometheus/prometheus:v2.54.1" }), key: `${M}.image`, says: /2\.11, 2\.53, 2\.55, 3\.5 to 3\.14/ },
    { class: "prometheus", what: "a 3.x image newer than the checked range", edit: metrics({ image: "quay.io/prometheus/prometheus:v3.15.0" }), key: `${M}.image`, says: /supported lines/ },
    { class: "prometheus", what: "an image by digest without its version", edit: metrics({ image: "quay.io/prometheus/prometheus@sha256:0123abcd" }), key: `${M}.prometheusVersion`, says: /whose tag is not vX\.Y\.Z/ },
    { class: "prometheus", what: "a private tag with an unsupported version", edit: metrics({ image: "registry.local/prometheus:hardened", prometheusVersion: "3.4.2" }), key: `${M}.prometheusVersion`, says: /3\.5 to 3\.14/ },
    { class: "prometheus", what: "a version that contradicts the image tag", edit: metrics({ image: "quay.io/prometheus/prometheus:v2.53.5", prometheusVersion: "3.5.0" }), key: `${M}.prometheusVersion`, says: /2\.53\.5/ },
    { class: "prometheus", what: "a version that is not X.Y.Z", edit: metrics({ image: "registry.local/prometheus:hardened", prometheusVersion: "v3.5" }), key: `${M}.prometheusVersion`, says: /X\.Y\.Z/ },
    { class: "prometheus", what: "a rule function the 2.11 default lacks", edit: (c) => (c["cluster-monitoring:alertRules"] = { groups: [{ name: "team", rules: [{ record: "x:last", expr: "last_over_time(up[5m])" }] }] }), key: "cluster-monitoring:alertRules.groups[0].rules[0].expr", says: /v2\.11\.1/ },
    { class: "prometheus", what: "holt_winters on a 3.x image", edit: (c) => { c[M].image = "quay.io/prometheus/prometheus:v3.5.0"; c["cluster-monitoring:alertRules"] = { groups: [{ name: "team", rules: [{ record: "x:hw", expr: "holt_winters(up[5m], 0.5, 0.5)" }] }] }; }, key: "cluster-monitoring:alertRules.groups[0].rules[0].expr", says: /Prometheus 3\.5\.0/ },
    // metrics.web: --web.config.file is 2.24+ only, and its parts must be complete (docs/security.md#prometheus-web-config).
    { class: "web config", what: "web on the default v2.11.1", edit: metrics({ web: { basicAuth: { username: "scraper" } } }), key: `${M}.web`, says: /2\.11\.1.*needs 2\.24\+/s },
    { class: "web config", what: "web on a stated 2.11 version", edit: metrics({ image: "registry.local/prometheus@sha256:" + "a".repeat(64), prometheusVersion: "2.11.1", web: { tls: { secretName: "monitor-tls" } } }), key: `${M}.web`, says: /needs 2\.24\+/ },
    { class: "web config", what: "tls without secretName", edit: metrics({ image: "quay.io/prometheus/prometheus:v3.5.0", web: { tls: {} } }), key: `${M}.web.tls.secretName` },
    { class: "web config", what: "an empty web", edit: metrics({ image: "quay.io/prometheus/prometheus:v3.5.0", web: {} }), key: `${M}.web`, says: /tls, basicAuth or both/ },
    { class: "web config", what: "a user name with a colon", edit: metrics({ image: "quay.io/prometheus/prometheus:v2.53.5", web: { basicAuth: { username: "ops:admin" } } }), key: `${M}.web.basicAuth.username` },
    { class: "web config", what: "a misspelt key under web", edit: metrics({ image: "quay.io/prometheus/prometheus:v2.55.1", web: { basicauth: { username: "ops" } } }), key: `${M}.web` , says: /basicAuth/ },
    { class: "web config", what: "tls with the adapter in kube-system", edit: (c) => { c[M].image = "quay.io/prometheus/prometheus:v3.5.0"; c[M].web = { tls: { secretName: "monitor-tls" } }; c[R] = { enabled: true, namespace: "kube-system" }; }, key: `${R}.namespace`, says: /ca\.crt/ },
    // alertmanager.web: the same parts as metrics.web, on any Prometheus line (docs/security.md#alertmanager-web-config).
    { class: "alertmanager web config", what: "an empty web", edit: (c) => (c[A] = { web: {} }), key: `${A}.web`, says: /tls, basicAuth or both/ },
    { class: "alertmanager web config", what: "a user name with a colon", edit: (c) => (c[A] = { web: { basicAuth: { username: "ops:admin" } } }), key: `${A}.web.basicAuth.username` },
    { class: "alertmanager web config", what: "tls without secretName", edit: (c) => (c[A] = { web: { tls: {} } }), key: `${A}.web.tls.secretName` },
    { class: "alertmanager web config", what: "a misspelt key under web", edit: (c) => (c[A] = { web: { basicauth: { username: "ops" } } }), key: `${A}.web`, says: /basicAuth/ },
    { class: "alertmanager web config", what: "web on a disabled Alertmanager", edit: (c) => (c[A] = { enabled: false, web: { tls: { secretName: "am-tls" } } }), key: `${A}.web`, says: /enabled is true/ },
    // 5. URLs and paths
    { class: "urls and paths", what: "credentials in the external URL", edit: metrics({ externalUrl: "https://admin:pw@monitor.example.com/" }), key: `${M}.externalUrl`, says: /credentials|user/ },
    { class: "urls and paths", what: "a tab inside the external URL", edit: metrics({ externalUrl: "https://monitor\t.example.com/" }), key: `${M}.externalUrl` },
    { class: "urls and paths", what: "a newline inside the external URL", edit: metrics({ externalUrl: "https://monitor.example.com/\n--web.enable-admin-api" }), key: `${M}.externalUrl` },
    { class: "urls and paths", what: "an ftp external URL", edit: metrics({ externalUrl: "ftp://monitor.example.com/" }), key: `${M}.externalUrl` },
    { class: "urls and paths", what: "no external URL", edit: (c) => delete c[M].externalUrl, key: `${M}.externalUrl`, says: /required/ },
    { class: "urls and paths", what: "a relative route prefix", edit: metrics({ routePrefix: "prometheus" }), key: `${M}.routePrefix` },
    { class: "urls and paths", what: "a route prefix with a query", edit: metrics({ routePrefix: "/prometheus?x=1" }), key: `${M}.routePrefix` },
    { class: "urls and paths", what: "a scrape path with a query", edit: service({ path: "/metrics?format=prometheus" }), key: `${M}.services[0].path` },
    { class: "urls and paths", what: "a relative NFS path", edit: metrics({ storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "exports/m" } } }), key: `${M}.storage.nfs.path` },
    { class: "urls and paths", what: "a relative CA file", edit: metrics({ kubeletTls: { caFile: "ca.crt" } }), key: `${M}.kubeletTls.caFile` },
    { class: "urls and paths", what: "a path climbing out with ..", edit: metrics({ kubeletTls: { caFile: "/etc/../root/ca.crt" } }), key: `${M}.kubeletTls.caFile` },
    { class: "urls and paths", what: "a password in the remote write URL", edit: remoteWrite({ url: "https://writer:pw@metrics.example.com/api/v1/write" }), key: `${RW}.url`, says: /user name or password/ },
    { class: "urls and paths", what: "an API key in the remote write query", edit: remoteWrite({ url: "https://metrics.example.com/api/v1/write?api_key=abc" }), key: `${RW}.url`, says: /query/ },
    // 6. Hosts
    { class: "hosts", what: "host:port as the search host", edit: (c) => (c[L].search.host = "10.0.0.1:9200"), key: `${L}.search.host`, says: /port/ },
    { class: "hosts", what: "an underscore in a host name", edit: (c) => (c[L].search.host = "es_host"), key: `${L}.search.host` },
    { class: "hosts", what: "an IPv4 address out of range", edit: metrics({ jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.256"], scheme: "http" } }), key: `${M}.etcd.endpoints[0]` },
    { class: "hosts", what: "a loopback Endpoints address", edit: metrics({ jobs: { etcd: true }, etcd: { endpoints: ["127.0.0.1"], scheme: "http" } }), key: `${M}.etcd.endpoints[0]` },
    { class: "hosts", what: "colons that are no IPv6 address", edit: metrics({ jobs: { etcd: true }, etcd: { endpoints: [":::::"], scheme: "http" } }), key: `${M}.etcd.endpoints[0]` },
    { class: "hosts", what: "an Ingress host with a port", edit: metrics({ ingress: { host: "monitor.example.com:443" } }), key: `${M}.ingress.host` },
    { class: "hosts", what: "an NFS server with a space", edit: metrics({ storage: { mode: "nfs", nfs: { server: "nfs server", path: "/m" } } }), key: `${M}.storage.nfs.server` },
    // 7. YAML the way users write it
    { class: "yaml", what: "a duplicate key", text: "config:\n  kubernetes:context: kind-dev\n  cluster-monitoring:metrics:\n    externalUrl: http://localhost:9090/\n    retention: 7d\n    retention: 9d\n", key: "Pulumi.bad.yaml:6:5", says: /duplicate key "retention"/ },
    { class: "yaml", what: "a tab in the indentation", text: "config:\n  kubernetes:context: kind-dev\n  cluster-monitoring:metrics:\n\texternalUrl: http://localhost:9090/\n", key: "Pulumi.bad.yaml:4" },
    { class: "yaml", what: "bad indentation", text: "config:\n  kubernetes:context: kind-dev\n  cluster-monitoring:metrics:\n    externalUrl: http://localhost:9090/\n   retention: 7d\n", key: "Pulumi.bad.yaml:5" },
    { class: "yaml", what: "a custom tag", text: "config:\n  kubernetes:context: kind-dev\n  cluster-monitoring:metrics:\n    externalUrl: !Ref url\n", key: "Pulumi.bad.yaml:4", says: /cluster-monitoring:metrics\.externalUrl/ },
    { class: "yaml", what: "an unquoted date", text: "config:\n  kubernetes:context: kind-dev\n  cluster-monitoring:metrics:\n    externalUrl: http://localhost:9090/\n    retention: 2024-01-01\n", key: "Pulumi.bad.yaml:5", says: /quote/ },
    { class: "yaml", what: "a file that is a list", text: "- config\n", key: "Pulumi.bad.yaml:1" },
    { class: "yaml", what: "yes as a switch, a string to the CLI", edit: metrics({ enableAdminApi: "yes" }), key: `${M}.enableAdminApi`, says: /true or false/ },
    // 8. A misspelt project namespace, and keys that do not exist
    { class: "keys", what: "cluster_monitoring as the namespace", edit: (c) => ((c["cluster_monitoring:logs"] = c[L]), delete c[L]), key: "cluster_monitoring:logs", says: /likely a typo/ },
    { class: "keys", what: "an unknown top-level key", edit: (c) => (c["cluster-monitoring:metric"] = { retention: "7d" }), key: "cluster-monitoring:metric" },
    { class: "keys", what: "an unknown nested key", edit: metrics({ storage: { mode: "storageClass", clas: "fast" } }), key: `${M}.storage.clas` },
    { class: "keys", what: "Prometheus' memory request at its old flat key", edit: metrics({ memoryRequest: "2Gi" }), key: `${M}.memoryRequest`, says: /known keys: .*resources/ },
    { class: "keys", what: "no cluster", edit: (c) => delete c["kubernetes:context"], key: "kubernetes:context" },
    // Secrets
    { class: "secrets", what: "the search password in clear text", edit: (c) => ((c[L].search.user = "fluentd"), (c["cluster-monitoring:searchPassword"] = "hunter2")), key: "cluster-monitoring:searchPassword", says: /pulumi config set --secret/ },
    {
        class: "secrets",
        what: "an etcd key in clear text",
        edit: (c) => {
            Object.assign(c[M], { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"] } });
            c["cluster-monitoring:etcdCaCert"] = { secure: "v1:x" };
            c["cluster-monitoring:etcdClientCert"] = { secure: "v1:x" };
            c["cluster-monitoring:etcdClientKey"] = "-----BEGIN KEY-----";
        },
        key: "cluster-monitoring:etcdClientKey",
        says: /healthcheck-client\.key/,
    },
    { class: "secrets", what: "a secret inside the metrics key", edit: metrics({ externalLabels: { token: { secure: "v1:x" } } }), key: M, says: /secrets are accepted only at/ },
    { class: "secrets", what: "a password without a user", edit: (c) => (c["cluster-monitoring:searchPassword"] = { secure: "v1:x" }), key: "cluster-monitoring:searchPassword" },
    {
        class: "secrets",
        what: "Grafana on without its admin password, generation turned off",
        edit: (c) => (c["cluster-monitoring:grafana"] = { generateAdminPassword: false }),
        key: "cluster-monitoring:grafanaAdminPassword",
        says: /generateAdminPassword is false.*grafana\.enabled to false/,
    },
    {
        class: "secrets",
        what: "the Grafana admin password in clear text",
        edit: (c) => ((c["cluster-monitoring:grafana"] = { enabled: true }), (c["cluster-monitoring:grafanaAdminPassword"] = "hunter2")),
        key: "cluster-monitoring:grafanaAdminPassword",
        says: /pulumi config set --secret/,
    },
    {
        class: "secrets",
        what: "a remote write password in clear text",
        edit: (c) => {
            remoteWrite({ basicAuth: { username: "writer", passwordKey: "remoteWritePassword" } })(c);
            c["cluster-monitoring:remoteWritePassword"] = "hunter2";
        },
        key: `cluster-monitoring:remoteWritePassword, ${RW}.basicAuth.passwordKey`,
        says: /pulumi config set --secret cluster-monitoring:remoteWritePassword/,
    },
    {
        class: "secrets",
        what: "a remote write token key that is not set",
        edit: remoteWrite({ bearerTokenKey: "remoteWriteToken" }),
        key: `${RW}.bearerTokenKey, cluster-monitoring:remoteWriteToken`,
        says: /pulumi config set --secret cluster-monitoring:remoteWriteToken/,
    },
    {
        class: "secrets",
        what: "basic auth and a bearer token on one target",
        edit: (c) => {
            remoteWrite({ basicAuth: { username: "writer", passwordKey: "remoteWritePassword" }, bearerTokenKey: "remoteWriteToken" })(c);
            c["cluster-monitoring:remoteWritePassword"] = { secure: "v1:x" };
            c["cluster-monitoring:remoteWriteToken"] = { secure: "v1:x" };
        },
        key: `${RW}.bearerTokenKey`,
        says: /one Authorization header/,
    },
    // Control characters and white space alone, in any string that reaches a config file, an argument or a provider setting
    { class: "control characters", what: "a NUL in the fluentd search user", edit: (c) => Object.assign(c[L].search, { scheme: "https", user: "flu\u0000entd" }), key: `${L}.search.user`, says: /U\+0000/ },
    { class: "control characters", what: "a tab in the fluentd search user", edit: (c) => Object.assign(c[L].search, { scheme: "https", user: "flu\tentd" }), key: `${L}.search.user`, says: /U\+0009/ },
    { class: "control characters", what: "a NUL in kubernetes:context", edit: (c) => (c["kubernetes:context"] = "kind\u0000dev"), key: "kubernetes:context", says: /control characters/ },
    { class: "control characters", what: "a line break in kubernetes:context", edit: (c) => (c["kubernetes:context"] = "kind-dev\nprod"), key: "kubernetes:context" },
    { class: "control characters", what: "an external label value of spaces", edit: metrics({ externalLabels: { cluster: "   " } }), key: `${M}.externalLabels.cluster`, says: /white space alone/ },
    { class: "control characters", what: "a line break in a write relabel replacement", edit: remoteWrite({ writeRelabel: [{ action: "replace", sourceLabels: ["job"], targetLabel: "x", replacement: "a\nb" }] }), key: `${RW}.writeRelabel[0].replacement` },
    // Credentials in clear text
    {
        class: "plaintext credentials",
        what: "a kubeconfig with a token, without secure:",
        edit: (c) => (c["kubernetes:kubeconfig"] = "apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    token: abc123\n"),
        key: "kubernetes:kubeconfig",
        says: /pulumi config set --secret kubernetes:kubeconfig/,
    },
    { class: "plaintext credentials", what: "a kubeconfig with an inline client key, without secure:", edit: (c) => (c["kubernetes:kubeconfig"] = "users:\n- user:\n    client-key-data: LS0tLS1CRUdJTg==\n"), key: "kubernetes:kubeconfig" },
    {
        class: "plaintext credentials",
        what: "a remote write password over http",
        edit: (c) => {
            remoteWrite({ url: "http://metrics.example.com/api/v1/write", basicAuth: { username: "writer", passwordKey: "remoteWritePassword" } })(c);
            c["cluster-monitoring:remoteWritePassword"] = { secure: "v1:x" };
        },
        key: `${RW}.url`,
        says: /allowPlaintextCredentials/,
    },
    {
        class: "plaintext credentials",
        what: "a remote write bearer token over http",
        edit: (c) => {
            remoteWrite({ url: "http://metrics.example.com/api/v1/write", bearerTokenKey: "remoteWriteToken" })(c);
            c["cluster-monitoring:remoteWriteToken"] = { secure: "v1:x" };
        },
        key: `${RW}.url`,
        says: /allowPlaintextCredentials/,
    },
    {
        class: "plaintext credentials",
        what: "the search user's password over http",
        edit: (c) => ((c[L].search.user = "fluentd"), (c["cluster-monitoring:searchPassword"] = { secure: "v1:x" })),
        key: `${L}.search.scheme`,
        says: /allowPlaintextCredentials/,
    },
    {
        class: "plaintext credentials",
        what: "an SMTP login without STARTTLS",
        edit: (c) => {
            c[A] = { email: { to: "oncall@example.com", from: "am@example.com", smarthost: "smtp.example.com:25", authUsername: "am", requireTls: false } };
            c["cluster-monitoring:alertSmtpPassword"] = { secure: "v1:x" };
        },
        key: `${A}.email.requireTls`,
    },
    // Two things that claim the same
    { class: "claims", what: "Prometheus' own job named like the node-exporter job", edit: metrics({ name: "node-exporter" }), key: `${M}.name`, says: /two jobs of one name/ },
    { class: "claims", what: "a service job named like the kube-state-metrics job", edit: service({ name: "kube-state-metrics" }), key: `${M}.services[0].name`, says: /two jobs of one name/ },
    // Clashes that the checks before the one job registry (stack/job-names.ts) let through.
    { class: "claims", what: "Prometheus' own job named like the kubelet job", edit: metrics({ name: "kubelet" }), key: `${M}.name`, says: /metrics\.jobs\.kubelet brings in/ },
    { class: "claims", what: "Prometheus' own job named like a control-plane job", edit: metrics({ name: "kube-scheduler" }), key: `${M}.name`, says: /controlPlane\.scheduler\.enabled/ },
    { class: "claims", what: "a service job named like Grafana's job", edit: service({ name: "grafana" }), key: `${M}.services[0].name`, says: /grafana\.enabled reserves \(switched off/ },
    { class: "claims", what: "Alertmanager named like the annotated-pods job", edit: (c) => (c[A] = { name: "annotated-pods" }), key: `${A}.name`, says: /metrics\.annotationDiscovery reserves/ },
    {
        class: "claims",
        what: "a service job named like a control-plane job that is switched off",
        edit: (c) => (service({ name: "kube-proxy" })(c), (c["cluster-monitoring:controlPlane"] = { kubeProxy: { enabled: false } })),
        key: `${M}.services[0].name`,
        says: /switching it on cannot break the stack/,
    },
    { class: "claims", what: "node-exporter on the kubelet's port", edit: (c) => (c["cluster-monitoring:nodeExporter"] = { port: 10250 }), key: "cluster-monitoring:nodeExporter.port", says: /kubelet/ },
    { class: "claims", what: "node-exporter on kube-proxy's healthz port", edit: (c) => (c["cluster-monitoring:nodeExporter"] = { port: 10256 }), key: "cluster-monitoring:nodeExporter.port", says: /kube-proxy/ },
    {
        class: "claims",
        what: "Grafana's Ingress on Prometheus' host",
        edit: (c) => {
            c[M].ingress = { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } };
            c["cluster-monitoring:grafana"] = { enabled: true, ingress: { host: "monitor.example.com" } };
            c["cluster-monitoring:grafanaAdminPassword"] = { secure: "v1:x" };
        },
        key: "cluster-monitoring:grafana.ingress.host",
        says: /already routes monitor\.example\.com\//,
    },
    // An Alertmanager route that delivers nowhere
    {
        class: "alert routes",
        what: "a team without a channel",
        edit: (c) => {
            c[A] = { slack: { channel: "#alerts" }, teams: [{ name: "payments", matchers: { team: "payments" } }] };
            c["cluster-monitoring:alertSlackUrl"] = { secure: "v1:x" };
        },
        key: `${A}.teams[0]`,
        says: /slackChannel or emailTo/,
    },
    {
        class: "alert routes",
        what: "a second team without a channel",
        edit: (c) => {
            c[A] = { slack: { channel: "#alerts" }, teams: [{ name: "payments", matchers: { team: "payments" }, slackChannel: "#payments" }, { name: "search", matchers: { team: "search" } }] };
            c["cluster-monitoring:alertSlackUrl"] = { secure: "v1:x" };
        },
        key: `${A}.teams[1]`,
    },
    // An image older than what the generated config needs
    { class: "image versions", what: "an Alertmanager without route matchers", edit: (c) => (c[A] = { image: "quay.io/prometheus/alertmanager:v0.21.0" }), key: `${A}.image`, says: /0\.22\.0 or newer/ },
    { class: "image versions", what: "a node-exporter without mount-points-exclude", edit: (c) => (c["cluster-monitoring:nodeExporter"] = { image: "quay.io/prometheus/node-exporter:v1.0.1" }), key: "cluster-monitoring:nodeExporter.image", says: /1\.2\.0 or newer/ },
    {
        class: "image versions",
        what: "an elasticsearch_exporter without the watermark families",
        edit: (c) => (c[S] = { enabled: true, exporter: { image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.6.0" } }),
        key: `${S}.exporter.image`,
        says: /1\.7\.0 or newer/,
    },
    {
        class: "image versions",
        what: "an Elasticsearch without composable index templates",
        edit: (c) => (c[S] = { enabled: true, image: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.4.2", kibana: { image: "docker.elastic.co/kibana/kibana-oss:7.4.2" } }),
        key: `${S}.image`,
        says: /7\.8\.0 or newer/,
    },
    {
        class: "image versions",
        what: "a curl without --fail-with-body",
        edit: (c) => (c[S] = { enabled: true, retention: { image: "docker.io/curlimages/curl:7.70.0" } }),
        key: `${S}.retention.image`,
        says: /7\.76\.0 or newer/,
    },
    { class: "image versions", what: "a kube-state-metrics 1.x", edit: (c) => (c["cluster-monitoring:kubeStateMetrics"] = { image: "registry.k8s.io/kube-state-metrics/kube-state-metrics:v1.9.8" }), key: "cluster-monitoring:kubeStateMetrics.image" },
    {
        class: "image versions",
        what: "a Grafana older than the dashboards",
        edit: (c) => ((c["cluster-monitoring:grafana"] = { enabled: true, image: "grafana/grafana-oss:10.4.2" }), (c["cluster-monitoring:grafanaAdminPassword"] = { secure: "v1:x" })),
        key: "cluster-monitoring:grafana.image",
        says: /13\.0\.0 or newer/,
    },
    // The errors themselves
    { class: "keys", what: "a misspelt provider key", edit: (c) => ((c["kubernetes:contxt"] = "kind-dev"), delete c["kubernetes:context"]), key: "kubernetes:contxt", says: /did you mean kubernetes:context\?/ },
    { class: "keys", what: "a provider key the explicit provider ignores", edit: (c) => (c["kubernetes:namespace"] = "apps"), key: "kubernetes:namespace", says: /would be ignored/ },
    { class: "keys", what: "Prometheus' memory limit at the key it moved from", edit: metrics({ memoryLimit: "2Gi" }), key: `${M}.memoryLimit`, says: /moved to cluster-monitoring:metrics\.resources\.memoryLimit/ },
    { class: "keys", what: "a misspelt nested key", edit: metrics({ retension: "7d" }), key: `${M}.retension`, says: /did you mean retention\?/ },
    // Every problem in one pass
    {
        class: "one pass",
        what: "a missing search host beside a password without a user",
        edit: (c) => ((c[L].search = {}), (c["cluster-monitoring:searchPassword"] = { secure: "v1:x" })),
        key: "cluster-monitoring:searchPassword",
        says: /cluster-monitoring:logs\.search\.host/,
    },
    // Control plane (docs/control-plane.md)
    { class: "control plane", what: "an unknown cluster kind", edit: (c) => (c["cluster-monitoring:controlPlane"] = { kind: "eks" }), key: "cluster-monitoring:controlPlane.kind", says: /selfManaged, managed/ },
    {
        class: "control plane",
        what: "the scheduler on a managed control plane",
        edit: (c) => (c["cluster-monitoring:controlPlane"] = { kind: "managed", scheduler: { enabled: true } }),
        key: "cluster-monitoring:controlPlane.scheduler.enabled",
        says: /controlPlane\.override/,
    },
    {
        class: "control plane",
        what: "etcd on a managed control plane",
        edit: (c) => {
            c["cluster-monitoring:controlPlane"] = { kind: "managed" };
            metrics({ jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } })(c);
        },
        key: `${M}.jobs.etcd`,
        says: /hides etcd/,
    },
    { class: "control plane", what: "a kube-proxy port out of range", edit: (c) => (c["cluster-monitoring:controlPlane"] = { kubeProxy: { port: 70000 } }), key: "cluster-monitoring:controlPlane.kubeProxy.port", says: /1 to 65535/ },
    // Teams' own targets (docs/monitor-your-app.md)
    { class: "namespaces", what: "an annotation namespace that is not a DNS label", edit: metrics({ annotationDiscovery: { namespaces: ["Shop"] } }), key: `${M}.annotationDiscovery.namespaces[0]` },
    { class: "prometheus", what: "a sample limit of zero", edit: metrics({ limits: { sampleLimit: 0 } }), key: `${M}.limits.sampleLimit`, says: /positive integer/ },
    { class: "prometheus", what: "a per-job limit for a job that does not exist", edit: metrics({ limits: { perJob: { kubelets: { sampleLimit: 1000 } } } }), key: `${M}.limits.perJob.kubelets` },
    {
        class: "prometheus",
        what: "a per-job limit under Alertmanager's name, which is only a job label",
        edit: metrics({ limits: { perJob: { alertmanager: { sampleLimit: 1000 } } } }),
        key: `${M}.limits.perJob.alertmanager`,
    },
    {
        class: "urls and paths",
        what: "a probe target that is neither a URL nor host:port",
        edit: (c) => (c["cluster-monitoring:blackboxExporter"] = { enabled: true, probes: [{ name: "shop", target: "shop.example.com" }] }),
        key: "cluster-monitoring:blackboxExporter.probes[0].target",
    },
    {
        class: "prometheus",
        what: "an unknown probe module",
        edit: (c) => (c["cluster-monitoring:blackboxExporter"] = { enabled: true, probes: [{ name: "host", target: "10.0.0.1:22", module: "icmp" }] }),
        key: "cluster-monitoring:blackboxExporter.probes[0].module",
    },
    {
        class: "collisions",
        what: "a probe named like another job",
        edit: (c) => (c["cluster-monitoring:blackboxExporter"] = { enabled: true, probes: [{ name: "kubelet", target: "https://a.example.com/" }] }),
        key: "cluster-monitoring:blackboxExporter.probes[0].name",
    },
    ...CREDENTIALS_IN_URLS,
    ...EMPTY_SELECTORS,
    ...ONE_PASS,
    ...EXPLAINED,
    ...BLAME_WHAT_WAS_WRITTEN,
    ...CRON,
    ...IDLE,
    ...REGISTRY,
    ...CONFLICTS,
];

interface Run {
    status: number | null;
    stderr: string;
    wrote: boolean;
}

/** The case's stack file, as the user would have written it. */
function stackFileOf(c: Case): string {
    if (c.text !== undefined) {
        return c.text;
    }
    const config = base();
    c.edit!(config);
    return stringify({ config });
}

/** What the project directory shows after a run, which is then removed. */
function finish(dir: string, status: number | null, stderr: string): Run {
    const wrote = fs.existsSync(path.join(dir, "manifests"));
    fs.rmSync(dir, { recursive: true, force: true });
    return { status, stderr, wrote };
}

interface InProcessRun extends Run {
    /** Resources the program registered during the run. */
    registered: number;
}

/** `npm run render -- bad --project-dir <dir>` in this process (tests/harness/render-cli.ts). */
async function renderCaseInProcess(c: Case): Promise<InProcessRun> {
    const dir = tempProject({ "Pulumi.bad.yaml": stackFileOf(c) });
    const { status, stderr, registered } = await renderInProcess(dir, "bad");
    return { ...finish(dir, status, stderr), registered };
}

/** The same command as its own process, as a user runs it. */
function renderProcess(c: Case): Promise<Run> {
    const dir = tempProject({ "Pulumi.bad.yaml": stackFileOf(c) });
    return new Promise((resolve, reject) => {
        const child = spawn(
            process.execPath,
            [require.resolve("ts-node/dist/bin"), "--transpile-only", path.join(REPO, "scripts/render.ts"), "bad", "--project-dir", dir],
            { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
        );
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        exitOf(child, `npm run render of case ${c.class}: ${c.what}`).then((status) => resolve(finish(dir, status, stderr)), reject);
    });
}

const BASELINE: Case = { class: "baseline", what: "valid", edit: () => undefined, key: "" };

function assertRefused(c: Case, run: Run): void {
    assert.strictEqual(run.status, 1, `exit status; stderr:\n${run.stderr}`);
    assert.ok(run.stderr.includes(c.key), `the message names ${c.key}:\n${run.stderr}`);
    if (c.says) {
        assert.match(run.stderr, c.says);
    }
    for (const key of c.alsoKeys ?? []) {
        assert.ok(run.stderr.includes(key), `the message also names ${key}:\n${run.stderr}`);
    }
    for (const key of c.notKeys ?? []) {
        assert.ok(!run.stderr.includes(key), `the message must not blame ${key}:\n${run.stderr}`);
    }
    for (const hidden of c.never ?? []) {
        assert.ok(!run.stderr.includes(hidden), `the message must not show ${JSON.stringify(hidden)}:\n${run.stderr}`);
    }
    assert.doesNotMatch(run.stderr, /^ {4}at /m, "no stack trace");
    assert.ok(!run.wrote, "no manifest may be written");
}

describe("bad stack files are refused before anything is registered or written", function () {
    it("covers at least 60 files across every class", () => {
        assert.ok(CASES.length >= 60, `${CASES.length} cases`);
        const classes = new Set(CASES.map((c) => c.class));
        for (const c of ["namespaces", "collisions", "kubernetes limits", "prometheus", "urls and paths", "hosts", "yaml", "keys", "secrets"]) {
            assert.ok(classes.has(c), c);
        }
    });

    it("the valid file they start from renders", async () => {
        const ok = await renderCaseInProcess(BASELINE);
        assert.strictEqual(ok.status, 0, ok.stderr);
        assert.ok(ok.wrote);
        assert.ok(ok.registered > 0, "the program registered its resources");
    });

    ACCEPTED.forEach((c) => {
        it(`valid input is accepted: ${c.what}`, async () => {
            const run = await renderCaseInProcess(c);
            assert.strictEqual(run.status, 0, run.stderr);
            assert.ok(run.wrote);
        });
    });

    it("every key that holds a selector is listed with the case that refuses its empty form", () => {
        const schema = require("../schema/stack-config.schema.json");
        const found = new Set<string>();
        const walk = (n: any, at: string) => {
            if (n === null || typeof n !== "object") {
                return;
            }
            for (const [k, v] of Object.entries<any>(n.properties ?? {})) {
                const path = `${at}.${k}`;
                if (/selector|matchLabels|podLabels|matchers|^labels$/i.test(k)) {
                    found.add(path);
                }
                walk(v, path);
            }
            for (const k of ["anyOf", "oneOf", "allOf"]) {
                (n[k] ?? []).forEach((x: any) => walk(x, at));
            }
            if (n.items) {
                walk(n.items, `${at}[]`);
            }
        };
        for (const [key, value] of Object.entries<any>(schema.properties.config.properties)) {
            if (key.startsWith("cluster-monitoring:")) {
                walk(value, "<c>");
            }
        }
        assert.deepStrictEqual([...found].filter((f) => !(f in SELECTOR_KEYS)), [], "selector keys without an empty-selector case");
        for (const what of Object.values(SELECTOR_KEYS).filter((w) => w !== "")) {
            assert.ok(EMPTY_SELECTORS.some((c) => c.what === what), `no case "${what}"`);
        }
    });

    it("the credentials cases cover every key that takes a URL or a host (found in the generated schema), and the secret URLs", () => {
        const schema = require("../schema/stack-config.schema.json");
        const found: string[] = [];
        const walk = (n: any, at: string) => {
            if (n === null || typeof n !== "object") {
                return;
            }
            for (const [k, v] of Object.entries<any>(n.properties ?? {})) {
                const path = at === "" ? k : `${at}.${k}`;
                if (/url|host|target|server|endpoint/i.test(k) && (v.type === "string" || v.type === "array")) {
                    found.push(path);
                }
                walk(v, path);
            }
            for (const k of ["anyOf", "oneOf", "allOf"]) {
                (n[k] ?? []).forEach((x: any) => walk(x, at));
            }
            if (n.items) {
                walk(n.items, `${at}[]`);
            }
        };
        for (const [key, value] of Object.entries<any>(schema.properties.config.properties)) {
            if (key.startsWith("cluster-monitoring:")) {
                walk(value, key.slice("cluster-monitoring:".length));
            }
        }
        const covered = new Set(URL_FIELDS.map(([, , at]) => at));
        // A relabel rule's target label (targetLabel, or target_label in Prometheus' own shape) and an inhibit rule's target matchers are no address.
        const missing = found.filter((f) => !covered.has(f) && !/(targetLabel|target_label|target_matchers)$/.test(f));
        assert.deepStrictEqual(missing, [], "keys that take a URL or host without a credentials case");
    });

    CASES.forEach((c) => {
        it(`${c.class}: ${c.what} (${c.key})`, async () => {
            const run = await renderCaseInProcess(c);
            assertRefused(c, run);
            assert.strictEqual(run.registered, 0, "no resource may be registered");
        });
    });
});

describe("bad stack files through the render CLI as a process, one per kind of failure", function () {
    // The kinds: the YAML loader refuses the file, or the settings refuse a value.
    const yamlError = CASES.find((c) => c.class === "yaml" && c.text !== undefined)!;
    const configError = CASES.find((c) => c.class !== "yaml" && c.edit !== undefined)!;
    let runs: Run[] = [];

    before(async () => {
        runs = await Promise.all([BASELINE, yamlError, configError].map(renderProcess));
    });

    it("the valid file exits 0 and writes its manifests", () => {
        assert.strictEqual(runs[0].status, 0, runs[0].stderr);
        assert.ok(runs[0].wrote);
    });

    for (const [i, c] of [yamlError, configError].entries()) {
        it(`${c.class}: ${c.what} exits 1, prints what the in-process run printed and writes nothing`, async () => {
            const run = runs[i + 1];
            assertRefused(c, run);
            assert.strictEqual(run.stderr, (await renderCaseInProcess(c)).stderr);
        });
    }
});
