import * as assert from "assert";
import * as fs from "fs";
import { BUSY, BUSY_FIXTURES, busyKsmFixture } from "../scripts/generate-busy-fixtures";
import { CONTROL_PLANE_FIXTURES } from "../scripts/generate-control-plane-fixtures";
import { Sample, samplesOf } from "../scripts/bench/relabel";

/**
 * The fixtures behind npm run bench:ingest's honest numbers (tests/fixtures/busy/, and kube-proxy's,
 * which has no busy one) hold the families, label names and bucket counts that the exporters'
 * sources give (issue #47): a lean fixture, one that lacks a family, a label or buckets, fails
 * here, so the benchmark cannot flatter us by counting less than a real exporter serves.
 *
 * The table is this test's own, read from the sources at their tags (not from the generators):
 * - API server: k8s.io/apiserver tag v0.35.0 (Kubernetes 1.35): pkg/endpoints/metrics/metrics.go,
 *   pkg/storage/etcd3/metrics/metrics.go, pkg/storage/cacher/metrics/metrics.go,
 *   pkg/util/flowcontrol/metrics/metrics.go, pkg/admission/metrics/metrics.go. The same bucket
 *   lists at v0.33.0 and v0.34.0; 1.33 labels watch events by kind and etcd requests by type, 1.34+ by resource.
 * - kubelet: kubernetes/kubernetes pkg/kubelet/metrics/metrics.go (DefBuckets for the PLEG,
 *   pod worker and cgroup manager histograms; podStartupDurationBuckets, 25 bounds;
 *   ExponentialBuckets(.005, 2.5, 14) for runtime operations), pkg/volume/util/metrics.go.
 * - cAdvisor: google/cadvisor tag v0.53.0 metrics/prometheus.go, the kinds the kubelet enables.
 * - node_exporter: tag v1.12.1 (the DaemonSet's image) default collectors, per-CPU families.
 * - kube-proxy: pkg/proxy/metrics/metrics.go (ExponentialBuckets(0.001, 2, 15); the network
 *   programming histogram's merged linear buckets), k8s.io/component-base tag v0.35.0
 *   (metrics/buckets.go MergeBuckets, metrics/prometheus/restclient/metrics.go).
 * Bucket counts include +Inf.
 */
interface Expect {
    family: string;
    /** Number of `le` values of every series (a histogram), +Inf included. */
    buckets?: number;
    /** Label names every series carries (`le` aside). */
    labels?: string[];
}

const REQUEST = ["component", "group", "resource", "scope", "subresource", "verb", "version"];
const CONTAINER = ["container", "id", "image", "name", "namespace", "pod"];

