/**
 * Every metric family that the kubelet's cAdvisor exposes at /metrics/cadvisor (Kubernetes
 * 1.22+), and whether we keep it. Kept: what the common Kubernetes dashboards and recording rules
 * (kube-prometheus, the Grafana Kubernetes mixins) query. Dropped: the rest, each with the reason
 * docs/scrape-jobs.md repeats. A family missing from this table is kept, so a new cAdvisor family shows up
 * rather than vanishing silently.
 */
export interface CadvisorFamily {
    name: string;
    keep: boolean;
    why: string;
}

const kept = (name: string, why: string): CadvisorFamily => ({ name, keep: true, why });
const dropped = (name: string, why: string): CadvisorFamily => ({ name, keep: false, why });

const SPLIT_OF_USAGE = "user/system split of container_cpu_usage_seconds_total; dashboards use the total";
const PER_DEVICE_IO = "per-device block I/O detail; dashboards use the bytes and operation totals";
const KSM_HAS_IT = "the container spec (limits, shares); kube-state-metrics exposes requests and limits";

export const CADVISOR_FAMILIES: readonly CadvisorFamily[] = [
    kept("container_cpu_usage_seconds_total", "container CPU, the base of every CPU panel and recording rule"),
    kept("container_cpu_cfs_periods_total", "denominator of the CPU throttling ratio"),
    kept("container_cpu_cfs_throttled_periods_total", "numerator of the CPU throttling ratio"),
    kept("container_cpu_cfs_throttled_seconds_total", "time throttled per container"),
    dropped("container_cpu_load_average_10s", "always 0: the kubelet does not enable cAdvisor's load reader"),
    dropped("container_cpu_system_seconds_total", SPLIT_OF_USAGE),
    dropped("container_cpu_user_seconds_total", SPLIT_OF_USAGE),

    kept("container_memory_working_set_bytes", "what the kubelet evicts and the OOM killer acts on; memory panels"),
    kept("container_memory_rss", "memory RSS panels and rules"),
    kept("container_memory_cache", "page cache panels"),
    kept("container_memory_usage_bytes", "memory usage panels"),
    kept("container_memory_swap", "memory panels of the Kubernetes mixin"),
    kept("container_oom_events_total", "OOM kills per container"),
    dropped("container_memory_failcnt", "cgroup v1 limit-hit counter; working set against the limit says more"),
    dropped("container_memory_failures_total", "page-fault counters, four series per container and scope"),
    dropped("container_memory_mapped_file", "memory-mapped file size; no common panel uses it"),
    dropped("container_memory_max_usage_bytes", "peak since cgroup creation, never reset; misleading in a rate window"),
    dropped("container_memory_kernel_usage", "kernel memory detail; no common panel uses it"),

    kept("container_network_receive_bytes_total", "network panels"),
    kept("container_network_transmit_bytes_total", "network panels"),
    kept("container_network_receive_packets_total", "network panels"),
    kept("container_network_transmit_packets_total", "network panels"),
    kept("container_network_receive_packets_dropped_total", "network panels"),
    kept("container_network_transmit_packets_dropped_total", "network panels"),
    kept("container_network_receive_errors_total", "errors per pod interface, for teams' rules (stack/kept-without-reader.ts); no platform panel reads it"),
    kept("container_network_transmit_errors_total", "errors per pod interface, for teams' rules (stack/kept-without-reader.ts); no platform panel reads it"),
    dropped("container_network_tcp_usage_total", "off in the kubelet's cAdvisor; only zero series"),
    dropped("container_network_tcp6_usage_total", "off in the kubelet's cAdvisor; only zero series"),
    dropped("container_network_udp_usage_total", "off in the kubelet's cAdvisor; only zero series"),
    dropped("container_network_udp6_usage_total", "off in the kubelet's cAdvisor; only zero series"),

    kept("container_fs_reads_bytes_total", "filesystem read throughput panels"),
    kept("container_fs_writes_bytes_total", "filesystem write throughput panels"),
    kept("container_fs_reads_total", "filesystem read IOPS panels"),
    kept("container_fs_writes_total", "filesystem write IOPS panels"),
    kept("container_fs_usage_bytes", "container filesystem usage"),
    kept("container_fs_limit_bytes", "container filesystem size, for usage ratios"),
    dropped("container_fs_inodes_free", "per-device inode counts; node-exporter reports filesystems"),
    dropped("container_fs_inodes_total", "per-device inode counts; node-exporter reports filesystems"),
    dropped("container_fs_io_current", PER_DEVICE_IO),
    dropped("container_fs_io_time_seconds_total", PER_DEVICE_IO),
    dropped("container_fs_io_time_weighted_seconds_total", PER_DEVICE_IO),
    dropped("container_fs_read_seconds_total", PER_DEVICE_IO),
    dropped("container_fs_write_seconds_total", PER_DEVICE_IO),
    dropped("container_fs_reads_merged_total", PER_DEVICE_IO),
    dropped("container_fs_writes_merged_total", PER_DEVICE_IO),
    dropped("container_fs_sector_reads_total", PER_DEVICE_IO),
    dropped("container_fs_sector_writes_total", PER_DEVICE_IO),
    dropped("container_blkio_device_usage_total", PER_DEVICE_IO),

    dropped("container_spec_cpu_period", KSM_HAS_IT),
    dropped("container_spec_cpu_quota", KSM_HAS_IT),
    dropped("container_spec_cpu_shares", KSM_HAS_IT),
    dropped("container_spec_memory_limit_bytes", KSM_HAS_IT),
    dropped("container_spec_memory_reservation_limit_bytes", KSM_HAS_IT),
    dropped("container_spec_memory_swap_limit_bytes", KSM_HAS_IT),

    dropped("container_file_descriptors", "process detail; no common panel uses it"),
    dropped("container_processes", "process detail; no common panel uses it"),
    dropped("container_sockets", "process detail; no common panel uses it"),
    dropped("container_threads", "process detail; no common panel uses it"),
    dropped("container_threads_max", "process detail; no common panel uses it"),
    dropped("container_tasks_state", "five task-state series per container, mostly zero"),
    dropped("container_ulimits_soft", "static ulimit values"),
    dropped("container_last_seen", "time of the last cAdvisor housekeeping; the scrape itself says the same"),
    dropped("container_start_time_seconds", "kube-state-metrics exposes container start times"),

    kept("machine_cpu_cores", "node capacity, a handful of series"),
    kept("machine_memory_bytes", "node capacity, a handful of series"),
    kept("cadvisor_version_info", "one series: which cAdvisor answered"),
    kept("container_scrape_error", "one series: whether cAdvisor's own collection failed"),
];
