/**
 * Writes tests/fixtures/elasticsearch-exporter-metrics.txt and opensearch-exporter-metrics.txt:
 * what elasticsearch_exporter v1.11.0 serves at /metrics with the flags of
 * components/search-store/exporter.ts (--es.all, --collector.clustersettings, no --es.indices) in
 * front of each in-cluster store, a one-node cluster named elasticsearch-logging: Elasticsearch OSS
 * 7.10.2, or OpenSearch 3.6.0. No exporter, Elasticsearch or OpenSearch runs in the tests, so the
 * families, their types and label names are transcribed below from the exporter's own source at
 * tag v1.11.0 (prometheus-community/elasticsearch_exporter):
 * - collector/nodes.go: the node families (defaultNodeLabels and the breaker, thread pool,
 *   filesystem, cache, GC, memory-pool and indexing-pressure label sets) and elasticsearch_nodes_roles;
 * - collector/cluster_health.go: elasticsearch_cluster_health_* with label cluster, status with color;
 * - collector/cluster_info.go: elasticsearch_version; collector/cluster_settings.go: the
 *   clustersettings families (a watermark comes as _ratio or as _bytes, as the setting is written;
 *   7.10's defaults 85 %, 90 % and 95 % give the ratios);
 * - collector/collector.go: elasticsearch_scrape_duration_seconds and _success per collector
 *   (cluster-info, clustersettings); pkg/clusterinfo: elasticsearch_clusterinfo_*;
 * - main.go: client_golang's version, Go, process and promhttp collectors.
 * Label values are what each store reports for one node (its breakers, thread pools, GC collectors
 * and roles; FLAVOURS says where each differs); sample values are made up but plausible for a
 * 512m heap on a 5Gi volume, and each counter is positive so that every rate has data. The
 * families are the same for both stores: nodes.go decodes _nodes/stats into the same structs
 * (fields a store lacks decode as zero, fields it adds are ignored), and OpenSearch answers each
 * of the four requests with the objects those structs read (docs/log-store.md#the-exporter).
 *
 *   npm run fixture:elasticsearch-exporter
 */
import * as fs from "fs";
import * as path from "path";

export const ELASTICSEARCH_EXPORTER_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "elasticsearch-exporter-metrics.txt");
export const OPENSEARCH_EXPORTER_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "opensearch-exporter-metrics.txt");

type Labels = Record<string, string>;
interface Series {
    labels: Labels;
    value: number;
}
interface Family {
    name: string;
    type: "counter" | "gauge";
    series: Series[];
}

const CLUSTER = "elasticsearch-logging";
const GIB = 1024 ** 3;

export type StoreFlavour = "elasticsearch-oss" | "opensearch";

/**
 * Where the two stores' answers differ for the exporter. The node's roles: OpenSearch 2 and later
 * report cluster_manager where Elasticsearch reports master, and getRoles in nodes.go knows only
 * master, so es_master_node is "false" and role="cluster_manager" is added at 0. Breakers and
 * thread pools: each store's own (OpenSearch: HierarchyCircuitBreakerService has no
 * model_inference breaker; ThreadPool.Names adds the translog and remote store pools). The data
 * path: each image's. The URL: the Service, over https for OpenSearch, without the user, which
 * pkg/clusterinfo clears from the url label.
 */
interface Flavour {
    store: string;
    fixture: string;
    roles: string[];
    breakers: string[];
    threadPools: string[];
    dataDir: string;
    version: Labels;
    url: string;
}