const TABLE: Record<string, { file: string; families: Expect[] }> = {
    apiserver: {
        file: BUSY_FIXTURES.apiserver,
        families: [
            { family: "apiserver_request_total", labels: [...REQUEST, "code", "dry_run"] },
            { family: "apiserver_request_duration_seconds", buckets: 24, labels: [...REQUEST, "dry_run"] },
            { family: "apiserver_request_sli_duration_seconds", buckets: 22, labels: REQUEST },
            { family: "apiserver_response_sizes", buckets: 8, labels: REQUEST },
            { family: "apiserver_longrunning_requests", labels: REQUEST },
            { family: "apiserver_watch_events_total", labels: ["group", "resource", "version"] },
            { family: "apiserver_watch_events_sizes", buckets: 9, labels: ["group", "resource", "version"] },
            { family: "apiserver_request_filter_duration_seconds", buckets: 14, labels: ["filter"] },
            { family: "apiserver_request_timestamp_comparison_time", buckets: 11, labels: ["code_path"] },
            { family: "etcd_request_duration_seconds", buckets: 24, labels: ["group", "operation", "resource"] },
            { family: "etcd_requests_total", labels: ["group", "operation", "resource"] },
            { family: "apiserver_watch_cache_read_wait_seconds", buckets: 14, labels: ["group", "resource"] },
            { family: "apiserver_admission_controller_admission_duration_seconds", buckets: 7, labels: ["name", "operation", "rejected", "type"] },
            { family: "apiserver_admission_step_admission_duration_seconds", buckets: 7, labels: ["operation", "rejected", "type"] },
            { family: "apiserver_flowcontrol_request_wait_duration_seconds", buckets: 14, labels: ["execute", "flow_schema", "priority_level"] },
            { family: "apiserver_flowcontrol_request_execution_seconds", buckets: 14, labels: ["flow_schema", "priority_level", "type"] },
            { family: "apiserver_flowcontrol_request_queue_length_after_enqueue", buckets: 9, labels: ["flow_schema", "priority_level"] },
            { family: "apiserver_flowcontrol_watch_count_samples", buckets: 7, labels: ["flow_schema", "priority_level"] },
            { family: "apiserver_flowcontrol_priority_level_seat_utilization", buckets: 14, labels: ["phase", "priority_level"] },
            { family: "apiserver_flowcontrol_demand_seats", buckets: 13, labels: ["priority_level"] },
            { family: "apiserver_storage_objects", labels: ["resource"] },
            { family: "apiserver_current_inflight_requests", labels: ["request_kind"] },
            { family: "workqueue_queue_duration_seconds", buckets: 11, labels: ["name"] },
            { family: "rest_client_request_duration_seconds", buckets: 13, labels: ["host", "verb"] },
        ],
    },
    kubelet: {
        file: BUSY_FIXTURES.kubelet,
        families: [
            { family: "kubelet_node_name", labels: ["node"] },
            { family: "kubelet_running_pods" },
            { family: "kubelet_running_containers", labels: ["container_state"] },
            { family: "kubelet_working_pods", labels: ["config", "lifecycle", "static"] },
            { family: "kubelet_pleg_relist_duration_seconds", buckets: 12 },
            { family: "kubelet_pleg_relist_interval_seconds", buckets: 12 },
            { family: "kubelet_pod_start_duration_seconds", buckets: 26 },
            { family: "kubelet_pod_start_sli_duration_seconds", buckets: 26, labels: ["first_with_network"] },
            { family: "kubelet_pod_start_total_duration_seconds", buckets: 26, labels: ["first_with_network"] },
            { family: "kubelet_pod_worker_duration_seconds", buckets: 12, labels: ["operation_type"] },
            { family: "kubelet_pod_status_sync_duration_seconds", buckets: 12 },
            { family: "kubelet_cgroup_manager_duration_seconds", buckets: 12, labels: ["operation_type"] },
            { family: "kubelet_runtime_operations_total", labels: ["operation_type"] },
            { family: "kubelet_runtime_operations_duration_seconds", buckets: 15, labels: ["operation_type"] },
            { family: "kubelet_volume_stats_available_bytes", labels: ["namespace", "persistentvolumeclaim"] },
            { family: "kubelet_volume_stats_capacity_bytes", labels: ["namespace", "persistentvolumeclaim"] },
            { family: "kubelet_volume_stats_inodes_used", labels: ["namespace", "persistentvolumeclaim"] },
            { family: "kubelet_container_log_filesystem_used_bytes", labels: ["container", "namespace", "pod", "uid"] },
            { family: "storage_operation_duration_seconds", buckets: 14, labels: ["migrated", "operation_name", "status", "volume_plugin"] },
            { family: "volume_manager_total_volumes", labels: ["plugin_name", "state"] },
            { family: "rest_client_request_duration_seconds", buckets: 13, labels: ["host", "verb"] },
            { family: "rest_client_response_size_bytes", buckets: 12, labels: ["host", "verb"] },
            { family: "apiserver_client_certificate_expiration_seconds", buckets: 15 },
            { family: "kubernetes_build_info" },
        ],
    },
    cadvisor: {
        file: BUSY_FIXTURES.cadvisor,
        families: [
            ...["container_last_seen", "container_start_time_seconds", "container_spec_cpu_period", "container_spec_cpu_shares", "container_spec_cpu_quota", "container_spec_memory_limit_bytes", "container_spec_memory_swap_limit_bytes", "container_spec_memory_reservation_limit_bytes"].map((family) => ({ family, labels: CONTAINER })),
            { family: "container_cpu_usage_seconds_total", labels: [...CONTAINER, "cpu"] },
            ...["container_cpu_user_seconds_total", "container_cpu_system_seconds_total", "container_cpu_cfs_periods_total", "container_cpu_cfs_throttled_periods_total", "container_cpu_cfs_throttled_seconds_total", "container_cpu_load_average_10s", "container_cpu_load_d_average_10s"].map((family) => ({ family, labels: CONTAINER })),
            { family: "container_tasks_state", labels: [...CONTAINER, "state"] },
            ...["container_memory_cache", "container_memory_rss", "container_memory_kernel_usage", "container_memory_mapped_file", "container_memory_swap", "container_memory_failcnt", "container_memory_usage_bytes", "container_memory_max_usage_bytes", "container_memory_working_set_bytes", "container_memory_total_active_file_bytes", "container_memory_total_inactive_file_bytes"].map((family) => ({ family, labels: CONTAINER })),
            { family: "container_memory_failures_total", labels: [...CONTAINER, "failure_type", "scope"] },
            ...["inodes_free", "inodes_total", "limit_bytes", "usage_bytes", "reads_bytes_total", "reads_total", "sector_reads_total", "reads_merged_total", "read_seconds_total", "writes_bytes_total", "writes_total", "sector_writes_total", "writes_merged_total", "write_seconds_total", "io_current", "io_time_seconds_total", "io_time_weighted_seconds_total"].map((f) => ({ family: `container_fs_${f}`, labels: [...CONTAINER, "device"] })),
            { family: "container_blkio_device_usage_total", labels: [...CONTAINER, "device", "major", "minor", "operation"] },
            ...["receive_bytes_total", "receive_packets_total", "receive_packets_dropped_total", "receive_errors_total", "transmit_bytes_total", "transmit_packets_total", "transmit_packets_dropped_total", "transmit_errors_total"].map((f) => ({ family: `container_network_${f}`, labels: [...CONTAINER, "interface"] })),
            ...["container_processes", "container_file_descriptors", "container_sockets", "container_threads_max", "container_threads", "container_oom_events_total"].map((family) => ({ family, labels: CONTAINER })),
            { family: "container_ulimits_soft", labels: [...CONTAINER, "ulimit"] },
            ...["cpu", "memory", "io"].flatMap((r) => ["stalled", "waiting"].map((w) => ({ family: `container_pressure_${r}_${w}_seconds_total`, labels: CONTAINER }))),
            ...["machine_cpu_cores", "machine_cpu_physical_cores", "machine_cpu_sockets", "machine_memory_bytes", "machine_swap_bytes"].map((family) => ({ family, labels: ["boot_id", "machine_id", "system_uuid"] })),
            { family: "cadvisor_version_info" },
        ],
    },
    "node-exporter": {
        file: BUSY_FIXTURES["node-exporter"],
        families: [
            { family: "node_cpu_seconds_total", labels: ["cpu", "mode"] },
            { family: "node_cpu_guest_seconds_total", labels: ["cpu", "mode"] },
            ...["processed_total", "dropped_total", "times_squeezed_total", "cpu_collision_total", "received_rps_total", "flow_limit_count_total", "backlog_len"].map((f) => ({ family: `node_softnet_${f}`, labels: ["cpu"] })),
            ...["running_seconds_total", "waiting_seconds_total", "timeslices_total"].map((f) => ({ family: `node_schedstat_${f}`, labels: ["cpu"] })),
            ...["reads_completed_total", "read_bytes_total", "writes_completed_total", "written_bytes_total", "io_time_seconds_total", "io_time_weighted_seconds_total"].map((f) => ({ family: `node_disk_${f}`, labels: ["device"] })),
            ...["avail_bytes", "size_bytes", "files_free", "readonly"].map((f) => ({ family: `node_filesystem_${f}`, labels: ["device", "fstype", "mountpoint"] })),
            ...["receive_bytes_total", "transmit_bytes_total", "receive_drop_total", "transmit_drop_total", "up"].map((f) => ({ family: `node_network_${f}`, labels: ["device"] })),
            ...["node_memory_MemAvailable_bytes", "node_memory_MemTotal_bytes", "node_load1", "node_vmstat_pgmajfault", "node_context_switches_total", "node_boot_time_seconds", "node_time_seconds", "node_timex_offset_seconds"].map((family) => ({ family })),
            { family: "node_uname_info", labels: ["machine", "nodename", "release", "sysname", "version"] },
        ],
    },
    "kube-proxy": {
        file: CONTROL_PLANE_FIXTURES["kube-proxy"],
        families: [
            { family: "kubeproxy_sync_proxy_rules_duration_seconds", buckets: 16 },
            { family: "kubeproxy_sync_proxy_rules_last_timestamp_seconds" },
            // MergeBuckets' leading 0, LinearBuckets(0.25, 0.25, 2), (1, 1, 59), (60, 5, 12), (120, 30, 7), +Inf.
            { family: "kubeproxy_network_programming_duration_seconds", buckets: 82 },
            { family: "rest_client_request_size_bytes", buckets: 12, labels: ["host", "verb"] },
            { family: "rest_client_requests_total", labels: ["code", "host", "method"] },
        ],
    },
};

