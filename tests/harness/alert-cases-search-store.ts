import { AlertCases, s, text, bounded } from "./alert-case-format";

/**
 * The search store's alerts (components/search-store/alerts.ts), each at its boundary as
 * tests/alert-boundaries.real.test.ts moves it, for either store kind. The exporter serves the
 * same families for both (scripts/generate-elasticsearch-exporter-fixture.ts); only label values
 * differ: OpenSearch's node reports cluster_manager, which the exporter's getRoles does not know,
 * so es_master_node is "false", and its data path is the OpenSearch image's.
 */

/** `value` at every minute from 0 to `minutes`, in promtool's notation. */
const flat = (value: number | string, minutes = 90) => `${value}+0x${minutes}`;

const NODE_DIFFERENCES = {
    "elasticsearch-oss": { es_master_node: "true", dataDir: "/usr/share/elasticsearch/data" },
    opensearch: { es_master_node: "false", dataDir: "/usr/share/opensearch/data" },
} as const;

export function searchStoreAlertCases(store: keyof typeof NODE_DIFFERENCES): Record<string, AlertCases> {
    const esLabels = {
        job: "elasticsearch",
        namespace: "kube-system",
        pod: "elasticsearch-logging-exporter-6c9f7-abcde",
        service: "elasticsearch-logging-exporter",
        endpoint: "http",
        instance: "10.244.0.9:9114",
    };
    const es = text(esLabels);
    const esClusterLabels = { ...esLabels, es_cluster: "elasticsearch-logging" };
    const { es_master_node, dataDir } = NODE_DIFFERENCES[store];
    const esNodeLabels = { ...esClusterLabels, host: "10.244.0.7", name: "elasticsearch-logging-0", es_master_node, es_data_node: "true", es_ingest_node: "true", es_client_node: "true" };
    const esFsLabels = { ...esNodeLabels, mount: `${dataDir} (/dev/sda1)`, path: `${dataDir}/nodes/0` };
    const esFs = text(esFsLabels);
    /** The data disk's size and available bytes, and a watermark setting, as the exporter serves them. */
    const esDisk = (available: string, setting: string, value: string) => [
        s(`elasticsearch_filesystem_data_size_bytes{${esFs}}`, "100+0x40"),
        s(`elasticsearch_filesystem_data_available_bytes{${esFs}}`, `${available}+0x40`),
        s(`elasticsearch_clustersettings_allocation_watermark_${setting}{${es}}`, `${value}+0x40`),
    ];
    return {
        ElasticsearchExporterDown: bounded({
            fires: { series: [s(`up{${es}}`, flat(0, 30))], at: "15m", labels: {} },
            silent: { series: [s(`up{${es}}`, flat(1, 30))], at: "15m" },
        }),
        ElasticsearchDown: bounded({
            fires: { series: [s(`elasticsearch_scrape_success{${es},collector="cluster-info"}`, flat(0, 20))], at: "10m", labels: { ...esLabels, collector: "cluster-info" } },
            silent: { series: [s(`elasticsearch_scrape_success{${es},collector="cluster-info"}`, flat(1, 20))], at: "10m" },
        }),
        ElasticsearchClusterRed: bounded({
            fires: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="red"}`, flat(1, 20))], at: "5m", labels: { ...esClusterLabels, color: "red" } },
            silent: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="red"}`, flat(0, 20))], at: "5m" },
        }),
        ElasticsearchClusterYellow: bounded({
            // A one-node store: with the log indices' template it is green, so yellow there is a fault too.
            fires: {
                series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="yellow"}`, flat(1, 100))],
                at: "60m",
                labels: { ...esClusterLabels, color: "yellow" },
            },
            silent: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="yellow"}`, flat(0, 100))], at: "60m" },
            scenarios: [
                {
                    // Yellow for less than the hour: replicas being placed after a restart.
                    name: "yellow for 40 minutes",
                    fires: false,
                    case: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="yellow"}`, "0+0x40 1+0x40")], at: "80m" },
                },
            ],
        }),
        // 91 % and 89 % of the data disk used, against a high watermark of 90 %.
        ElasticsearchDiskAboveHighWatermark: bounded({
            fires: { series: esDisk("9", "high_ratio", "0.9"), at: "15m", labels: esFsLabels },
            silent: { series: esDisk("11", "high_ratio", "0.9"), at: "15m" },
        }),
        ElasticsearchDiskAtFloodStage: bounded({
            // A watermark written as bytes means free space: 3 bytes left, 4 required.
            fires: { series: esDisk("3", "flood_stage_bytes", "4"), at: "5m", labels: esFsLabels },
            silent: { series: esDisk("5", "flood_stage_bytes", "4"), at: "5m" },
            scenarios: [{ name: "below a ratio watermark", fires: false, case: { series: esDisk("3", "flood_stage_ratio", "0.99"), at: "5m" } }],
        }),
        // 92 % and 88 % of the heap used.
        ElasticsearchHeapHigh: bounded({
            fires: {
                series: [s(`elasticsearch_jvm_memory_used_bytes{${text(esNodeLabels)},area="heap"}`, flat(92, 40)), s(`elasticsearch_jvm_memory_max_bytes{${text(esNodeLabels)},area="heap"}`, flat(100, 40))],
                at: "15m",
                labels: { ...esNodeLabels, area: "heap" },
            },
            silent: {
                series: [s(`elasticsearch_jvm_memory_used_bytes{${text(esNodeLabels)},area="heap"}`, flat(88, 40)), s(`elasticsearch_jvm_memory_max_bytes{${text(esNodeLabels)},area="heap"}`, flat(100, 40))],
                at: "15m",
            },
        }),
    };
}
