import * as fs from "fs";
import { ExpositionServer, serveExposition } from "./exposition-server";
import * as path from "path";
import { discoveredTarget, generatedPrometheusFiles } from "./generated-config";
import { PrometheusProcess, sandboxConfig, SCRAPED_BY_JOB } from "./prometheus";
import { settingsWith } from "./stack-config";

export const CADVISOR_FIXTURE = path.join(__dirname, "..", "fixtures", "cadvisor-metrics.txt");

export interface Sample {
    name: string;
    labels: Record<string, string>;
}

/**
 * Parses the text exposition format without timestamps. Label values may hold the format's
 * escapes (\\, \" and \n), as a real exporter's node_uname_info or filesystem labels can.
 */
export function parseExposition(text: string): Sample[] {
    const samples: Sample[] = [];
    for (const line of text.split("\n")) {
        if (line === "" || line.startsWith("#")) continue;
        const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? \S+$/.exec(line);
        if (!match) throw new Error(`cannot parse fixture line: ${line}`);
        const labels: Record<string, string> = {};
        for (const pair of (match[3] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
            labels[pair[1]] = pair[2].replace(/\\(.)/g, (_, c) => (c === "n" ? "\n" : c));
        }
        samples.push({ name: match[1], labels });
    }
    return samples;
}

/** Serves one file at /metrics/cadvisor on 127.0.0.1, like a kubelet would serve its payload. */
export function serveFixture(body: string): Promise<ExpositionServer> {
    return serveExposition("/metrics/cadvisor", body);
}

export interface CadvisorScrape {
    server: PrometheusProcess;
    stored: Sample[];
    samplesScraped: number;
    samplesStored: number;
    stop: () => Promise<void>;
}

/**
 * Runs the generated cadvisor job, with its metric_relabel_configs untouched, against the fixture
 * on a real Prometheus. Only what a sandbox needs changes: plain http to the local file server
 * instead of https to a kubelet, and a 1s interval so the first scrape comes quickly.
 */
export async function scrapeFixtureWithCadvisorJob(): Promise<CadvisorScrape> {
    const fixture = await serveFixture(fs.readFileSync(CADVISOR_FIXTURE, "utf8"));
    let server: PrometheusProcess | undefined;
    try {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith());
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const job = config.scrape_configs.find((j: any) => j.job_name === "cadvisor");
            job.scheme = "http";
            delete job.tls_config;
            delete job.bearer_token_file;
            job.scrape_interval = "1s";
            job.scrape_timeout = "1s";
        });
        sandbox.setTargets("cadvisor", [discoveredTarget(fixture.address, { node_name: "node-1" })]);
        server = await PrometheusProcess.start(sandbox.configFile);
        const running = server;
        let scraped: any[] = [];
        await running.waitFor(async () => {
            scraped = await running.query('scrape_samples_post_metric_relabeling{job="cadvisor"}');
            return scraped.length === 1;
        }, "the first cadvisor scrape");
        // One scrape is in the head block now; everything the job stored carries job="cadvisor".
        const result = await running.query(`{job="cadvisor", ${SCRAPED_BY_JOB}}`);
        const samplesScraped = Number((await running.query('scrape_samples_scraped{job="cadvisor"}'))[0].value[1]);
        const stored = result.map((r: any) => {
            const { __name__, ...labels } = r.metric;
            return { name: __name__, labels };
        });
        return {
            server: running,
            stored,
            samplesScraped,
            samplesStored: Number(scraped[0].value[1]),
            stop: async () => {
                await running.stop();
                await fixture.close();
            },
        };
    } catch (e) {
        await server?.stop();
        await fixture.close();
        throw e;
    }
}
