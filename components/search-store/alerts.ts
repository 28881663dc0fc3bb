import { RuleGroup } from "../common/rules/types";
import { SEARCH_STORE_FLAVOURS, SearchStoreKind } from "../../config/search-store";

const job = 'job="elasticsearch"';
const node = "Node {{ $labels.name }} of the search store {{ $labels.es_cluster }}";
/** Usage against a watermark, given as a ratio of the disk (the default) or as free bytes. */
const aboveWatermark = (watermark: "high" | "flood_stage") =>
    `(1 - elasticsearch_filesystem_data_available_bytes{${job}} / elasticsearch_filesystem_data_size_bytes{${job}}) ` +
    `> on (namespace, pod) group_left () elasticsearch_clustersettings_allocation_watermark_${watermark}_ratio{${job}} ` +
    `or elasticsearch_filesystem_data_available_bytes{${job}} ` +
    `< on (namespace, pod) group_left () elasticsearch_clustersettings_allocation_watermark_${watermark}_bytes{${job}}`;

/**
 * The in-cluster store, Elasticsearch OSS or OpenSearch, through elasticsearch_exporter (job
 * elasticsearch), while the store and its exporter run. The exporter serves the same families for
 * both (docs/log-store.md#the-exporter), so the expressions are the same and only the
 * descriptions name the store and its UI; the alerts keep their names, so routes and silences on
 * them carry over a move to OpenSearch. Thresholds: the store's own disk watermarks, read from its
 * cluster settings; heap above 90 % for 15 minutes as in the exporter's example rules.
 */
export function searchStoreGroup(kind: SearchStoreKind = "elasticsearch-oss"): RuleGroup {
    const { product, ui } = SEARCH_STORE_FLAVOURS[kind];
    return {
        name: "search-store",
        rules: [
            {
                alert: "ElasticsearchExporterDown",
                expr: `absent(up{${job}} == 1)`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The search store's exporter is unreachable.",
                    description: "No elasticsearch target has answered a scrape for 15 minutes; the search store's health is not watched.",
                },
            },
            {
                alert: "ElasticsearchDown",
                expr: `elasticsearch_scrape_success{${job},collector="cluster-info"} == 0`,
                for: "10m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The search store does not answer.",
                    description: `The exporter {{ $labels.namespace }}/{{ $labels.pod }} has not reached ${product} for 10 minutes; logs are not stored and ${ui} shows nothing new.`,
                },
            },
            {
                alert: "ElasticsearchClusterRed",
                expr: `elasticsearch_cluster_health_status{${job},color="red"} == 1`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The search store is red.",
                    description: "Search store {{ $labels.es_cluster }} has had a primary shard unassigned for 5 minutes; writes to its index fail and its logs cannot be searched.",
                },
            },
            {
                alert: "ElasticsearchClusterYellow",
                // The log indices' template gives them only the replicas the store's nodes can
                // place (components/index-template), so a one-node store is green and yellow is a fault.
                expr: `elasticsearch_cluster_health_status{${job},color="yellow"} == 1`,
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The search store has been yellow for an hour.",
                    description:
                        "Search store {{ $labels.es_cluster }} has had replica shards unassigned for an hour: an index asks for more copies than the store has nodes to place them on, " +
                        "or a node lost them. GET _cluster/allocation/explain names the shard and why.",
                },
            },
            {
                alert: "ElasticsearchDiskAboveHighWatermark",
                expr: aboveWatermark("high"),
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The search store's disk is above the high watermark.",
                    description: `${node} has used more of its data disk than the high watermark allows for 15 minutes; ${product} allocates no more shards there. Lower logs retention or grow the volume.`,
                },
            },
            {
                alert: "ElasticsearchDiskAtFloodStage",
                expr: aboveWatermark("flood_stage"),
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The search store's disk is at the flood stage.",
                    description: `${node} has passed the flood-stage watermark for 5 minutes; ${product} makes its indices read-only and the log agent's writes are refused.`,
                },
            },
            {
                alert: "ElasticsearchHeapHigh",
                expr: `elasticsearch_jvm_memory_used_bytes{${job},area="heap"} / elasticsearch_jvm_memory_max_bytes{${job},area="heap"} > 0.9`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The search store's heap is nearly full.",
                    description: `${node} has used more than 90 % of its heap for 15 minutes; its circuit breakers will refuse requests. Raise searchStore.heapSize with its memory limit.`,
                },
            },
        ],
    };
}