/** What is wrong with `text` against `families`: a missing family, a series without a label, a series with other than the source's buckets. */
export function leanness(text: string, families: readonly Expect[]): string[] {
    const byName = new Map<string, Sample[]>();
    for (const s of samplesOf(text)) {
        const list = byName.get(s.name) ?? [];
        list.push(s);
        byName.set(s.name, list);
    }
    const problems: string[] = [];
    for (const e of families) {
        const series = byName.get(e.buckets === undefined ? e.family : `${e.family}_bucket`) ?? [];
        if (series.length === 0) {
            problems.push(`${e.family}: not served`);
            continue;
        }
        for (const label of e.labels ?? []) {
            const without = series.filter((s) => s.labels[label] === undefined).length;
            if (without > 0) problems.push(`${e.family}: ${without} series without label ${label}`);
        }
        if (e.buckets === undefined) continue;
        const les = new Map<string, Set<string>>();
        for (const s of series) {
            const { le, ...rest } = s.labels;
            const key = JSON.stringify(Object.entries(rest).sort());
            les.set(key, (les.get(key) ?? new Set()).add(le));
        }
        const wrong = [...les.values()].filter((l) => l.size !== e.buckets || !l.has("+Inf"));
        if (wrong.length > 0) problems.push(`${e.family}: ${wrong.length} of ${les.size} series have ${[...new Set(wrong.map((l) => l.size))].join("/")} buckets, not ${e.buckets} with +Inf`);
        for (const suffix of ["_sum", "_count"]) {
            if ((byName.get(`${e.family}${suffix}`) ?? []).length !== les.size) problems.push(`${e.family}: ${suffix} not one per series`);
        }
    }
    return problems;
}

