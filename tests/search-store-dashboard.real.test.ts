import { searchStoreExporterTarget } from "../components/search-store/target";
import * as assert from "assert";
import * as fs from "fs";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { exporterFixture, StoreFlavour } from "../scripts/generate-elasticsearch-exporter-fixture";
import { prometheusQueries } from "./harness/dashboards";
import { serveExposition } from "./harness/exposition-server";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { fillVariables } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";
import { Settings } from "../config";

/** The stack of each store kind, with its exporter on (the default for both). */
const STACKS: Record<StoreFlavour, () => Settings> = {
    "elasticsearch-oss": () => settingsWithGrafana({ searchStore: { enabled: true } }),
    opensearch: () =>
        settingsWithGrafana({
            logs: { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } },
            searchStore: { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } },
        }),
};

/**
 * The Search store board on real data for each store: a real Prometheus runs the stack's own
 * elasticsearch job (its relabel and drop rules untouched) against the exporter's fixture for
 * that store (scripts/generate-elasticsearch-exporter-fixture.ts, written from elasticsearch_exporter's
 * source at v1.11.0; nothing of OpenSearch runs here), and every panel query returns series. Only
 * that job runs, and both stores' Prometheus start together, so this adds one Prometheus start and
 * two scrapes of wall time.
 */
describe("the Search store board on real data, for both stores: no panel is empty", function () {
    const closers: Array<() => Promise<void>> = [];
    const proms: Partial<Record<StoreFlavour, PrometheusProcess>> = {};
    const boards: Partial<Record<StoreFlavour, GeneratedDashboard>> = {};

    before(async () => {
        await Promise.all(
            (Object.keys(STACKS) as StoreFlavour[]).map(async (store) => {
                const settings = STACKS[store]();
                assert.strictEqual(settings.searchStore.kind, store);
                boards[store] = dashboardsFor(settings, PROJECT).find((d) => d.json.uid === "cm-search-store");
                const served = await serveExposition("/metrics", fs.readFileSync(exporterFixture(store), "utf8"));
                closers.push(served.close);
                const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
                const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
                    config.scrape_configs = config.scrape_configs.filter((j: any) => j.job_name === "elasticsearch");
                    config.scrape_configs[0].scrape_interval = "1s";
                    config.scrape_configs[0].scrape_timeout = "1s";
                    config.rule_files = [];
                    delete config.alerting;
                });
                const t = searchStoreExporterTarget(settings.searchStore)!;
                const pod = `${t.serviceName}-6c9f7-abcde`;
                sandbox.setTargets("elasticsearch", [
                    discoveredTarget(served.address, { namespace: t.namespace, service_name: t.serviceName, endpoint_port_name: t.portName, endpoint_ready: "true", endpoint_address_target_kind: "Pod", endpoint_address_target_name: pod, pod_name: pod }),
                ]);
                const prom = await PrometheusProcess.start(sandbox.configFile);
                closers.push(() => prom.stop());
                await prom.waitFor(async () => (await prom.query('count_over_time(up{job="elasticsearch"}[1m]) >= 2')).length === 1, "two scrapes, which every rate needs");
                proms[store] = prom;
            }),
        );
    });

    after(async () => {
        for (const close of closers.reverse()) await close();
    });

    for (const store of Object.keys(STACKS) as StoreFlavour[]) {
        it(`${store}: the board exists, and every panel query returns series`, async () => {
            const board = boards[store];
            assert.ok(board, "the Search store board is generated");
            const empty: string[] = [];
            const queries = prometheusQueries([board!]);
            for (const q of queries) {
                if ((await proms[store]!.query(fillVariables(q.expr, { __rate_interval: "1m" }))).length === 0) empty.push(`${q.panel} / ${q.refId}: ${q.expr}`);
            }
            assert.deepStrictEqual(empty, []);
            assert.ok(queries.length >= 15, `${queries.length} queries`);
        });
    }

    it("each Prometheus scraped its own store's exporter: OpenSearch's node reports no master role, and its version", async () => {
        const version = async (store: StoreFlavour) => (await proms[store]!.query('elasticsearch_version{job="elasticsearch"}')).map((r) => r.metric.version);
        assert.deepStrictEqual(await version("opensearch"), ["3.6.0"]);
        assert.deepStrictEqual(await version("elasticsearch-oss"), ["7.10.2"]);
        const master = async (store: StoreFlavour) => [...new Set((await proms[store]!.query('elasticsearch_jvm_memory_max_bytes{job="elasticsearch"}')).map((r) => r.metric.es_master_node))];
        assert.deepStrictEqual([await master("opensearch"), await master("elasticsearch-oss")], [["false"], ["true"]]);
    });
});