const FLAVOURS: Record<StoreFlavour, Flavour> = {
    "elasticsearch-oss": {
        store: "Elasticsearch OSS 7.10.2",
        fixture: ELASTICSEARCH_EXPORTER_FIXTURE,
        roles: ["data", "ingest", "master", "remote_cluster_client"],
        breakers: ["request", "fielddata", "in_flight_requests", "model_inference", "accounting", "parent"],
        threadPools: ["analyze", "fetch_shard_started", "fetch_shard_store", "flush", "force_merge", "generic", "get", "listener", "management", "refresh", "search", "search_throttled", "snapshot", "system_read", "system_write", "warmer", "write"],
        dataDir: "/usr/share/elasticsearch/data",
        version: {
            cluster: CLUSTER,
            cluster_uuid: "kF3bq2xTQy6v0X3c9J7r1w",
            build_date: "2021-01-13T00:42:12.435326Z",
            build_hash: "747e1cc71def077253878a59143c1f785afa92b9",
            version: "7.10.2",
            lucene_version: "8.7.0",
        },
        url: "http://elasticsearch-logging.kube-system.svc:9200",
    },
    opensearch: {
        store: "OpenSearch 3.6.0",
        fixture: OPENSEARCH_EXPORTER_FIXTURE,
        roles: ["cluster_manager", "data", "ingest", "remote_cluster_client"],
        breakers: ["request", "fielddata", "in_flight_requests", "accounting", "parent"],
        threadPools: [
            "analyze", "fetch_shard_started", "fetch_shard_store", "flush", "force_merge", "generic", "get", "listener", "management", "refresh", "remote_purge", "remote_refresh",
            "search", "search_throttled", "snapshot", "system_read", "system_write", "translog_sync", "translog_transfer", "warmer", "write",
        ],
        dataDir: "/usr/share/opensearch/data",
        // The build date and hash are made up; the exporter copies them from GET / as it does for Elasticsearch.
        version: {
            cluster: CLUSTER,
            cluster_uuid: "pQ7vT2mXRkWc4ZsY8nJd3A",
            build_date: "2026-04-03T10:12:45.118204Z",
            build_hash: "3f1c0d9b6a2e4c8d7f5a1b0e9c3d2f4a6b8c0e1d",
            version: "3.6.0",
            lucene_version: "10.3.1",
        },
        url: "https://elasticsearch-logging.kube-system.svc:9200",
    },
};

/** The node labels of defaultNodeLabelValues: the roles getRoles finds (client: the node serves HTTP). */
function nodeLabels(f: Flavour): Labels {
    return {
        cluster: CLUSTER,
        host: "10.244.0.7",
        name: "elasticsearch-logging-0",
        es_master_node: String(f.roles.includes("master")),
        es_data_node: String(f.roles.includes("data")),
        es_ingest_node: String(f.roles.includes("ingest")),
        es_client_node: "true",
    };
}

/** The variable label each node family adds to defaultNodeLabels, and the store's values. */
function variants(f: Flavour): Record<string, Labels[]> {
    return {
        node: [{}],
        breaker: f.breakers.map((breaker) => ({ breaker })),
        cache: [{ cache: "hit" }, { cache: "miss" }],
        threadPool: f.threadPools.map((type) => ({ type })),
        gc: [{ gc: "young" }, { gc: "old" }],
        memoryPool: [{ pool: "young" }, { pool: "survivor" }, { pool: "old" }],
        fsData: [{ mount: `${f.dataDir} (/dev/sda1)`, path: `${f.dataDir}/nodes/0` }],
        fsDevice: [{ device: "sda1" }],
    };
}