/**
 * kube-state-metrics v2.20.0 (tag v2.20.0, internal/store/pod.go) writes these pod families only for
 * the pods or containers in the state another family reports (its series of the same pod, and
 * container, with a non-zero value, and the labels given): *_waiting_reason only while the
 * container waits (State.Waiting), *_terminated_reason only once it terminated (State.Terminated),
 * *_last_terminated_* only after it restarted (LastTerminationState.Terminated, so a restart
 * count above 0), the ready times only under a true condition. `served`: the busy cluster has
 * some (a few waiting and restarted containers, Completed init containers), so a fixture that
 * leaves a family out is lean.
 */
const KSM_STATE_FAMILIES: ReadonlyArray<{ family: string; when: string; labels?: Record<string, string> }> = [
    { family: "kube_pod_container_status_waiting_reason", when: "kube_pod_container_status_waiting" },
    { family: "kube_pod_container_status_terminated_reason", when: "kube_pod_container_status_terminated" },
    { family: "kube_pod_init_container_status_waiting_reason", when: "kube_pod_init_container_status_waiting" },
    { family: "kube_pod_init_container_status_terminated_reason", when: "kube_pod_init_container_status_terminated" },
    ...["reason", "exitcode", "timestamp"].flatMap((f) => [
        { family: `kube_pod_container_status_last_terminated_${f}`, when: "kube_pod_container_status_restarts_total" },
        { family: `kube_pod_init_container_status_last_terminated_${f}`, when: "kube_pod_init_container_status_restarts_total" },
    ]),
    { family: "kube_pod_completion_time", when: "kube_pod_container_status_terminated" },
    { family: "kube_pod_status_ready_time", when: "kube_pod_status_ready", labels: { condition: "true" } },
    { family: "kube_pod_status_container_ready_time", when: "kube_pod_status_ready", labels: { condition: "true" } },
];
const KSM_SERVED = ["kube_pod_container_status_waiting_reason", "kube_pod_container_status_last_terminated_reason", "kube_pod_init_container_status_terminated_reason", "kube_pod_status_ready_time"];

