import { nodeExporterTarget } from "../components/node-exporter/target";
import { kubeStateMetricsTarget } from "../components/kube-state-metrics/target";
import { searchStoreExporterTarget } from "../components/search-store/target";
/**
 * Series per scrape before and after the drop rules of the node-exporter, kubelet and
 * kube-state-metrics jobs, each measured on a real Prometheus scraping its fixture, and the
 * per-node total with the cadvisor job. npm run bench:ingest sets every job beside
 * kube-prometheus' rules. A benchmark, not a test: it prints numbers and asserts nothing.
 *
 *   npm run bench:exporters
 */
import * as fs from "fs";
import { KSM_FIXTURE } from "./generate-kube-state-metrics-fixture";
import { KUBELET_FIXTURE } from "./generate-kubelet-fixture";
import { NODE_EXPORTER_FIXTURE } from "./generate-node-exporter-fixture";
import { ELASTICSEARCH_EXPORTER_FIXTURE } from "./generate-elasticsearch-exporter-fixture";
import { scrapeFixtureWithCadvisorJob } from "../tests/harness/cadvisor-scrape";
import { JobScrape, kubeStateMetricsEndpointMeta, nodeExporterPodMeta, scrapeWithJob, serveMetrics } from "../tests/harness/exporter-scrape";
import { settingsWith } from "../tests/harness/stack-config";

function percent(part: number, whole: number): string {
    return `${((100 * part) / whole).toFixed(1)}%`;
}

async function measure(job: string, file: string, meta: Record<string, string>, settings: Record<string, Record<string, unknown>> = {}): Promise<{ scraped: number; stored: number }> {
    const served = await serveMetrics(fs.readFileSync(file, "utf8"));
    let scrape: JobScrape | undefined;
    try {
        scrape = await scrapeWithJob(settingsWith(settings), job, served.address, meta);
        return { scraped: scrape.samplesScraped, stored: scrape.samplesStored };
    } finally {
        await scrape?.stop();
        await served.close();
    }
}

async function main(): Promise<void> {
    const s = settingsWith();
    const ne = nodeExporterTarget(s.nodeExporter)!;
    const node = await measure("node-exporter", NODE_EXPORTER_FIXTURE, nodeExporterPodMeta(ne.namespace, ne.podLabels, "node-1"));
    const kubelet = await measure("kubelet", KUBELET_FIXTURE, { node_name: "node-1" });
    const t = kubeStateMetricsTarget(s.kubeStateMetrics)!;
    const ksm = await measure("kube-state-metrics", KSM_FIXTURE, kubeStateMetricsEndpointMeta(t.namespace, t.serviceName, t.portName));
    // The in-cluster search store's exporter, whose job exists while the store runs.
    const store = searchStoreExporterTarget(settingsWith({ searchStore: { enabled: true } }).searchStore)!;
    const es = await measure("elasticsearch", ELASTICSEARCH_EXPORTER_FIXTURE, { namespace: store.namespace, service_name: store.serviceName, endpoint_port_name: store.portName, endpoint_ready: "true", endpoint_address_target_kind: "Pod", endpoint_address_target_name: "es-exporter-1", pod_name: "es-exporter-1" }, { searchStore: { enabled: true } });
    const cadvisorScrape = await scrapeFixtureWithCadvisorJob();
    const cadvisor = { scraped: cadvisorScrape.samplesScraped, stored: cadvisorScrape.samplesStored };
    await cadvisorScrape.stop();

    const rows: Array<[string, { scraped: number; stored: number }]> = [
        ["node-exporter (per node)", node],
        ["cadvisor (per node)", cadvisor],
        ["kubelet /metrics (per node)", kubelet],
        ["kube-state-metrics (per cluster)", ksm],
        ["elasticsearch (per store node)", es],
    ];
    console.log("series per scrape on Prometheus (Debian), one scrape of each fixture:");
    console.log(`${"job".padEnd(34)}${"scraped".padStart(10)}${"stored".padStart(10)}${"saved".padStart(10)}${"saved %".padStart(10)}`);
    for (const [name, m] of rows) {
        console.log(`${name.padEnd(34)}${String(m.scraped).padStart(10)}${String(m.stored).padStart(10)}${String(m.scraped - m.stored).padStart(10)}${percent(m.scraped - m.stored, m.scraped).padStart(10)}`);
    }
    const perNode = { scraped: node.scraped + cadvisor.scraped + kubelet.scraped, stored: node.stored + cadvisor.stored + kubelet.stored };
    console.log(
        `\nper node, node-exporter + cadvisor + kubelet: ${perNode.scraped} scraped, ${perNode.stored} stored (${percent(perNode.scraped - perNode.stored, perNode.scraped)} saved).` +
            "\nkube-proxy, the fourth per-node job, is counted by npm run bench:ingest." +
            "\nkube-state-metrics runs once per cluster: its fixture is a small cluster (3 nodes, 8 pods, 2 Deployments with 3 ReplicaSets each).",
    );
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
