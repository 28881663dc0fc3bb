import { PrometheusDashboardSpec } from "../common/dashboards/panels";

const job = 'job="elasticsearch"';
const rate = (family: string) => `rate(${family}{${job}}[$__rate_interval])`;

/**
 * The in-cluster store, Elasticsearch OSS or OpenSearch, through elasticsearch_exporter (job
 * elasticsearch): health, disk against its watermarks, heap, and the log records it takes in.
 * Each query reads a family the job keeps (components/search-store/exporter-families.ts), which
 * the exporter serves alike for both stores; tests/search-store-dashboard.real.test.ts runs the
 * board on each store's fixture.
 */
export const searchStoreDashboard: PrometheusDashboardSpec = {
    uid: "cm-search-store",
    folder: "logs",
    title: "Search store",
    description: "The in-cluster log store (Elasticsearch OSS or OpenSearch): cluster health, shards, disk and watermarks, heap, garbage collection, records indexed and rejected",
    needs: ["elasticsearch"],
    variables: [],
    panels: [
        {
            title: "Cluster health",
            description: "green, yellow (replicas unassigned: an index asks for more copies than the store has nodes) or red (a primary unassigned)",
            unit: "short",
            kind: "stat",
            needs: ["elasticsearch"],
            queries: [{ expr: `max by (es_cluster, color) (elasticsearch_cluster_health_status{${job}}) == 1`, legend: "{{color}}" }],
        },
        {
            title: "Shards",
            description: "Active shards, and shards no node holds",
            unit: "short",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [
                { expr: `max by (es_cluster) (elasticsearch_cluster_health_active_shards{${job}})`, legend: "active" },
                { expr: `max by (es_cluster) (elasticsearch_cluster_health_unassigned_shards{${job}})`, legend: "unassigned" },
            ],
        },
        {
            title: "Data disk used",
            description: "The share of the data volume in use, against the high and flood-stage watermarks (at the flood stage indices turn read-only)",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [
                { expr: `1 - sum by (name) (elasticsearch_filesystem_data_available_bytes{${job}}) / sum by (name) (elasticsearch_filesystem_data_size_bytes{${job}})`, legend: "{{name}}" },
                { expr: `max(elasticsearch_clustersettings_allocation_watermark_high_ratio{${job}})`, legend: "high watermark" },
                { expr: `max(elasticsearch_clustersettings_allocation_watermark_flood_stage_ratio{${job}})`, legend: "flood stage" },
            ],
        },
        {
            title: "Index size",
            description: "What the indices take on the data volume",
            unit: "bytes",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name) (elasticsearch_indices_store_size_bytes{${job}})`, legend: "{{name}}" }],
        },
        {
            title: "Heap",
            description: "JVM heap in use and its maximum (searchStore.heapSize)",
            unit: "bytes",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [
                { expr: `sum by (name) (elasticsearch_jvm_memory_used_bytes{${job},area="heap"})`, legend: "{{name}} used" },
                { expr: `sum by (name) (elasticsearch_jvm_memory_max_bytes{${job},area="heap"})`, legend: "{{name}} max" },
            ],
        },
        {
            title: "Garbage collection",
            description: "Share of time the JVM spends collecting, by collector",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name, gc) (rate(elasticsearch_jvm_gc_collection_seconds_sum{${job}}[$__rate_interval]))`, legend: "{{name}} {{gc}}" }],
        },
        {
            title: "Records indexed",
            description: "Documents written per second: the log agent's records arriving",
            unit: "short",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name) (rate(elasticsearch_indices_indexing_index_total{${job}}[$__rate_interval]))`, legend: "{{name}}" }],
        },
        {
            title: "Documents",
            description: "Documents held, across the daily log indices",
            unit: "short",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name) (elasticsearch_indices_docs{${job}})`, legend: "{{name}}" }],
        },
        {
            title: "Rejected writes",
            description: "Bulk requests the write thread pool turned away per second; the log agent retries them",
            unit: "short",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name) (rate(elasticsearch_thread_pool_rejected_count{${job},type="write"}[$__rate_interval]))`, legend: "{{name}}" }],
        },
        {
            title: "Indexing memory against its limit",
            description:
                "Bytes of indexing requests in flight, as a share of the node's indexing pressure limit (10 % of the heap by default): " +
                "at the limit the store rejects new bulk requests (429), and the write pool's rejections do not count them",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [
                {
                    expr: `sum by (name) (elasticsearch_indexing_pressure_current_all_in_bytes{${job}}) / sum by (name) (elasticsearch_indexing_pressure_limit_in_bytes{${job}})`,
                    legend: "{{name}}",
                },
            ],
        },
        {
            title: "Indexing time per record",
            description: "Time spent indexing, per record indexed: a store that slows down takes longer for each",
            unit: "s",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [
                {
                    expr: `sum by (name) (${rate("elasticsearch_indices_indexing_index_time_seconds_total")}) / sum by (name) (${rate("elasticsearch_indices_indexing_index_total")})`,
                    legend: "{{name}}",
                },
            ],
        },
        {
            title: "Indexing throttled",
            description: "Seconds of indexing throttled per second, summed over the node's shards: the store slows indexing down while segment merges fall behind",
            unit: "short",
            kind: "timeseries",
            needs: ["elasticsearch"],
            queries: [{ expr: `sum by (name) (${rate("elasticsearch_indices_indexing_throttle_time_seconds_total")})`, legend: "{{name}}" }],
        },
    ],
};
