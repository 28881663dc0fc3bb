import * as assert from "assert";
import * as path from "path";
import { parse } from "yaml";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, promtool, sandboxConfig } from "./harness/prometheus";
import { settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";

const ALL_JOBS_ON = {
    metrics: {
        jobs: { kubelet: true, cadvisor: true, apiserver: true, etcd: true, logAgent: true },
        etcd: { endpoints: ["10.0.0.11", "10.0.0.12"] },
        services: [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx", interval: "1m" }],
        annotationDiscovery: { namespaces: ["shop"] },
    },
    blackboxExporter: { enabled: true, probes: [{ name: "shop-frontpage", target: "https://shop.example.com/", interval: "1m" }] },
};
const ETCD_FILES = ETCD_TEST_FILES;

describe("generated prometheus.yml on a real Prometheus (Debian 2.42)", function () {

    it("promtool check config accepts the default config, with discovery swapped for file_sd", () => {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith());
        assert.match(prometheusYml, /kubernetes_sd_configs/, "the deployed config uses Kubernetes discovery");
        const out = promtool("check", "config", sandboxConfig(prometheusYml, ruleFiles).configFile);
        assert.match(out, /SUCCESS/);
        // k8s.yml and one file per default group: the glob finds them all.
        assert.match(out, new RegExp(`${Object.keys(ruleFiles).length} rule files found`));
        assert.ok(Object.keys(ruleFiles).length > 1);
    });

    it("sends alerts to Alertmanager over the v2 API, found through its Service's endpoints", () => {
        const config = parse(generatedPrometheusFiles(settingsWith()).prometheusYml);
        assert.deepStrictEqual(config.alerting.alertmanagers, [
            {
                api_version: "v2",
                kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: ["monitoring"] } }],
                relabel_configs: [
                    { action: "keep", source_labels: ["__meta_kubernetes_service_name"], regex: "alertmanager" },
                    { action: "keep", source_labels: ["__meta_kubernetes_endpoint_port_name"], regex: "web" },
                ],
            },
        ]);
        assert.strictEqual(parse(generatedPrometheusFiles(settingsWith({ alertmanager: { enabled: false } })).prometheusYml).alerting, undefined);
    });

    it("promtool check config accepts the config with every job on, etcd over https included", () => {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith(ALL_JOBS_ON, ETCD_FILES));
        const jobs = parse(prometheusYml).scrape_configs.map((j: any) => j.job_name);
        assert.deepStrictEqual(jobs, [
            "monitor",
            "config-reloader",
            "kubelet",
            "cadvisor",
            "apiserver",
            "etcd",
            "coredns",
            "kube-scheduler",
            "kube-controller-manager",
            "kube-proxy",
            "log-agent",
            "node-exporter",
            "kube-state-metrics",
            "kube-state-metrics-telemetry",
            "jmx-kafka",
            "annotated-pods",
            "annotated-services",
            "shop-frontpage",
            "probe",
        ]);
        assert.match(promtool("check", "config", sandboxConfig(prometheusYml, ruleFiles).configFile), /SUCCESS/);
    });

    it("promtool check rules accepts the empty rule file", () => {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith());
        const { rulesDir } = sandboxConfig(prometheusYml, ruleFiles);
        assert.match(promtool("check", "rules", path.join(rulesDir, "k8s.yml")), /SUCCESS/);
    });

    describe("relabeling of the self-monitoring job", () => {
        let server: PrometheusProcess | undefined;
        after(async () => {
            await server?.stop();
        });

        it("keeps monitor=main services with exactly the spec's labels and drops the rest", async () => {
            const common = { namespace: "monitoring", endpoint_port_name: "web", endpoint_ready: "true" };
            // Loopback addresses that nothing serves: only the labels matter here.
            const targets = [
                discoveredTarget("127.0.0.1:1", {
                    ...common,
                    service_name: "monitor",
                    service_label_monitor: "main",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "monitor-0",
                    pod_name: "monitor-0",
                    pod_label_app: "monitor",
                }),
                discoveredTarget("127.0.0.2:1", {
                    ...common,
                    service_name: "unlabelled",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "unlabelled-0",
                    pod_name: "unlabelled-0",
                }),
                discoveredTarget("127.0.0.3:1", {
                    ...common,
                    service_name: "other",
                    service_label_monitor: "secondary",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "other-0",
                    pod_name: "other-0",
                }),
                discoveredTarget("127.0.0.4:1", {
                    ...common,
                    service_name: "external-db",
                    service_label_monitor: "main",
                    endpoint_address_target_kind: "Node",
                    endpoint_address_target_name: "node-1",
                }),
            ];
            const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith());
            const sandbox = sandboxConfig(prometheusYml, ruleFiles);
            sandbox.setTargets("monitor", targets);
            server = await PrometheusProcess.start(sandbox.configFile);
            const result = await server.targetsOfJob("monitor", targets.length);

            const active = result.active.map((t) => t.labels).sort((a, b) => a.instance.localeCompare(b.instance));
            assert.deepStrictEqual(active, [
                {
                    endpoint: "web",
                    instance: "127.0.0.1:1",
                    job: "monitor",
                    namespace: "monitoring",
                    pod: "monitor-0",
                    service: "monitor",
                },
                // Not a Pod: rule 2 adds no pod label, and rule 5 finds no pod name either.
                {
                    endpoint: "web",
                    instance: "127.0.0.4:1",
                    job: "external-db",
                    namespace: "monitoring",
                    service: "external-db",
                },
            ]);
            const dropped = result.dropped.map((t) => t.discoveredLabels.__meta_kubernetes_service_name).sort();
            assert.deepStrictEqual(dropped, ["other", "unlabelled"]);
        });
    });

    it("uses only keys that Prometheus 2.11, the deployed image, knows", () => {
        const { prometheusYml } = generatedPrometheusFiles(settingsWith(ALL_JOBS_ON, ETCD_FILES));
        const known211: Record<string, string[]> = {
            "": ["global", "rule_files", "scrape_configs", "alerting", "remote_write", "remote_read"],
            global: ["scrape_interval", "scrape_timeout", "evaluation_interval", "external_labels"],
            scrape_configs: [
                "job_name", "honor_labels", "honor_timestamps", "params", "scrape_interval", "scrape_timeout",
                "metrics_path", "scheme", "basic_auth", "bearer_token", "bearer_token_file", "tls_config",
                "proxy_url", "kubernetes_sd_configs", "file_sd_configs", "static_configs", "relabel_configs",
                "metric_relabel_configs", "sample_limit",
            ],
            params: ["module"],
            relabel_configs: ["source_labels", "separator", "regex", "modulus", "target_label", "replacement", "action"],
            kubernetes_sd_configs: ["api_server", "role", "namespaces", "basic_auth", "bearer_token", "bearer_token_file", "tls_config"],
            tls_config: ["ca_file", "cert_file", "key_file", "server_name", "insecure_skip_verify"],
            static_configs: ["targets", "labels"],
        };
        const actions211 = ["replace", "keep", "drop", "hashmod", "labelmap", "labeldrop", "labelkeep"];
        const config = parse(prometheusYml);
        const check = (section: string, obj: Record<string, unknown>) => {
            for (const key of Object.keys(obj)) {
                assert.ok(known211[section].includes(key), `${section || "top level"} key ${key} is unknown to Prometheus 2.11`);
            }
        };
        check("", config);
        check("global", config.global);
        for (const job of config.scrape_configs) {
            check("scrape_configs", job);
            for (const rule of [...(job.relabel_configs ?? []), ...(job.metric_relabel_configs ?? [])]) {
                check("relabel_configs", rule);
                assert.ok(actions211.includes(rule.action), `relabel action ${rule.action} is unknown to Prometheus 2.11`);
            }
            (job.kubernetes_sd_configs ?? []).forEach((k: Record<string, unknown>) => check("kubernetes_sd_configs", k));
            (job.static_configs ?? []).forEach((k: Record<string, unknown>) => check("static_configs", k));
            if (job.params) {
                check("params", job.params);
            }
            if (job.tls_config) {
                check("tls_config", job.tls_config);
            }
        }
    });
});
