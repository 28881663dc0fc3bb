import * as assert from "assert";
import { testCredentials } from "./harness/prometheus";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings } from "../stack";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { configErrorOf, requiredConfig, settingsWith } from "./harness/stack-config";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";
import { remoteWriteSecret } from "../components/prometheus/remote-write-secret";
import { runProgram } from "./harness/program";
import { findOne } from "./harness/pulumi-mocks";
import { podSecurityLevel } from "../validate/pod-security";
import { iniConfigMap } from "../components/grafana/config-maps";
import { grafanaModel } from "./harness/grafana-model";

/** docs/escape-hatches.md: each hatch, what it renders, and what it refuses (naming the key, before any resource). */

const M = "cluster-monitoring:metrics";

function problem(e: ConfigError, key: string, expected?: RegExp) {
    const found = e.problems.find((p) => p.key === key);
    assert.ok(found, `no problem for ${key}:\n${e.message}`);
    if (expected) {
        assert.match(found.expected, expected, e.message);
    }
    return found;
}

const BILLING_DB = {
    job_name: "billing-db",
    scheme: "https",
    metrics_path: "/stats",
    basic_auth: { username: "scraper", password_secret: "billingScrapePassword" },
    tls_config: { ca_secret: "billingScrapeCa", server_name: "db.example.com" },
    static_configs: [{ targets: ["db.example.com:9187", "10.20.0.5:9187"], labels: { env: "prod" } }],
    metric_relabel_configs: [{ action: "drop", source_labels: ["__name__"], regex: "pg_stat_.*" }],
};
const SECRETS = { billingScrapePassword: "scrape-pw-91", billingScrapeCa: testCredentials().cert };

