import { blackboxTarget } from "../components/blackbox-exporter/target";
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import { parse, stringify } from "yaml";
import { BLACKBOX_BINARY, BlackboxProcess } from "./harness/blackbox-process";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { ANNOTATED_PROBE_JOB } from "../components/blackbox-exporter/layout";

/**
 * Probes for real: Debian's blackbox exporter (0.23; the image is 0.29, and the modules use only
 * keys both read) loads the generated modules file, and a real Prometheus sends the generated
 * probe jobs through it to an HTTP server on 127.0.0.1, while the server answers and after it
 * stops. The sandbox points the jobs' exporter address at the local exporter, keeps the listed
 * probe's static target, and feeds the annotated probe job Service meta labels through file_sd.
 */
describe("blackbox exporter: the generated modules file", () => {
    it("passes the exporter's own --config.check", () => {
        const out = execFileSync(BLACKBOX_BINARY, [`--config.file=${BlackboxProcess.configFile()}`, "--config.check"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        assert.ok(out !== undefined);
    });

    it("a module with a key the exporter does not know fails --config.check, so the check can fail", () => {
        const file = BlackboxProcess.configFile();
        fs.writeFileSync(file, stringify({ modules: { http_2xx: { prober: "http", http: { method: "GET", preferred_ip_protcol: "ip4" } } } }));
        assert.throws(() => execFileSync(BLACKBOX_BINARY, [`--config.file=${file}`, "--config.check"], { stdio: "ignore" }));
    });
});

describe("probes on a real Prometheus through a real blackbox exporter", function () {
    let web: http.Server | undefined;
    let exporter: BlackboxProcess | undefined;
    let server: PrometheusProcess | undefined;
    let target = "";

    before(async () => {
        web = http.createServer((req, res) => res.writeHead(req.url === "/healthz" ? 200 : 404).end("ok"));
        await new Promise<void>((r) => web!.listen(0, "127.0.0.1", r));
        const port = (web.address() as { port: number }).port;
        target = `http://127.0.0.1:${port}/healthz`;
        exporter = await BlackboxProcess.start();

        const settings = settingsWith({
            metrics: { scrapeInterval: "1s", evaluationInterval: "1s", annotationDiscovery: { namespaces: ["demo"] } },
            blackboxExporter: { enabled: true, probes: [{ name: "web", target, interval: "1s" }] },
        });
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const original = parse(prometheusYml);
        // ProbeFailing waits 5 minutes (its promtool cases prove that); here it may fire at once.
        const rules = Object.fromEntries(
            Object.entries(ruleFiles).map(([name, text]) => {
                const doc = parse(text);
                for (const g of doc?.groups ?? []) for (const r of g.rules) if (r.alert === "ProbeFailing") r.for = "0s";
                return [name, stringify(doc)];
            }),
        );
        const sandbox = sandboxConfig(prometheusYml, rules, (config) => {
            for (const job of config.scrape_configs) {
                for (const rule of job.relabel_configs ?? []) {
                    if (rule.target_label === "__address__" && rule.replacement === blackboxTarget(settings.blackboxExporter)!.address) {
                        rule.replacement = exporter!.address;
                    }
                }
                if (job.job_name === "web") {
                    job.static_configs = original.scrape_configs.find((j: any) => j.job_name === "web").static_configs;
                    delete job.file_sd_configs;
                }
            }
        });
        sandbox.setTargets(ANNOTATED_PROBE_JOB, [
            discoveredTarget(`web.demo.svc:${port}`, { namespace: "demo", service_name: "web", service_annotation_prometheus_io_probe: "true", service_annotation_prometheus_io_path: "/healthz" }),
            discoveredTarget(`db.demo.svc:5432`, { namespace: "demo", service_name: "db", service_annotation_prometheus_io_probe: "true", service_annotation_prometheus_io_probe_module: "tcp_connect" }),
            discoveredTarget(`plain.demo.svc:80`, { namespace: "demo", service_name: "plain" }),
            // As role ingress gives an annotated Ingress's rule (2.53+ lines discover them).
            discoveredTarget("shop.invalid", { namespace: "demo", ingress_name: "shop", ingress_scheme: "https", ingress_path: "/cart", ingress_annotation_prometheus_io_probe: "true" }),
        ]);
        server = await PrometheusProcess.start(sandbox.configFile);
    });
    after(async () => {
        await server?.stop();
        await exporter?.stop();
        await new Promise((r) => (web?.listening ? web.close(r) : r(undefined)));
    });

    it("the listed probe: instance is the probed URL, scraped through the exporter's /probe with its module", async () => {
        const { active } = await server!.targetsOfJob("web", 1);
        assert.deepStrictEqual(active.map((t) => t.labels), [{ instance: target, job: "web" }]);
        const url = new URL((active[0] as any).scrapeUrl);
        assert.strictEqual(url.host, exporter!.address);
        assert.strictEqual(url.pathname, "/probe");
        assert.deepStrictEqual(Object.fromEntries(url.searchParams), { module: "http_2xx", target });
    });

    it("annotated Services and Ingresses: probed at their service address and path (tcp_connect when annotated so), or the Ingress's URL; others left alone", async () => {
        const { active, dropped } = await server!.targetsOfJob(ANNOTATED_PROBE_JOB, 4);
        const params = Object.fromEntries(active.map((t) => [t.labels.service ?? `ingress ${t.labels.ingress}`, Object.fromEntries(new URL((t as any).scrapeUrl).searchParams)]));
        const port = (web!.address() as { port: number }).port;
        assert.deepStrictEqual(params, {
            web: { module: "http_2xx", target: `http://web.demo.svc:${port}/healthz` },
            db: { module: "tcp_connect", target: "db.demo.svc:5432" },
            "ingress shop": { module: "http_2xx", target: "https://shop.invalid/cart" },
        });
        assert.deepStrictEqual(active.map((t) => t.labels.instance).sort(), ["db.demo.svc:5432", `http://web.demo.svc:${port}/healthz`, "https://shop.invalid/cart"]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__meta_kubernetes_service_name), ["plain"]);
    });

    it("probe_success is 1 while the server answers, 0 after it stops, and ProbeFailing fires on that series", async () => {
        const success = async () => (await server!.query(`probe_success{job="web"}`))[0]?.value[1];
        await server!.waitFor(async () => (await success()) === "1", "probe_success 1");
        const code = await server!.query(`probe_http_status_code{job="web"}`);
        assert.strictEqual(code[0].value[1], "200");
        await new Promise((r) => web!.close(r));
        await server!.waitFor(async () => (await success()) === "0", "probe_success 0 after the server stopped");
        await server!.waitFor(
            async () => (await server!.query(`ALERTS{alertname="ProbeFailing",alertstate="firing",job="web"}`)).some((r) => r.metric.instance === target),
            "ProbeFailing firing for the stopped server",
        );
    });
});
