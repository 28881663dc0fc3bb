/**
 * The pieces every generated Kubernetes fixture shares (scripts/generate-*-fixture*.ts): a family
 * declared by name, type, label values and buckets, written out as the exposition text that
 * client_golang would serve, and the families that k8s.io/component-base, client-go and the Go
 * runtime add to every component. Sample values are made up: each counter grows with the bucket
 * bounds so that every quantile and rate has data.
 */
export type Labels = Record<string, readonly string[]>;
export interface Family {
    name: string;
    type: "counter" | "gauge" | "histogram";
    labels?: Labels;
    /** Label sets that occur together (a flow schema and its priority level), instead of the cross product of `labels`. */
    rows?: ReadonlyArray<Record<string, string>>;
    buckets?: readonly number[];
}

export const exp = (start: number, factor: number, n: number) => Array.from({ length: n }, (_, i) => +(start * factor ** i).toPrecision(6));
export const lin = (start: number, width: number, n: number) => Array.from({ length: n }, (_, i) => +(start + width * i).toPrecision(6));
/** prometheus/client_golang's DefBuckets. */
export const DEF = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function combinations(labels: Labels): Record<string, string>[] {
    return Object.entries(labels).reduce<Record<string, string>[]>(
        (acc, [k, values]) => acc.flatMap((l) => values.map((v) => ({ ...l, [k]: v }))),
        [{}],
    );
}

export function labelText(l: Record<string, string>): string {
    const entries = Object.entries(l);
    return entries.length === 0 ? "" : `{${entries.map(([k, v]) => `${k}="${v}"`).join(",")}}`;
}

export function exposition(header: string, families: readonly Family[]): string {
    const lines = header.split("\n").map((l) => `# ${l}`);
    families.forEach((f, fi) => {
        lines.push(`# TYPE ${f.name} ${f.type}`);
        (f.rows ?? combinations(f.labels ?? {})).forEach((l, i) => {
            const base = 10 * (fi + 1) + i;
            if (f.type !== "histogram") {
                lines.push(`${f.name}${labelText(l)} ${f.type === "counter" ? base * 7 : base}`);
                return;
            }
            const bounds = [...(f.buckets ?? DEF).map(String), "+Inf"];
            bounds.forEach((le, bi) => lines.push(`${f.name}_bucket${labelText({ ...l, le })} ${base * (bi + 1)}`));
            lines.push(`${f.name}_sum${labelText(l)} ${(base * 0.37).toFixed(3)}`);
            lines.push(`${f.name}_count${labelText(l)} ${base * bounds.length}`);
        });
    });
    return `${lines.join("\n")}\n`;
}

/** The Go runtime and process families of client_golang's default collectors (Go 1.23+). */
export const GO_PROCESS: Family[] = [
    { name: "go_gc_duration_seconds", type: "gauge", labels: { quantile: ["0", "0.25", "0.5", "0.75", "1"] } },
    { name: "go_gc_gogc_percent", type: "gauge" },
    { name: "go_gc_gomemlimit_bytes", type: "gauge" },
    { name: "go_goroutines", type: "gauge" },
    { name: "go_info", type: "gauge", labels: { version: ["go1.24.6"] } },
    ...["alloc_bytes", "alloc_bytes_total", "buck_hash_sys_bytes", "frees_total", "gc_sys_bytes", "heap_alloc_bytes", "heap_idle_bytes", "heap_inuse_bytes", "heap_objects", "heap_released_bytes", "heap_sys_bytes", "last_gc_time_seconds", "mallocs_total", "mcache_inuse_bytes", "mcache_sys_bytes", "mspan_inuse_bytes", "mspan_sys_bytes", "next_gc_bytes", "other_sys_bytes", "stack_inuse_bytes", "stack_sys_bytes", "sys_bytes"].map(
        (m): Family => ({ name: `go_memstats_${m}`, type: "gauge" }),
    ),
    { name: "go_sched_gomaxprocs_threads", type: "gauge" },
    { name: "go_threads", type: "gauge" },
    ...["cpu_seconds_total", "max_fds", "network_receive_bytes_total", "network_transmit_bytes_total", "open_fds", "resident_memory_bytes", "start_time_seconds", "virtual_memory_bytes", "virtual_memory_max_bytes"].map(
        (m): Family => ({ name: `process_${m}`, type: m.endsWith("_total") ? "counter" : "gauge" }),
    ),
];