describe("escape hatches (docs/escape-hatches.md)", () => {
    describe("metrics.extraScrapeConfigs", () => {
        it("renders in Prometheus' shape after the program's jobs, credentials as files of the mounted Secret, with sample_limit", () => {
            const s = settingsWith({ metrics: { extraScrapeConfigs: [BILLING_DB] } }, SECRETS);
            const config = parse(generatedPrometheusFiles(s, { withRules: false }).prometheusYml);
            const job = config.scrape_configs.at(-1);
            assert.deepStrictEqual(job, {
                job_name: "billing-db",
                metrics_path: "/stats",
                scheme: "https",
                basic_auth: { username: "scraper", password_file: "/etc/prometheus/secrets/monitor-remote-write/billingScrapePassword" },
                tls_config: { ca_file: "/etc/prometheus/secrets/monitor-remote-write/billingScrapeCa", server_name: "db.example.com" },
                static_configs: [{ targets: ["db.example.com:9187", "10.20.0.5:9187"], labels: { env: "prod" } }],
                metric_relabel_configs: [{ action: "drop", source_labels: ["__name__"], regex: "pg_stat_.*" }],
                sample_limit: job.sample_limit,
            });
            assert.ok(job.sample_limit > 0, "the default sample_limit applies");
            assert.deepStrictEqual(Object.keys((remoteWriteSecret(s.metrics)!.stringData as object)).sort(), ["billingScrapeCa", "billingScrapePassword"]);
        });

        it("derives the NetworkPolicy reach from static targets: an address, a name outside, a Service's namespace, nothing for loopback", () => {
            const s = settingsWith({
                metrics: {
                    extraScrapeConfigs: [
                        { job_name: "outside", static_configs: [{ targets: ["db.example.com:9187", "10.20.0.5:9100", "127.0.0.1:9999", "api.payments.svc:8080"] }] },
                        { job_name: "sd", http_sd_configs: [{ url: "https://sd.example.com/targets" }], reaches: ["10.30.0.7:9100"] },
                        { job_name: "k8s", kubernetes_sd_configs: [{ role: "pod", namespaces: { names: ["payments"] } }] },
                    ],
                    image: "quay.io/prometheus/prometheus:v2.53.0",
                },
            });
            const reach = (job: string) => scrapeJobsWithReach(s).find((j) => j.config.job_name === job)!.reaches;
            assert.deepStrictEqual(reach("outside"), [
                { kind: "outside", port: 9187 },
                { kind: "addresses", addresses: ["10.20.0.5"], port: 9100 },
                { kind: "namespace", namespace: "payments", port: 8080 },
            ]);
            assert.deepStrictEqual(reach("sd"), [
                { kind: "addresses", addresses: ["10.30.0.7"], port: 9100 },
                { kind: "outside", port: 443 },
            ]);
            assert.deepStrictEqual(reach("k8s"), [{ kind: "namespace", namespace: "payments" }]);
        });

        it("refuses a job name already taken, naming both keys", () => {
            const e = configErrorOf({ metrics: { extraScrapeConfigs: [{ job_name: "kubelet", static_configs: [{ targets: ["10.0.0.1:10250"] }] }] } });
            problem(e, `${M}.extraScrapeConfigs[0].job_name`, /cluster-monitoring:metrics\.jobs\.kubelet/);
            const e2 = configErrorOf({
                metrics: {
                    services: [{ name: "jmx", namespace: "kafka", selector: { app: "kafka" }, port: "metrics" }],
                    extraScrapeConfigs: [{ job_name: "jmx", static_configs: [{ targets: ["10.0.0.1:9404"] }] }],
                },
            });
            problem(e2, `${M}.extraScrapeConfigs[0].job_name`, /metrics\.services\[0\]\.name/);
        });

        it("refuses a key the release line lacks, naming the key and the release it came in", () => {
            const e = configErrorOf({
                metrics: {
                    extraScrapeConfigs: [
                        {
                            job_name: "sd",
                            http_sd_configs: [{ url: "https://sd.example.com/targets" }],
                            reaches: ["10.0.0.1:9100"],
                            body_size_limit: "10MB",
                            relabel_configs: [{ action: "lowercase", source_labels: ["instance"], target_label: "instance" }],
                        },
                    ],
                },
            });
            problem(e, `${M}.extraScrapeConfigs[0].http_sd_configs`, /Prometheus 2\.11\.1.*came in 2\.28\.0/);
            problem(e, `${M}.extraScrapeConfigs[0].body_size_limit`, /came in 2\.28\.0/);
            problem(e, `${M}.extraScrapeConfigs[0].relabel_configs[0].action`, /came in 2\.36\.0/);
            const slices = configErrorOf({
                metrics: { image: "quay.io/prometheus/prometheus:v2.53.0", extraScrapeConfigs: [{ job_name: "k", kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: ["a"] } }] }] },
            });
            problem(slices, `${M}.extraScrapeConfigs[0].kubernetes_sd_configs[0].role`, /endpointslice on Prometheus 2\.53\.0/);
            // The same config loads on a line that has them.
            settingsWith({
                metrics: {
                    image: "quay.io/prometheus/prometheus:v3.5.0",
                    extraScrapeConfigs: [{ job_name: "sd", http_sd_configs: [{ url: "https://sd.example.com/targets" }], reaches: ["10.0.0.1:9100"], body_size_limit: "10MB" }],
                },
            });
        });

        it("refuses plain-text credentials, other discovery types and sample_limit, each with the reason", () => {
            const e = configErrorOf({
                metrics: {
                    extraScrapeConfigs: [
                        {
                            job_name: "x",
                            scheme: "https",
                            basic_auth: { username: "u", password: "hunter2" },
                            static_configs: [{ targets: ["10.0.0.1:9100"] }],
                            consul_sd_configs: [{ server: "consul:8500" }],
                            sample_limit: 5,
                        },
                    ],
                },
            });
            const pw = problem(e, `${M}.extraScrapeConfigs[0].basic_auth.password`, /password_secret/);
            assert.ok(!e.message.includes("hunter2"), "the password is never echoed");
            assert.strictEqual(pw.got, "[secret]");
            problem(e, `${M}.extraScrapeConfigs[0].consul_sd_configs`, /not typed/);
            problem(e, `${M}.extraScrapeConfigs[0].sample_limit`, /limits\.perJob/);
        });

        it("refuses a credential secret kept in clear text, and credentials over http without the opt-in", () => {
            const e = configErrorOf({ metrics: { extraScrapeConfigs: [{ job_name: "x", bearer_token_secret: "xToken", static_configs: [{ targets: ["10.0.0.1:9100"] }] }] } }, { xToken: "t" });
            problem(e, `${M}.extraScrapeConfigs[0].scheme`, /allowPlaintextCredentials/);
            const config = requiredConfig();
            config.metrics.extraScrapeConfigs = [{ job_name: "x", scheme: "https", bearer_token_secret: "xToken", static_configs: [{ targets: ["10.0.0.1:9100"] }] }];
            config.xToken = "in-clear";
            try {
                loadStackSettings(plainConfigSource(config));
                assert.fail("expected a ConfigError");
            } catch (err) {
                assert.ok(err instanceof ConfigError, String(err));
                problem(err, "cluster-monitoring:xToken, cluster-monitoring:metrics.extraScrapeConfigs[0].bearer_token_secret", /encrypted value/);
            }
        });
    });
    describe("<component>.extra: flags, env, volumes, mounts, pod labels and annotations, Ingress annotations", () => {
        const EXTRA = {
            args: ["--query.max-concurrency=30"],
            env: [{ name: "GOMEMLIMIT", value: "350MiB" }, { name: "API_TOKEN", valueFrom: { secretKeyRef: { name: "app-token", key: "token" } } }],
            volumes: [{ name: "extra-ca", secret: { secretName: "corp-ca" } }, { name: "scratch", emptyDir: { sizeLimit: "64Mi" } }],
            volumeMounts: [{ name: "extra-ca", mountPath: "/etc/corp-ca", readOnly: true }, { name: "scratch", mountPath: "/scratch" }],
            podLabels: { "cost-center": "observability" },
            podAnnotations: { "sidecar.istio.io/inject": "false" },
            ingressAnnotations: { "cert-manager.io/cluster-issuer": "letsencrypt" },
        };
        const INGRESS = { host: "prometheus.example.com", className: "nginx", tlsSecretName: "prometheus-tls", auth: { public: { reason: "read-only mirror for the status page" } } };

        it("renders on Prometheus' and Alertmanager's pods and Ingresses, after the program's own, still Restricted", async () => {
            const config = requiredConfig();
            config.metrics = { ...config.metrics, extra: EXTRA, enableAdminApi: false, enableLifecycle: false, ingress: INGRESS };
            config.alertmanager = { extra: { args: ["--log.level=debug"], podLabels: { "cost-center": "observability" } } };
            const { resources } = await runProgram(config);
            const sts = findOne(resources, "kubernetes:apps/v1:StatefulSet", "monitor").inputs;
            const pod = sts.spec.template;
            const main = pod.spec.containers.find((c: any) => c.name === "monitor");
            assert.strictEqual(main.args.at(-1), "--query.max-concurrency=30");
            assert.deepStrictEqual(main.env.slice(-2), EXTRA.env);
            assert.deepStrictEqual(main.volumeMounts.slice(-2), EXTRA.volumeMounts);
            assert.deepStrictEqual(pod.spec.volumes.slice(-2), [
                { name: "extra-ca", secret: { secretName: "corp-ca", defaultMode: 0o440 } },
                { name: "scratch", emptyDir: { sizeLimit: "64Mi" } },
            ]);
            assert.strictEqual(pod.metadata.labels["cost-center"], "observability");
            assert.strictEqual(pod.metadata.annotations["sidecar.istio.io/inject"], "false");
            assert.strictEqual(podSecurityLevel(pod.spec).level, "restricted");
            const ingress = findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "monitor").inputs;
            assert.strictEqual(ingress.metadata.annotations["cert-manager.io/cluster-issuer"], "letsencrypt");
            const am = findOne(resources, "kubernetes:apps/v1:StatefulSet", "alertmanager").inputs.spec.template;
            assert.strictEqual(am.spec.containers[0].args.at(-1), "--log.level=debug");
            assert.strictEqual(am.metadata.labels["cost-center"], "observability");
        });

        it("refuses a mount over what the pod reads that is no volume of the program's: the ServiceAccount token, a path its arguments name; a neighbour path passes", () => {
            const mounts = (...paths: string[]) => ({
                metrics: { extra: { volumes: [{ name: "mine", emptyDir: {} }], volumeMounts: paths.map((mountPath) => ({ name: "mine", mountPath })) } },
            });
            const e = configErrorOf(mounts("/var/run/secrets/kubernetes.io/serviceaccount", "/var/run/secrets", "/etc/prometheus/consoles"));
            problem(e, `${M}.extra.volumeMounts[0].mountPath`, /ServiceAccount token/);
            problem(e, `${M}.extra.volumeMounts[1].mountPath`, /ServiceAccount token/);
            problem(e, `${M}.extra.volumeMounts[2].mountPath`, /\/etc\/prometheus\/consoles is a path the container's arguments name \(monitor\)/);
            // Beside them, not on, in or above them: accepted.
            settingsWith(mounts("/var/run/secrets/app", "/etc/prometheus-extra"));
        });

        it("refuses what the program owns, with the reason: a flag it sets or a setting owns, a mount path, a label it selects on, its annotation", () => {
            const e = configErrorOf({
                metrics: {
                    extra: {
                        args: ["--config.file=/tmp/mine.yml", "--storage.tsdb.retention.size=10GB"],
                        env: [{ name: "OK", value: "1" }],
                        volumes: [{ name: "mine", emptyDir: {} }, { name: "config", emptyDir: {} }],
                        volumeMounts: [{ name: "mine", mountPath: "/prometheus/extra" }],
                        podLabels: { app: "other" },
                        podAnnotations: { "checksum/config": "x" },
                    },
                    enableLifecycle: false,
                },
                alertmanager: { extra: { args: ["--cluster.peer=10.0.0.1:9094"], ingressAnnotations: { "cert-manager.io/cluster-issuer": "x" } } },
            });
            problem(e, `${M}.extra.args[0]`, /sets --config\.file itself/);
            problem(e, `${M}.extra.args[1]`, /metrics\.retentionSize/);
            problem(e, `${M}.extra.volumes[1].name`, /pod's own volumes/);
            problem(e, `${M}.extra.volumeMounts[0].mountPath`, /\/prometheus is mounted by the program/);
            problem(e, `${M}.extra.podLabels.app`, /select on/);
            problem(e, `${M}.extra.podAnnotations.checksum/config`, /roll the pod/);
            problem(e, "cluster-monitoring:alertmanager.extra.args[0]", /alertmanager\.replicas/);
            // A flag the release does not define: the binary would exit at start.
            const unknown = configErrorOf({ metrics: { extra: { args: ["--enable-feature=exemplar-storage"] } }, alertmanager: { extra: { args: ["--web.enable-lifecycle"] } } });
            problem(unknown, `${M}.extra.args[0]`, /Prometheus 2\.11\.1 has .*--enable-feature/);
            problem(unknown, "cluster-monitoring:alertmanager.extra.args[0]", /Alertmanager v0\.34\.0 has/);
            settingsWith({ metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", extra: { args: ["--enable-feature=exemplar-storage"] } } });
            problem(e, "cluster-monitoring:alertmanager.extra.ingressAnnotations", /unless the component has an ingress/);
        });

        it("generalises to Grafana's Deployment and Ingress, refusing GF_ variables (grafana.ini settings go under grafana.ini) and the program's env", async () => {
            const e = configErrorOf(
                { grafana: { enabled: true, extra: { env: [{ name: "GF_AUTH_PROXY_ENABLED", value: "true" }, { name: "GF_SECURITY_ADMIN_USER", value: "x" }] } } },
                { grafanaAdminPassword: "test-admin-password-7f3a" },
            );
            problem(e, "cluster-monitoring:grafana.extra.env[0].name", /could switch Grafana's login off/);
            problem(e, "cluster-monitoring:grafana.extra.env[1].name", /for its own use/);
            problem(configErrorOf({ grafana: { enabled: true, extra: { args: ["--homepath=/x"] } } }, { grafanaAdminPassword: "test-admin-password-7f3a" }), "cluster-monitoring:grafana.extra.args[0]", /grafana\.ini/);
            const config = requiredConfig();
            config.grafana = {
                enabled: true,
                ingress: { host: "grafana.example.com" },
                extra: { podLabels: { "cost-center": "observability" }, ingressAnnotations: { "cert-manager.io/cluster-issuer": "letsencrypt" }, env: [{ name: "TZ", value: "UTC" }] },
            };
            const { resources } = await runProgram(config, { grafanaAdminPassword: "test-admin-password-7f3a" });
            const pod = findOne(resources, "kubernetes:apps/v1:Deployment", "grafana").inputs.spec.template;
            assert.strictEqual(pod.metadata.labels["cost-center"], "observability");
            assert.deepStrictEqual(pod.spec.containers[0].env.at(-1), { name: "TZ", value: "UTC" });
            assert.strictEqual(findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "grafana").inputs.metadata.annotations["cert-manager.io/cluster-issuer"], "letsencrypt");
        });

        it("owns what the team sidecars and checker bring into the pods too (metrics.teamRules, grafana.teamDashboards): their volumes, mounts and env", async () => {
            const e = configErrorOf(
                {
                    metrics: {
                        teamRules: { namespaces: ["shop"] },
                        extra: {
                            env: [{ name: "TEAM_RULES_LIVE", value: "/x" }],
                            volumes: [{ name: "team-rules-staging", emptyDir: {} }, { name: "mine", emptyDir: {} }],
                            volumeMounts: [{ name: "mine", mountPath: "/etc/prometheus/team-rules/mine" }],
                        },
                    },
                    grafana: {
                        enabled: true,
                        teamDashboards: { namespaces: ["shop"] },
                        extra: { env: [{ name: "SCRIPT", value: "/x" }], volumes: [{ name: "mine", emptyDir: {} }], volumeMounts: [{ name: "mine", mountPath: "/opt/team-dashboards" }] },
                    },
                },
                { grafanaAdminPassword: "test-admin-password-7f3a" },
            );
            problem(e, `${M}.extra.env[0].name`, /sets TEAM_RULES_LIVE for its own use/);
            problem(e, `${M}.extra.volumes[0].name`, /pod's own volumes/);
            problem(e, `${M}.extra.volumeMounts[0].mountPath`, /\/etc\/prometheus\/team-rules is mounted by the program/);
            problem(e, "cluster-monitoring:grafana.extra.env[0].name", /sets SCRIPT for its own use/);
            problem(e, "cluster-monitoring:grafana.extra.volumeMounts[0].mountPath", /\/opt\/team-dashboards is mounted by the program/);
            // Beside them, a hatch of its own goes into the main container only; the sidecars keep theirs.
            const config = requiredConfig();
            config.metrics = { ...config.metrics, teamRules: { namespaces: ["shop"] }, extra: { env: [{ name: "TZ", value: "UTC" }] } };
            config.grafana = { enabled: true, teamDashboards: { namespaces: ["shop"] }, extra: { env: [{ name: "TZ", value: "UTC" }] } };
            const { resources } = await runProgram(config, { grafanaAdminPassword: "test-admin-password-7f3a" });
            for (const [type, name, main, sidecars] of [
                ["kubernetes:apps/v1:StatefulSet", "monitor", "monitor", ["team-rules", "team-rules-check"]],
                ["kubernetes:apps/v1:Deployment", "grafana", "grafana", ["team-dashboards"]],
            ] as const) {
                const containers: any[] = findOne(resources, type, name).inputs.spec.template.spec.containers;
                assert.deepStrictEqual(containers.find((c) => c.name === main).env.at(-1), { name: "TZ", value: "UTC" });
                for (const sidecar of sidecars) {
                    const c = containers.find((x) => x.name === sidecar);
                    assert.ok(c, `${name}: container ${sidecar}`);
                    assert.ok(!(c.env ?? []).some((v: any) => v.name === "TZ"), `${sidecar} gets no hatch env`);
                }
            }
        });

        it("refuses what would break Pod Security or least privilege, and any Ingress annotation that could remove authentication", () => {
            const e = configErrorOf({
                metrics: {
                    extra: {
                        volumes: [{ name: "host", hostPath: { path: "/" } }],
                        securityContext: { privileged: true },
                        podLabels: { "kubernetes.io/role": "x" },
                        ingressAnnotations: {
                            "nginx.ingress.kubernetes.io/auth-url": "http://nowhere",
                            "nginx.ingress.kubernetes.io/configuration-snippet": "location /api { proxy_pass http://monitor:9090; }",
                            "nginx.ingress.kubernetes.io/satisfy": "any",
                        },
                    },
                },
            });
            problem(e, `${M}.extra.volumes[0].hostPath`, /Restricted Pod Security/);
            problem(e, `${M}.extra.securityContext`, /one of the known keys/);
            assert.ok(!e.problems.some((p) => p.key.endsWith("volumes[0].configMap")), "one problem for the hostPath volume");
            problem(e, `${M}.extra.podLabels.kubernetes.io/role`, /reserves/);
            problem(e, `${M}.extra.ingressAnnotations.nginx.ingress.kubernetes.io/auth-url`, /owns the Ingress's authentication/);
            problem(e, `${M}.extra.ingressAnnotations.nginx.ingress.kubernetes.io/configuration-snippet`, /around its authentication/);
            problem(e, `${M}.extra.ingressAnnotations.nginx.ingress.kubernetes.io/satisfy`, /replace or relax/);
        });
    });
    describe("alertmanager.routes, receivers, inhibitRules and timeIntervals: what is refused", () => {
        const A = "cluster-monitoring:alertmanager";
        it("refuses an unknown receiver type, a plain-text credential, a key v0.34.0 lacks, a program receiver's name, naming the key", () => {
            const e = configErrorOf({
                alertmanager: {
                    receivers: [
                        { name: "chat", googlechat_configs: [{ url: "https://chat.googleapis.com/x" }] },
                        { name: "ops", opsgenie_configs: [{ api_key: "plain-key-xyz", priority: "P1", colour: "red" }] },
                        { name: "default", webhook_configs: [{ url_secret: "alertHook" }] },
                        { name: "hook", webhook_configs: [{ max_alerts: 1, http_config: { bearer_token: "t0k" } }] },
                    ],
                },
            }, { alertHook: "https://h.example.com/" });
            problem(e, `${A}.receivers[0].googlechat_configs`, /receiver type Alertmanager v0\.34\.0 supports/);
            problem(e, `${A}.receivers[1].opsgenie_configs[0].api_key`, /api_key_secret/);
            assert.ok(!e.message.includes("plain-key-xyz") && !e.message.includes("t0k"), "credentials are never echoed");
            problem(e, `${A}.receivers[1].opsgenie_configs[0].colour`, /opsgenie_configs in Alertmanager v0\.34\.0/);
            problem(e, `${A}.receivers[2].name`, /does not use/);
            problem(e, `${A}.receivers[3].webhook_configs[0].url_secret`, /no global section/);
            problem(e, `${A}.receivers[3].webhook_configs[0].http_config.bearer_token`, /credentials_secret/);
        });

        it("refuses a route to an unknown receiver or interval, a deprecated match, a bad matcher and a secret kept in clear text", () => {
            const e = configErrorOf({
                alertmanager: {
                    routes: [{ receiver: "nobody", matchers: ["severity=~\"(\""], mute_time_intervals: ["never"], match: { team: "db" } }],
                    inhibitRules: [{ source_matchers: ["a b"], target_matchers: ["x=y"] }],
                },
            });
            problem(e, `${A}.routes[0].match`, /matchers/);
            problem(e, `${A}.routes[0].matchers[0]`, /regex/);
            problem(e, `${A}.inhibitRules[0].source_matchers[0]`, /a matcher/);
            const config = requiredConfig();
            config.alertmanager = { receivers: [{ name: "ops", opsgenie_configs: [{ api_key_secret: "alertOps" }] }], routes: [{ receiver: "nobody" }, { receiver: "ops", mute_time_intervals: ["never"] }] };
            config.alertOps = "in-clear";
            try {
                loadStackSettings(plainConfigSource(config));
                assert.fail("expected a ConfigError");
            } catch (err) {
                assert.ok(err instanceof ConfigError, String(err));
                problem(err, `${A}.routes[0].receiver`, /a receiver of alertmanager\.receivers/);
                problem(err, `${A}.routes[1].mute_time_intervals[0]`, /time interval/);
            }
            const plain = requiredConfig();
            plain.alertmanager = { receivers: [{ name: "ops", opsgenie_configs: [{ api_key_secret: "alertOps" }] }] };
            plain.alertOps = "in-clear";
            try {
                loadStackSettings(plainConfigSource(plain));
                assert.fail("expected a ConfigError");
            } catch (err) {
                assert.ok(err instanceof ConfigError, String(err));
                problem(err, "cluster-monitoring:alertOps, cluster-monitoring:alertmanager.receivers[0].opsgenie_configs[0].api_key_secret", /encrypted value/);
            }
        });
    });
    describe("docs/escape-hatches.md", () => {
        it("every yaml example of the page loads, with its secrets set, and renders into the generated files", () => {
            const page = fs.readFileSync(path.join(__dirname, "..", "docs", "escape-hatches.md"), "utf8");
            const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]));
            assert.strictEqual(blocks.length, 4);
            for (const block of blocks) {
                const overrides: Record<string, Record<string, unknown>> = {};
                const secrets: Record<string, string> = {};
                for (const [key, value] of Object.entries(block as Record<string, any>)) {
                    const name = key.replace(/^cluster-monitoring:/, "");
                    if (value && typeof value === "object" && "secure" in value) {
                        continue;
                    }
                    overrides[name] = value;
                }
                // Every secret stack key the example names, as pulumi config set --secret would hold it.
                for (const [, k] of JSON.stringify(block).matchAll(/"(?:[a-z_]*_secret|secretKey)":"([A-Za-z0-9]+)"/g)) {
                    secrets[k] = k.endsWith("Url") ? "https://hooks.example.com/x" : `value-of-${k}`;
                }
                const metrics = overrides.metrics as Record<string, any> | undefined;
                if (metrics?.extra?.ingressAnnotations && !metrics.ingress) {
                    // The example's Ingress annotations need an Ingress, as the page says.
                    Object.assign(metrics, { ingress: { host: "monitor.example.com", auth: { public: { reason: "the docs example" } } }, enableAdminApi: false, enableLifecycle: false });
                }
                if (overrides.grafana) {
                    // Grafana is off in the tests' smallest stack; the example is on, with its admin password set.
                    Object.assign(overrides.grafana, { enabled: true });
                    secrets.grafanaAdminPassword = "test-admin-password-7f3a";
                }
                const s = settingsWith(overrides, secrets);
                const ini = (iniConfigMap(grafanaModel(s))?.data as Record<string, string> | undefined)?.["grafana.ini"] ?? "";
                for (const section of Object.keys((overrides.grafana?.ini as object | undefined) ?? {})) {
                    assert.ok(ini.includes(`[${section}]`), `grafana.ini has [${section}]`);
                }
                const yml = generatedPrometheusFiles(s).prometheusYml;
                for (const c of (overrides.metrics?.extraScrapeConfigs as { job_name: string }[] | undefined) ?? []) {
                    assert.ok(parse(yml).scrape_configs.some((j: any) => j.job_name === c.job_name), c.job_name);
                }
            }
        });
    });
});
