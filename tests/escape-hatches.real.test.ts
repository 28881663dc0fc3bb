import * as assert from "assert";
import { parse } from "yaml";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { settingsWith } from "./harness/stack-config";
import { PrometheusProcess, promtool, sandboxConfig } from "./harness/prometheus";
import { serveExposition } from "./harness/exposition-server";

/**
 * docs/escape-hatches.md#extra-scrape-configs, on Debian's real Prometheus (2.42): a config with an
 * extra static job loads, and the job scrapes a target on 127.0.0.1 with its labels and its
 * metric relabelling applied.
 */
describe("extra scrape configs on a real Prometheus", function () {
    it("loads a generated config with an extra static job and scrapes its target on 127.0.0.1", async () => {
        const exporter = await serveExposition("/stats", "# TYPE app_requests_total counter\napp_requests_total 7\n# TYPE app_debug_info gauge\napp_debug_info 1\n");
        const s = settingsWith({
            metrics: {
                scrapeInterval: "1s",
                extraScrapeConfigs: [
                    {
                        job_name: "outside-app",
                        metrics_path: "/stats",
                        static_configs: [{ targets: [exporter.address], labels: { env: "test" } }],
                        metric_relabel_configs: [{ action: "drop", source_labels: ["__name__"], regex: "app_debug_.*" }],
                    },
                ],
            },
        });
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(s);
        const generated = parse(prometheusYml).scrape_configs.find((j: any) => j.job_name === "outside-app");
        // The sandbox turns every job's discovery into file_sd (Debian builds no Kubernetes discovery); this job keeps its own static_configs.
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const job = config.scrape_configs.find((j: any) => j.job_name === "outside-app");
            delete job.file_sd_configs;
            job.static_configs = generated.static_configs;
        });
        promtool("check", "config", sandbox.configFile);
        const prometheus = await PrometheusProcess.start(sandbox.configFile);
        try {
            let up: Awaited<ReturnType<PrometheusProcess["query"]>> = [];
            await prometheus.waitFor(async () => {
                up = await prometheus.query('up{job="outside-app"} == 1');
                return up.length === 1;
            }, "the extra job's target up");
            assert.strictEqual(up[0].metric.env, "test");
            assert.strictEqual(up[0].metric.instance, exporter.address);
            const kept = await prometheus.query('app_requests_total{job="outside-app"}');
            assert.strictEqual(kept[0]?.value[1], "7");
            assert.deepStrictEqual(await prometheus.query('app_debug_info{job="outside-app"}'), [], "metric_relabel_configs dropped the family");
            const limit = await prometheus.query('scrape_samples_scraped{job="outside-app"}');
            assert.strictEqual(limit[0]?.value[1], "2");
        } finally {
            await prometheus.stop();
            await exporter.close();
        }
    });
});