/** collector/nodes.go at v1.11.0: [name without elasticsearch_, type, label set]. */
const NODE_FAMILIES: Array<[string, "counter" | "gauge", string]> = [
    ["breakers_estimated_size_bytes", "gauge", "breaker"],
    ["breakers_limit_size_bytes", "gauge", "breaker"],
    ["breakers_overhead", "counter", "breaker"],
    ["breakers_tripped", "counter", "breaker"],
    ["filesystem_data_available_bytes", "gauge", "fsData"],
    ["filesystem_data_free_bytes", "gauge", "fsData"],
    ["filesystem_data_size_bytes", "gauge", "fsData"],
    ["filesystem_io_stats_device_operations_count", "counter", "fsDevice"],
    ["filesystem_io_stats_device_read_operations_count", "counter", "fsDevice"],
    ["filesystem_io_stats_device_read_size_kilobytes_sum", "counter", "fsDevice"],
    ["filesystem_io_stats_device_write_operations_count", "counter", "fsDevice"],
    ["filesystem_io_stats_device_write_size_kilobytes_sum", "counter", "fsDevice"],
    ["indexing_pressure_current_all_in_bytes", "gauge", "pressure"],
    ["indexing_pressure_limit_in_bytes", "gauge", "pressure"],
    ["indices_completion_size_in_bytes", "counter", "node"],
    ["indices_docs", "gauge", "node"],
    ["indices_docs_deleted", "gauge", "node"],
    ["indices_fielddata_evictions", "counter", "node"],
    ["indices_fielddata_memory_size_bytes", "gauge", "node"],
    ["indices_filter_cache_evictions", "counter", "node"],
    ["indices_filter_cache_memory_size_bytes", "gauge", "node"],
    ["indices_flush_time_seconds", "counter", "node"],
    ["indices_flush_total", "counter", "node"],
    ["indices_get_exists_time_seconds", "counter", "node"],
    ["indices_get_exists_total", "counter", "node"],
    ["indices_get_missing_time_seconds", "counter", "node"],
    ["indices_get_missing_total", "counter", "node"],
    ["indices_get_time_seconds", "counter", "node"],
    ["indices_get_total", "counter", "node"],
    ["indices_indexing_delete_time_seconds_total", "counter", "node"],
    ["indices_indexing_delete_total", "counter", "node"],
    ["indices_indexing_index_time_seconds_total", "counter", "node"],
    ["indices_indexing_index_total", "counter", "node"],
    ["indices_indexing_is_throttled", "gauge", "node"],
    ["indices_indexing_throttle_time_seconds_total", "counter", "node"],
    ["indices_merges_current", "gauge", "node"],
    ["indices_merges_current_size_in_bytes", "gauge", "node"],
    ["indices_merges_docs_total", "counter", "node"],
    ["indices_merges_total", "counter", "node"],
    ["indices_merges_total_size_bytes_total", "counter", "node"],
    ["indices_merges_total_throttled_time_seconds_total", "counter", "node"],
    ["indices_merges_total_time_seconds_total", "counter", "node"],
    ["indices_query_cache_cache_size", "gauge", "node"],
    ["indices_query_cache_cache_total", "counter", "node"],
    ["indices_query_cache_count", "counter", "cache"],
    ["indices_query_cache_evictions", "counter", "node"],
    ["indices_query_cache_memory_size_bytes", "gauge", "node"],
    ["indices_query_cache_total", "counter", "node"],
    ["indices_query_miss_count", "counter", "cache"],
    ["indices_refresh_external_time_seconds_total", "counter", "node"],
    ["indices_refresh_external_total", "counter", "node"],
    ["indices_refresh_time_seconds_total", "counter", "node"],
    ["indices_refresh_total", "counter", "node"],
    ["indices_request_cache_count", "counter", "cache"],
    ["indices_request_cache_evictions", "counter", "node"],
    ["indices_request_cache_memory_size_bytes", "gauge", "node"],
    ["indices_request_miss_count", "counter", "cache"],
    ["indices_search_fetch_time_seconds", "counter", "node"],
    ["indices_search_fetch_total", "counter", "node"],
    ["indices_search_query_time_seconds", "counter", "node"],
    ["indices_search_query_total", "counter", "node"],
    ["indices_search_scroll_current", "gauge", "node"],
    ["indices_search_scroll_time_seconds", "counter", "node"],
    ["indices_search_scroll_total", "counter", "node"],
    ["indices_search_suggest_time_seconds", "counter", "node"],
    ["indices_search_suggest_total", "counter", "node"],
    ["indices_segments_count", "gauge", "node"],
    ["indices_segments_doc_values_memory_in_bytes", "gauge", "node"],
    ["indices_segments_fixed_bit_set_memory_in_bytes", "gauge", "node"],
    ["indices_segments_index_writer_memory_in_bytes", "gauge", "node"],
    ["indices_segments_memory_bytes", "gauge", "node"],
    ["indices_segments_norms_memory_in_bytes", "gauge", "node"],
    ["indices_segments_points_memory_in_bytes", "gauge", "node"],
    ["indices_segments_stored_fields_memory_in_bytes", "gauge", "node"],
    ["indices_segments_term_vectors_memory_in_bytes", "gauge", "node"],
    ["indices_segments_terms_memory_in_bytes", "gauge", "node"],
    ["indices_segments_version_map_memory_in_bytes", "gauge", "node"],
    ["indices_store_size_bytes", "gauge", "node"],
    ["indices_store_throttle_time_seconds_total", "counter", "node"],
    ["indices_translog_operations", "counter", "node"],
    ["indices_translog_size_in_bytes", "gauge", "node"],
    ["indices_warmer_time_seconds_total", "counter", "node"],
    ["indices_warmer_total", "counter", "node"],
    ["jvm_buffer_pool_used_bytes", "gauge", "TYPE"],
    ["jvm_gc_collection_seconds_count", "counter", "gc"],
    ["jvm_gc_collection_seconds_sum", "counter", "gc"],
    ["jvm_memory_committed_bytes", "gauge", "AREA"],
    ["jvm_memory_max_bytes", "gauge", "AREA"],
    ["jvm_memory_pool_max_bytes", "counter", "memoryPool"],
    ["jvm_memory_pool_peak_max_bytes", "counter", "memoryPool"],
    ["jvm_memory_pool_peak_used_bytes", "counter", "memoryPool"],
    ["jvm_memory_pool_used_bytes", "gauge", "memoryPool"],
    ["jvm_memory_used_bytes", "gauge", "AREA"],
    ["jvm_uptime_seconds", "gauge", "TYPE"],
    ["os_cpu_percent", "gauge", "node"],
    ["os_load1", "gauge", "node"],
    ["os_load15", "gauge", "node"],
    ["os_load5", "gauge", "node"],
    ["os_mem_actual_free_bytes", "gauge", "node"],
    ["os_mem_actual_used_bytes", "gauge", "node"],
    ["os_mem_free_bytes", "gauge", "node"],
    ["os_mem_used_bytes", "gauge", "node"],
    ["process_cpu_percent", "gauge", "node"],
    ["process_cpu_seconds_total", "counter", "node"],
    ["process_max_files_descriptors", "gauge", "node"],
    ["process_mem_resident_size_bytes", "gauge", "node"],
    ["process_mem_share_size_bytes", "gauge", "node"],
    ["process_mem_virtual_size_bytes", "gauge", "node"],
    ["process_open_files_count", "gauge", "node"],
    ["thread_pool_active_count", "gauge", "threadPool"],
    ["thread_pool_completed_count", "counter", "threadPool"],
    ["thread_pool_largest_count", "gauge", "threadPool"],
    ["thread_pool_queue_count", "gauge", "threadPool"],
    ["thread_pool_rejected_count", "counter", "threadPool"],
    ["thread_pool_threads_count", "gauge", "threadPool"],
    ["transport_rx_packets_total", "counter", "node"],
    ["transport_rx_size_bytes_total", "counter", "node"],
    ["transport_tx_packets_total", "counter", "node"],
    ["transport_tx_size_bytes_total", "counter", "node"],
];

