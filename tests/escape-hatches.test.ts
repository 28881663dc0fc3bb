import * as assert from "assert";
import { parse } from "yaml";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings } from "../stack";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";
import { remoteWriteSecret } from "../components/prometheus/remote-write-secret";

/** docs/escape-hatches.md: each hatch, what it renders, and what it refuses (naming the key, before any resource). */

const M = "cluster-monitoring:metrics";

function configError(overrides: Record<string, Record<string, unknown>>, secrets: Record<string, string> = {}): ConfigError {
    try {
        settingsWith(overrides, secrets);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e;
    }
    assert.fail("expected the config to be rejected");
}

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
const SECRETS = { billingScrapePassword: "scrape-pw-91", billingScrapeCa: "-----BEGIN CERTIFICATE-----ca" };

describe("escape hatches (docs/escape-hatches.md)", () => {
    describe("metrics.extraScrapeConfigs", () => {
        it("renders in Prometheus' shape after the program's jobs, credentials as files of the mounted Secret, with sample_limit", () => {
            const s = settingsWith({ metrics: { extraScrapeConfigs: [BILLING_DB] } }, SECRETS);
            const config = parse(generatedPrometheusFiles(s.metrics).prometheusYml);
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
            const reach = (job: string) => scrapeJobsWithReach(s.metrics).find((j) => j.config.job_name === job)!.reaches;
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
            const e = configError({ metrics: { extraScrapeConfigs: [{ job_name: "kubelet", static_configs: [{ targets: ["10.0.0.1:10250"] }] }] } });
            problem(e, `${M}.extraScrapeConfigs[0].job_name`, /cluster-monitoring:metrics\.jobs\.kubelet/);
            const e2 = configError({
                metrics: {
                    services: [{ name: "jmx", namespace: "kafka", selector: { app: "kafka" }, port: "metrics" }],
                    extraScrapeConfigs: [{ job_name: "jmx", static_configs: [{ targets: ["10.0.0.1:9404"] }] }],
                },
            });
            problem(e2, `${M}.extraScrapeConfigs[0].job_name`, /metrics\.services\[0\]\.name/);
        });

        it("refuses a key the release line lacks, naming the key and the release it came in", () => {
            const e = configError({
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
            // The same config loads on a line that has them.
            settingsWith({
                metrics: {
                    image: "quay.io/prometheus/prometheus:v3.5.0",
                    extraScrapeConfigs: [{ job_name: "sd", http_sd_configs: [{ url: "https://sd.example.com/targets" }], reaches: ["10.0.0.1:9100"], body_size_limit: "10MB" }],
                },
            });
        });

        it("refuses plain-text credentials, other discovery types and sample_limit, each with the reason", () => {
            const e = configError({
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
            const e = configError({ metrics: { extraScrapeConfigs: [{ job_name: "x", bearer_token_secret: "xToken", static_configs: [{ targets: ["10.0.0.1:9100"] }] }] } }, { xToken: "t" });
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
});