export const HOST = ["172.18.0.2:6443"];
const SIZE_BUCKETS = [64, 256, 512, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216];
/** k8s.io/component-base and client-go: what the scheduler, the controller manager and kube-proxy all serve. */
export function componentBase(secureServing: boolean, features: number): Family[] {
    const client: Family[] = [
        { name: "rest_client_requests_total", type: "counter", labels: { code: ["200", "201", "404"], host: HOST, method: ["GET", "POST", "PUT", "PATCH"] } },
        { name: "rest_client_request_duration_seconds", type: "histogram", labels: { host: HOST, verb: ["GET", "POST", "PUT", "PATCH"] }, buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60] },
        { name: "rest_client_rate_limiter_duration_seconds", type: "histogram", labels: { host: HOST, verb: ["GET", "POST", "PUT", "PATCH"] }, buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60] },
        // 64 bytes to 16 MB, 11 bounds (k8s.io/component-base tag v0.35.0 metrics/prometheus/restclient/metrics.go).
        { name: "rest_client_request_size_bytes", type: "histogram", labels: { host: HOST, verb: ["GET", "POST", "PUT", "PATCH"] }, buckets: SIZE_BUCKETS },
        { name: "rest_client_response_size_bytes", type: "histogram", labels: { host: HOST, verb: ["GET", "POST", "PUT", "PATCH"] }, buckets: SIZE_BUCKETS },
        { name: "rest_client_transport_cache_entries", type: "gauge" },
        { name: "rest_client_transport_create_calls_total", type: "counter", labels: { result: ["hit", "miss", "uncacheable"] } },
        { name: "kubernetes_build_info", type: "gauge", labels: { git_version: ["v1.35.0"], major: ["1"], minor: ["35"] } },
        { name: "kubernetes_feature_enabled", type: "gauge", labels: { name: Array.from({ length: features }, (_, i) => `FeatureGate${i}`), stage: ["BETA"] } },
        { name: "registered_metrics_total", type: "counter", labels: { deprecated_version: [""], stability_level: ["ALPHA", "BETA", "STABLE"] } },
        { name: "disabled_metrics_total", type: "counter" },
        { name: "hidden_metrics_total", type: "counter" },
        ...GO_PROCESS,
    ];
    if (!secureServing) {
        return client;
    }
    return [
        ...client,
        { name: "apiserver_delegated_authn_request_duration_seconds", type: "histogram", labels: { code: ["201"] }, buckets: [0.25, 0.5, 0.7, 1, 1.5, 3, 5, 10] },
        { name: "apiserver_delegated_authn_request_total", type: "counter", labels: { code: ["201"] } },
        { name: "apiserver_delegated_authz_request_duration_seconds", type: "histogram", labels: { code: ["201"] }, buckets: [0.25, 0.5, 0.7, 1, 1.5, 3, 5, 10] },
        { name: "apiserver_delegated_authz_request_total", type: "counter", labels: { code: ["201"] } },
        { name: "apiserver_client_certificate_expiration_seconds", type: "histogram", buckets: [0, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 345600, 604800, 2592000, 7776000, 15552000, 31104000] },
        { name: "apiserver_webhooks_x509_insecure_sha1_total", type: "counter" },
        { name: "apiserver_webhooks_x509_missing_san_total", type: "counter" },
        { name: "authenticated_user_requests", type: "counter", labels: { username: ["other"] } },
        { name: "authentication_attempts", type: "counter", labels: { result: ["success"] } },
        { name: "authentication_duration_seconds", type: "histogram", labels: { result: ["success"] }, buckets: exp(0.001, 2, 15) },
        { name: "authentication_token_cache_request_total", type: "counter", labels: { status: ["hit", "miss"] } },
        { name: "apiserver_audit_event_total", type: "counter" },
        { name: "apiserver_audit_requests_rejected_total", type: "counter" },
        { name: "apiserver_storage_data_key_generation_failures_total", type: "counter" },
        { name: "apiserver_storage_envelope_transformation_cache_misses_total", type: "counter" },
        { name: "aggregator_discovery_aggregation_count_total", type: "counter" },
        { name: "leader_election_master_status", type: "gauge", labels: { name: ["leader"] } },
    ];
}

/** The workqueue families of k8s.io/client-go/util/workqueue (its Prometheus provider in component-base). */
export function workqueues(names: readonly string[]): Family[] {
    const name = { name: names };
    return [
        { name: "workqueue_adds_total", type: "counter", labels: name },
        { name: "workqueue_depth", type: "gauge", labels: name },
        { name: "workqueue_retries_total", type: "counter", labels: name },
        { name: "workqueue_queue_duration_seconds", type: "histogram", labels: name, buckets: exp(1e-8, 10, 10) },
        { name: "workqueue_work_duration_seconds", type: "histogram", labels: name, buckets: exp(1e-8, 10, 10) },
        { name: "workqueue_unfinished_work_seconds", type: "gauge", labels: name },
        { name: "workqueue_longest_running_processor_seconds", type: "gauge", labels: name },
    ];
}

