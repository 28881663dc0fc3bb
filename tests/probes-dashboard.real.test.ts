import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as https from "https";
import * as path from "path";
import { parse } from "yaml";
import { dashboardsFor } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { BlackboxProcess } from "./harness/blackbox-process";
import { prometheusQueries, queryVariables } from "./harness/dashboards";
import { CLUSTER_VARIABLE } from "../components/common/dashboards/cluster-variable";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, sandboxConfig, tempDir } from "./harness/prometheus";
import { fillVariables, labelValuesQuery } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";

/** A throwaway CA-less certificate for 127.0.0.1, so the exporter can verify it once told to trust it. */
function loopbackCertificate(): { cert: string; key: string; certFile: string } {
    const dir = tempDir("probe-tls");
    const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-days", "30", "-keyout", keyFile, "-out", certFile],
        { stdio: "ignore" },
    );
    return { cert: fs.readFileSync(certFile, "utf8"), key: fs.readFileSync(keyFile, "utf8"), certFile };
}

/**
 * The Probes dashboard on real data, like tests/grafana-dashboards.real.test.ts does for the
 * others: Debian's blackbox exporter probes a real https server on 127.0.0.1 (its certificate
 * trusted through SSL_CERT_FILE, so the TLS series exist) through the generated probe job, and
 * every panel query, with its variables filled from the data, returns series.
 */
describe("Grafana's Probes dashboard on real data: no panel is empty", function () {
    const closers: Array<() => Promise<void>> = [];
    let prom: PrometheusProcess | undefined;
    let target = "";
    const settingsFor = (t: string) =>
        settingsWithGrafana({ metrics: { scrapeInterval: "1s" }, blackboxExporter: { enabled: true, probes: [{ name: "secure", target: t, interval: "1s" }] } });
    let dashboard: ReturnType<typeof dashboardsFor>[number] | undefined;

    before(async () => {
        const tls = loopbackCertificate();
        const server = https.createServer({ cert: tls.cert, key: tls.key }, (_req, res) => res.writeHead(200).end("ok"));
        await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
        closers.push(() => new Promise((r) => server.close(() => r())));
        target = `https://127.0.0.1:${(server.address() as { port: number }).port}/`;
        const exporter = await BlackboxProcess.start({ SSL_CERT_FILE: tls.certFile });
        closers.push(() => exporter.stop());
        const settings = settingsFor(target);
        dashboard = dashboardsFor(settings, PROJECT).find((d) => d.json.title === "Probes");
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const original = parse(prometheusYml);
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const job = config.scrape_configs.find((j: any) => j.job_name === "secure");
            job.static_configs = original.scrape_configs.find((j: any) => j.job_name === "secure").static_configs;
            delete job.file_sd_configs;
            for (const rule of job.relabel_configs) {
                if (rule.target_label === "__address__") rule.replacement = exporter.address;
            }
        });
        prom = await PrometheusProcess.start(sandbox.configFile);
        closers.push(() => prom!.stop());
        await prom.waitFor(async () => (await prom!.query('count_over_time(probe_success{job="secure"}[1m]) >= 3')).length === 1, "three probes");
    });

    after(async () => {
        for (const close of closers.reverse()) await close();
    });

    it("exists exactly while the blackbox exporter is on", () => {
        assert.ok(dashboard, "the Probes dashboard is generated");
        assert.ok(!dashboardsFor(settingsWithGrafana(), PROJECT).some((d) => d.json.title === "Probes"));
    });

    it("the probe succeeded over verified TLS", async () => {
        const [success] = await prom!.query('probe_success{job="secure"}');
        assert.deepStrictEqual([success.metric.instance, success.value[1]], [target, "1"]);
    });

    it("every panel query, with $job filled in from the data, returns series", async () => {
        const values: Record<string, string> = {};
        // $cluster stays "", as on any Prometheus (tests/grafana-dashboards.real.test.ts proves it).
        for (const v of queryVariables(dashboard!).filter((v) => v.name !== CLUSTER_VARIABLE)) {
            const { selector, label } = labelValuesQuery(v.query);
            const options = (await prom!.query(`count by (${label}) (${fillVariables(selector, values)})`)).map((r) => r.metric[label]);
            assert.deepStrictEqual(options, ["secure"], v.name);
            values[v.name] = v.includeAll ? v.allValue! : options[0];
        }
        const queries = prometheusQueries([dashboard!]);
        assert.strictEqual(queries.length, 8);
        const empty: string[] = [];
        for (const q of queries) {
            if ((await prom!.query(fillVariables(q.expr, values))).length === 0) empty.push(`${q.panel}: ${q.expr}`);
        }
        assert.deepStrictEqual(empty, []);
    });

    it("a panel on a family no module produces (icmp) would be empty: the check can fail", async () => {
        assert.strictEqual((await prom!.query('max by (instance) (probe_icmp_duration_seconds{job=~".+"})')).length, 0);
    });
});