/** Values that the alerts and panels compare with one another; every other series gets a made-up one. */
const VALUES: Record<string, number> = {
    filesystem_data_size_bytes: 5 * GIB,
    filesystem_data_available_bytes: 3.75 * GIB,
    filesystem_data_free_bytes: 4 * GIB,
    jvm_memory_max_bytes: 0.5 * GIB,
    jvm_memory_used_bytes: 0.25 * GIB,
    indices_docs: 1843265,
    indices_store_size_bytes: 0.9 * GIB,
    indices_indexing_index_total: 1843301,
};

function nodeFamily(f: Flavour, [short, type, set]: [string, "counter" | "gauge", string], index: number): Family {
    const NODE = nodeLabels(f);
    const labelSets =
        set === "AREA"
            ? short === "jvm_memory_max_bytes"
                ? [{ area: "heap" }]
                : [{ area: "heap" }, { area: "non-heap" }]
            : set === "TYPE"
              ? // jvm_uptime_seconds carries type="mapped", as nodes.go labels it.
                short === "jvm_uptime_seconds"
                  ? [{ type: "mapped" }]
                  : [{ type: "direct" }, { type: "mapped" }]
              : set === "pressure"
                ? [{ indexing_pressure: "memory" }]
                : variants(f)[set];
    const base: Labels = set === "pressure" ? { cluster: NODE.cluster, host: NODE.host, name: NODE.name } : NODE;
    return {
        name: `elasticsearch_${short}`,
        type,
        series: labelSets.map((v, i) => ({ labels: { ...base, ...v }, value: VALUES[short] ?? (10 * (index + 1) + i) * (type === "counter" ? 7 : 1) })),
    };
}