/** The series of `text` that kube-state-metrics would not write in the state the fixture gives, and the state families it lacks. */
export function ksmStateProblems(text: string): string[] {
    const lines = text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    const samples = samplesOf(text).map((s, i) => ({ ...s, value: Number(lines[i].slice(lines[i].lastIndexOf(" ") + 1)) }));
    const key = (l: Record<string, string>, container: boolean) => [l.namespace, l.pod, container ? l.container : ""].join("/");
    const problems: string[] = [];
    for (const r of KSM_STATE_FAMILIES) {
        const inState = (s: (typeof samples)[number]) => s.name === r.when && s.value !== 0 && Object.entries(r.labels ?? {}).every(([k, v]) => s.labels[k] === v);
        const series = samples.filter((s) => s.name === r.family);
        const container = series.some((s) => s.labels.container !== undefined);
        const states = new Set(samples.filter(inState).map((s) => key(s.labels, container)));
        const outside = series.filter((s) => !states.has(key(s.labels, container))).length;
        if (outside > 0) problems.push(`${r.family}: ${outside} of ${series.length} series for pods or containers not in the state ${r.when} reports`);
    }
    for (const family of KSM_SERVED) if (!samples.some((s) => s.name === family)) problems.push(`${family}: not served`);
    return problems;
}

const read = (f: string) => fs.readFileSync(f, "utf8");

describe("fixtures as fat as real exporters (npm run bench:ingest, issue #47)", () => {
    for (const [job, t] of Object.entries(TABLE)) {
        it(`${job}: every family, label and bucket count of the exporter's source`, () => {
            assert.deepStrictEqual(leanness(read(t.file), t.families), []);
        });
    }

    it("kube-state-metrics: the pod families of a state only for the pods and containers in it", () => {
        assert.deepStrictEqual(ksmStateProblems(busyKsmFixture()), []);
    });

    it("a kube-state-metrics fixture that writes a state's families for every container fails", () => {
        const text = busyKsmFixture();
        const everyContainer = text
            .split("\n")
            .filter((l) => l.startsWith("kube_pod_container_status_waiting{"))
            .map((l) => l.replace("kube_pod_container_status_waiting{", "kube_pod_container_status_waiting_reason{").replace(/,uid=/, ',reason="ContainerCreating",uid=').replace(/ \d+$/, " 1"));
        assert.match(ksmStateProblems(`${text}${everyContainer.join("\n")}\n`).join("\n"), /kube_pod_container_status_waiting_reason: \d+ of \d+ series for pods or containers not in the state/);
        const noneWaiting = text.split("\n").filter((l) => !l.startsWith("kube_pod_container_status_waiting_reason{")).join("\n");
        assert.match(ksmStateProblems(noneWaiting).join("\n"), /kube_pod_container_status_waiting_reason: not served/);
    });

    it("the per-CPU, per-device and per-pod families are multiplied by the documented node shape", () => {
        const count = (file: string, name: string, label: string) => new Set(samplesOf(read(file)).filter((s) => s.name === name).map((s) => s.labels[label])).size;
        assert.strictEqual(count(BUSY_FIXTURES["node-exporter"], "node_schedstat_running_seconds_total", "cpu"), BUSY.cpus);
        assert.strictEqual(count(BUSY_FIXTURES["node-exporter"], "node_softnet_backlog_len", "cpu"), BUSY.cpus);
        assert.strictEqual(count(BUSY_FIXTURES.cadvisor, "container_blkio_device_usage_total", "device"), BUSY.disks);
        assert.strictEqual(count(BUSY_FIXTURES.cadvisor, "container_memory_working_set_bytes", "pod") - 1, BUSY.pods, "every pod, and the cgroups outside pods");
        assert.strictEqual(count(BUSY_FIXTURES.cadvisor, "container_network_receive_bytes_total", "interface"), Math.max(BUSY.interfaces, 1));
    });

    it("a lean fixture fails: thinned buckets, a dropped label, a missing family", () => {
        const apiserver = read(BUSY_FIXTURES.apiserver);
        const sli = TABLE.apiserver.families.filter((f) => f.family === "apiserver_request_sli_duration_seconds");
        const thinned = apiserver.split("\n").filter((l) => !(l.startsWith("apiserver_request_sli_duration_seconds_bucket") && /le="(0\.2|0\.4|3)"/.test(l))).join("\n");
        assert.match(leanness(thinned, sli).join("\n"), /have 19 buckets, not 22/);
        const unlabelled = read(BUSY_FIXTURES.kubelet).replace(/,?first_with_network="(true|false)"/g, "");
        assert.match(leanness(unlabelled, TABLE.kubelet.families).join("\n"), /kubelet_pod_start_sli_duration_seconds: \d+ series without label first_with_network/);
        const noPressure = read(BUSY_FIXTURES.cadvisor).split("\n").filter((l) => !l.startsWith("container_pressure_")).join("\n");
        assert.match(leanness(noPressure, TABLE.cadvisor.families).join("\n"), /container_pressure_cpu_stalled_seconds_total: not served/);
    });
});
