import { Settings } from "../../config";
import { Sample } from "./cadvisor-scrape";
import { discoveredTarget, generatedPrometheusFiles } from "./generated-config";
import { ExpositionServer, serveExposition } from "./exposition-server";
import { PrometheusProcess, sandboxConfig, SCRAPED_BY_JOB } from "./prometheus";

/** Serves one exposition text at /metrics on 127.0.0.1, as an exporter would. */
export function serveMetrics(body: string): Promise<ExpositionServer> {
    return serveExposition("/metrics", body);
}

export interface JobScrape {
    /** Every series the job stored from its one target, its own up and scrape_* series left out. */
    stored: Sample[];
    samplesScraped: number;
    samplesStored: number;
    targetLabels: Record<string, string>;
    stop: () => Promise<void>;
}

/**
 * Runs one generated job, relabel rules and metric_relabel_configs untouched, on a real
 * Prometheus against one target at `address`: file_sd hands the job the meta labels its
 * Kubernetes discovery would, and a 1s interval makes the first scrape come quickly. In the
 * cluster the exporters sit behind kube-rbac-proxy (TLS and a token); no proxy runs here, so the
 * job speaks plain http to the exporter, as the proxy does to its upstream. tests/rbac-proxy.test.ts
 * checks the TLS and token settings themselves.
 */
export async function scrapeWithJob(settings: Settings, job: string, address: string, meta: Record<string, string>): Promise<JobScrape> {
    const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
    const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
        const j = config.scrape_configs.find((c: any) => c.job_name === job);
        if (j.scheme === "https" && j.tls_config?.insecure_skip_verify === true) {
            j.scheme = "http";
            delete j.tls_config;
            delete j.bearer_token_file;
        }
        j.scrape_interval = "1s";
        j.scrape_timeout = "1s";
    });
    sandbox.setTargets(job, [discoveredTarget(address, meta)]);
    const server = await PrometheusProcess.start(sandbox.configFile);
    try {
        let scraped: any[] = [];
        await server.waitFor(async () => {
            scraped = await server.query(`scrape_samples_post_metric_relabeling{job="${job}"}`);
            return scraped.length === 1;
        }, `the first ${job} scrape`);
        const result = await server.query(`{job="${job}", ${SCRAPED_BY_JOB}}`);
        const samplesScraped = Number((await server.query(`scrape_samples_scraped{job="${job}"}`))[0].value[1]);
        const targetLabels = (await server.targetsOfJob(job, 1)).active[0]?.labels ?? {};
        return {
            stored: result.map((r: any) => {
                const { __name__, ...labels } = r.metric;
                return { name: __name__, labels };
            }),
            samplesScraped,
            samplesStored: Number(scraped[0].value[1]),
            targetLabels,
            stop: () => server.stop(),
        };
    } catch (e) {
        await server.stop();
        throw e;
    }
}

/** The meta labels pod discovery gives a node-exporter pod's metrics port. */
export function nodeExporterPodMeta(namespace: string, podLabels: Record<string, string>, node: string): Record<string, string> {
    const meta: Record<string, string> = {
        namespace,
        pod_name: `node-exporter-${node}`,
        pod_node_name: node,
        pod_container_name: "node-exporter",
        pod_container_port_name: "metrics",
        pod_ready: "true",
        pod_phase: "Running",
    };
    for (const [k, v] of Object.entries(podLabels)) {
        meta[`pod_label_${k.replace(/[^a-zA-Z0-9_]/g, "_")}`] = v;
    }
    return meta;
}

/** The meta labels endpoints discovery gives kube-state-metrics' object-metrics port. */
export function kubeStateMetricsEndpointMeta(namespace: string, service: string, port: string): Record<string, string> {
    return {
        namespace,
        service_name: service,
        endpoint_port_name: port,
        endpoint_ready: "true",
        endpoint_address_target_kind: "Pod",
        endpoint_address_target_name: `${service}-6d4b9c7f9-x2x7q`,
        pod_name: `${service}-6d4b9c7f9-x2x7q`,
        pod_node_name: "node-2",
    };
}
