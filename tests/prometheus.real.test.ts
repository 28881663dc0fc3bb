import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { prometheusConfigMap, ruleFilesConfigMap } from "../components/metrics-server/config-maps";
import { PrometheusProcess, promtool, tempDir, withFileDiscovery } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/** Writes the generated config and rule files into a directory the way the pod sees them. */
function writeGeneratedFiles(targets: object[]) {
    const settings = settingsWith().metrics;
    const dir = tempDir("monitor-config");
    const rulesDir = path.join(dir, "rules");
    fs.mkdirSync(rulesDir);
    for (const [key, content] of Object.entries(ruleFilesConfigMap(settings).data as Record<string, string>)) {
        fs.writeFileSync(path.join(rulesDir, key), content);
    }
    const targetsFile = path.join(dir, "targets.json");
    fs.writeFileSync(targetsFile, JSON.stringify(targets));
    const original = (prometheusConfigMap(settings).data as Record<string, string>)["prometheus.yml"];
    const configFile = path.join(dir, "prometheus.yml");
    fs.writeFileSync(configFile, withFileDiscovery(original, targetsFile, rulesDir));
    return { configFile, rulesDir, original };
}

/** The meta labels endpoint discovery gives one endpoint address of a service. */
function endpointTarget(address: string, meta: Record<string, string>) {
    const labels: Record<string, string> = { __address__: address };
    for (const [k, v] of Object.entries(meta)) {
        labels[`__meta_kubernetes_${k}`] = v;
    }
    return { targets: [address], labels };
}

describe("generated prometheus.yml on a real Prometheus (Debian 2.42)", function () {
    this.timeout(60000);

    it("promtool check config accepts it, with discovery swapped for file_sd", () => {
        const { configFile, original } = writeGeneratedFiles([]);
        assert.match(original, /kubernetes_sd_configs/, "the deployed config uses endpoint discovery");
        const out = promtool("check", "config", configFile);
        assert.match(out, /SUCCESS/);
        assert.match(out, /1 rule files found/);
    });

    it("promtool check rules accepts the empty rule file", () => {
        const { rulesDir } = writeGeneratedFiles([]);
        assert.match(promtool("check", "rules", path.join(rulesDir, "k8s.yml")), /SUCCESS/);
    });

    describe("relabeling of endpoint targets", () => {
        let server: PrometheusProcess | undefined;
        after(async () => {
            await server?.stop();
        });

        it("keeps monitor=main services with exactly the spec's labels and drops the rest", async () => {
            // Every target points at 127.0.0.1:1, which nothing serves; only the labels matter here.
            const address = "127.0.0.1:1";
            const common = { namespace: "monitoring", endpoint_port_name: "web", endpoint_ready: "true" };
            const targets = [
                endpointTarget(address, {
                    ...common,
                    service_name: "monitor",
                    service_label_monitor: "main",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "monitor-0",
                    pod_name: "monitor-0",
                    pod_label_app: "monitor",
                }),
                endpointTarget("127.0.0.2:1", {
                    ...common,
                    service_name: "unlabelled",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "unlabelled-0",
                    pod_name: "unlabelled-0",
                }),
                endpointTarget("127.0.0.3:1", {
                    ...common,
                    service_name: "other",
                    service_label_monitor: "secondary",
                    endpoint_address_target_kind: "Pod",
                    endpoint_address_target_name: "other-0",
                    pod_name: "other-0",
                }),
                endpointTarget("127.0.0.4:1", {
                    ...common,
                    service_name: "external-db",
                    service_label_monitor: "main",
                    endpoint_address_target_kind: "Node",
                    endpoint_address_target_name: "node-1",
                }),
            ];
            const { configFile } = writeGeneratedFiles(targets);
            server = await PrometheusProcess.start(configFile);
            const result = await server.targetsWhen(targets.length);

            const active = result.activeTargets.map((t) => t.labels).sort((a, b) => a.instance.localeCompare(b.instance));
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
            const dropped = result.droppedTargets.map((t) => t.discoveredLabels.__meta_kubernetes_service_name).sort();
            assert.deepStrictEqual(dropped, ["other", "unlabelled"]);
            // The scrape pool is the job_name; the job label itself comes from the service name.
            assert.ok(result.activeTargets.every((t) => t.scrapePool === "monitor"));
        });
    });

    it("uses only keys that Prometheus 2.11, the deployed image, knows", () => {
        const { original } = writeGeneratedFiles([]);
        const known211: Record<string, string[]> = {
            "": ["global", "rule_files", "scrape_configs", "alerting", "remote_write", "remote_read"],
            global: ["scrape_interval", "scrape_timeout", "evaluation_interval", "external_labels"],
            scrape_configs: [
                "job_name", "honor_labels", "honor_timestamps", "params", "scrape_interval", "scrape_timeout",
                "metrics_path", "scheme", "basic_auth", "bearer_token", "bearer_token_file", "tls_config",
                "proxy_url", "kubernetes_sd_configs", "file_sd_configs", "static_configs", "relabel_configs",
                "metric_relabel_configs", "sample_limit",
            ],
            relabel_configs: ["source_labels", "separator", "regex", "modulus", "target_label", "replacement", "action"],
            kubernetes_sd_configs: ["api_server", "role", "namespaces", "basic_auth", "bearer_token", "bearer_token_file", "tls_config"],
        };
        const config = parse(original);
        const check = (section: string, obj: Record<string, unknown>) => {
            for (const key of Object.keys(obj)) {
                assert.ok(known211[section].includes(key), `${section || "top level"} key ${key} is unknown to Prometheus 2.11`);
            }
        };
        check("", config);
        check("global", config.global);
        for (const job of config.scrape_configs) {
            check("scrape_configs", job);
            job.relabel_configs.forEach((r: Record<string, unknown>) => check("relabel_configs", r));
            job.kubernetes_sd_configs.forEach((k: Record<string, unknown>) => check("kubernetes_sd_configs", k));
        }
    });
});