/**
 * getRoles in nodes.go: every role it knows, 1 where the store's node has it, and a role it does
 * not know added at 0 (OpenSearch's cluster_manager).
 */
const KNOWN_ROLES = ["client", "data", "data_cold", "data_content", "data_frozen", "data_hot", "data_warm", "ingest", "master", "ml", "remote_cluster_client", "transform"];
function roles(f: Flavour): Family {
    const NODE = nodeLabels(f);
    return {
        name: "elasticsearch_nodes_roles",
        type: "gauge",
        series: [...new Set([...KNOWN_ROLES, ...f.roles])].sort().map((role) => ({
            labels: { cluster: CLUSTER, host: NODE.host, name: NODE.name, node: "b2ZtY2xvZ3MtMDAwMQ", role },
            value: KNOWN_ROLES.includes(role) && (role === "client" || f.roles.includes(role)) ? 1 : 0,
        })),
    };
}

const one = (name: string, type: "counter" | "gauge", labels: Labels, value: number): Family => ({ name, type, series: [{ labels, value }] });

/** collector/cluster_health.go: one series each, label cluster; the replicas of one node stay unassigned. */
const HEALTH: Family[] = [
    one("elasticsearch_cluster_health_active_primary_shards", "gauge", { cluster: CLUSTER }, 9),
    one("elasticsearch_cluster_health_active_shards", "gauge", { cluster: CLUSTER }, 9),
    one("elasticsearch_cluster_health_delayed_unassigned_shards", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_initializing_shards", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_number_of_data_nodes", "gauge", { cluster: CLUSTER }, 1),
    one("elasticsearch_cluster_health_number_of_in_flight_fetch", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_task_max_waiting_in_queue_millis", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_number_of_nodes", "gauge", { cluster: CLUSTER }, 1),
    one("elasticsearch_cluster_health_number_of_pending_tasks", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_relocating_shards", "gauge", { cluster: CLUSTER }, 0),
    one("elasticsearch_cluster_health_unassigned_shards", "gauge", { cluster: CLUSTER }, 8),
    {
        name: "elasticsearch_cluster_health_status",
        type: "gauge",
        series: ["green", "yellow", "red"].map((color) => ({ labels: { cluster: CLUSTER, color }, value: color === "yellow" ? 1 : 0 })),
    },
];

/** collector/cluster_settings.go with the defaults, the same in 7.10.2 and OpenSearch 3.6.0 (85 %, 90 %, 95 %): no labels. */
const SETTINGS: Family[] = [
    one("elasticsearch_clustersettings_stats_max_shards_per_node", "gauge", {}, 1000),
    one("elasticsearch_clustersettings_stats_shard_allocation_enabled", "gauge", {}, 0),
    one("elasticsearch_clustersettings_allocation_threshold_enabled", "gauge", {}, 1),
    one("elasticsearch_clustersettings_allocation_watermark_flood_stage_ratio", "gauge", {}, 0.95),
    one("elasticsearch_clustersettings_allocation_watermark_high_ratio", "gauge", {}, 0.9),
    one("elasticsearch_clustersettings_allocation_watermark_low_ratio", "gauge", {}, 0.85),
];

/** cluster_info.go, the framework's per-collector series, pkg/clusterinfo and main.go's collectors. */
const exporterFamilies = (VERSION: Labels, URL_LABEL: Labels): Family[] => [
    one("elasticsearch_version", "gauge", VERSION, 1),
    { name: "elasticsearch_scrape_duration_seconds", type: "gauge", series: ["cluster-info", "clustersettings"].map((collector, i) => ({ labels: { collector }, value: 0.004 + i / 1000 })) },
    { name: "elasticsearch_scrape_success", type: "gauge", series: ["cluster-info", "clustersettings"].map((collector) => ({ labels: { collector }, value: 1 })) },
    one("elasticsearch_clusterinfo_version_info", "gauge", VERSION, 1),
    one("elasticsearch_clusterinfo_up", "gauge", URL_LABEL, 1),
    one("elasticsearch_clusterinfo_last_retrieval_success_ts", "gauge", URL_LABEL, 1767225600),
    one("elasticsearch_exporter_build_info", "gauge", { branch: "HEAD", goarch: "amd64", goos: "linux", goversion: "go1.24.4", revision: "57a0ca7", tags: "unknown", version: "1.11.0" }, 1),
    { name: "go_gc_duration_seconds", type: "gauge", series: ["0", "0.25", "0.5", "0.75", "1"].map((quantile, i) => ({ labels: { quantile }, value: 0.0001 * (i + 1) })) },
    one("go_gc_gogc_percent", "gauge", {}, 100),
    one("go_gc_gomemlimit_bytes", "gauge", {}, 9223372036854775807),
    one("go_goroutines", "gauge", {}, 14),
    one("go_info", "gauge", { version: "go1.24.4" }, 1),
    ...["alloc_bytes", "alloc_bytes_total", "buck_hash_sys_bytes", "frees_total", "gc_sys_bytes", "heap_alloc_bytes", "heap_idle_bytes", "heap_inuse_bytes", "heap_objects", "heap_released_bytes", "heap_sys_bytes", "last_gc_time_seconds", "mallocs_total", "mcache_inuse_bytes", "mcache_sys_bytes", "mspan_inuse_bytes", "mspan_sys_bytes", "next_gc_bytes", "other_sys_bytes", "stack_inuse_bytes", "stack_sys_bytes", "sys_bytes"].map(
        (m, i): Family => one(`go_memstats_${m}`, m.endsWith("_total") ? "counter" : "gauge", {}, 1000 * (i + 1)),
    ),
    one("go_sched_gomaxprocs_threads", "gauge", {}, 2),
    one("go_threads", "gauge", {}, 8),
    ...["cpu_seconds_total", "max_fds", "network_receive_bytes_total", "network_transmit_bytes_total", "open_fds", "resident_memory_bytes", "start_time_seconds", "virtual_memory_bytes", "virtual_memory_max_bytes"].map(
        (m, i): Family => one(`process_${m}`, m.endsWith("_total") ? "counter" : "gauge", {}, 100 * (i + 1)),
    ),
    one("promhttp_metric_handler_requests_in_flight", "gauge", {}, 1),
    { name: "promhttp_metric_handler_requests_total", type: "counter", series: ["200", "500", "503"].map((code) => ({ labels: { code }, value: code === "200" ? 120 : 0 })) },
];

function labelText(l: Labels): string {
    const entries = Object.entries(l);
    return entries.length === 0 ? "" : `{${entries.map(([k, v]) => `${k}="${v}"`).join(",")}}`;
}

export function elasticsearchExporterExposition(store: StoreFlavour = "elasticsearch-oss"): string {
    const f = FLAVOURS[store];
    const header = [
        `elasticsearch_exporter v1.11.0 (--es.all --collector.clustersettings) in front of ${f.store}, one node.`,
        "Generated by scripts/generate-elasticsearch-exporter-fixture.ts (npm run fixture:elasticsearch-exporter) from the",
        "exporter's collector/*.go, pkg/clusterinfo and main.go at tag v1.11.0; sample values are made up.",
        ...(store === "opensearch" ? ["Nothing of OpenSearch ran: the label values are its answers as read in its source, not scraped."] : []),
    ];
    const families = [...exporterFamilies(f.version, { url: f.url }), ...HEALTH, ...SETTINGS, roles(f), ...NODE_FAMILIES.map((n, i) => nodeFamily(f, n, i))];
    const lines = header.map((l) => `# ${l}`);
    for (const f of families) {
        lines.push(`# TYPE ${f.name} ${f.type}`);
        for (const s of f.series) {
            lines.push(`${f.name}${labelText(s.labels)} ${s.value}`);
        }
    }
    return `${lines.join("\n")}\n`;
}

/** The fixture of each store's exporter. */
export function exporterFixture(store: StoreFlavour): string {
    return FLAVOURS[store].fixture;
}

if (require.main === module) {
    for (const store of Object.keys(FLAVOURS) as StoreFlavour[]) {
        fs.writeFileSync(FLAVOURS[store].fixture, elasticsearchExporterExposition(store));
        console.log(`wrote ${path.relative(process.cwd(), FLAVOURS[store].fixture)}`);
    }
}
