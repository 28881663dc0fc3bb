import { droppedFamily, FamilyRule, keptFamily } from "./family-rules";

/**
 * What the node-exporter job drops before storage, and the kept families next to them
 * (docs/scrape-jobs.md#node-exporter repeats this table; a test compares them). Kept: what the
 * node mixin's dashboards, recording rules and alerts (kube-prometheus) query. Dropped: the
 * exporter's own runtime and the per-CPU and per-interface detail that no common panel reads.
 */
const OWN_PROCESS = "the exporter's own process, not the machine: Prometheus' up and scrape_* series say whether it works";
const PER_CPU = "one series per CPU (and often per field); node_cpu_seconds_total is what CPU panels use";
const NETCLASS_DETAIL = "interface configuration from sysfs, one series per interface; node_network_info, _up, _mtu_bytes and _speed_bytes say what panels need";
const NETDEV_LEGACY = "a legacy per-interface counter no common panel or alert reads; bytes, packets, errors and drops are kept";
const DISK_DETAIL = "discard and flush detail per device; disk panels use reads, writes and I/O time";

export const NODE_EXPORTER_FAMILIES: readonly FamilyRule[] = [
    keptFamily("node_cpu_seconds_total", "CPU usage per mode, the base of every CPU panel and of node:node_cpu_utilisation"),
    droppedFamily("node_cpu_guest_seconds_total", "time spent running virtual machines; zero on a Kubernetes node that hosts none"),
    droppedFamily("node_cpu_scaling_*", PER_CPU),
    droppedFamily("node_cpu_frequency_*", PER_CPU),
    droppedFamily("node_schedstat_*", PER_CPU),
    droppedFamily("node_softnet_*", PER_CPU),
    keptFamily("node_load1", "load panels and the node mixin's load alerts"),
    keptFamily("node_memory_MemAvailable_bytes", "memory panels and NodeMemoryHighUtilization"),
    keptFamily("node_filesystem_avail_bytes", "NodeFilesystemSpaceFillingUp and filesystem panels"),
    keptFamily("node_filesystem_files_free", "NodeFilesystemFilesFillingUp"),
    keptFamily("node_disk_io_time_seconds_total", "disk utilisation panels and NodeDiskIOSaturation"),
    droppedFamily("node_disk_discard*", DISK_DETAIL),
    droppedFamily("node_disk_flush_requests_*", DISK_DETAIL),
    keptFamily("node_network_receive_bytes_total", "network panels"),
    keptFamily("node_network_receive_errs_total", "NodeNetworkReceiveErrs"),
    keptFamily("node_network_up", "NodeNetworkInterfaceFlapping"),
    droppedFamily("node_network_receive_compressed_total", NETDEV_LEGACY),
    droppedFamily("node_network_transmit_compressed_total", NETDEV_LEGACY),
    droppedFamily("node_network_receive_fifo_total", NETDEV_LEGACY),
    droppedFamily("node_network_transmit_fifo_total", NETDEV_LEGACY),
    droppedFamily("node_network_receive_frame_total", NETDEV_LEGACY),
    droppedFamily("node_network_receive_multicast_total", NETDEV_LEGACY),
    droppedFamily("node_network_receive_nohandler_total", NETDEV_LEGACY),
    droppedFamily("node_network_transmit_carrier_total", NETDEV_LEGACY),
    droppedFamily("node_network_transmit_colls_total", NETDEV_LEGACY),
    droppedFamily("node_network_address_assign_type", NETCLASS_DETAIL),
    droppedFamily("node_network_carrier_changes_total", NETCLASS_DETAIL),
    droppedFamily("node_network_carrier_down_changes_total", NETCLASS_DETAIL),
    droppedFamily("node_network_carrier_up_changes_total", NETCLASS_DETAIL),
    droppedFamily("node_network_device_id", NETCLASS_DETAIL),
    droppedFamily("node_network_dormant", NETCLASS_DETAIL),
    droppedFamily("node_network_flags", NETCLASS_DETAIL),
    droppedFamily("node_network_iface_id", NETCLASS_DETAIL),
    droppedFamily("node_network_iface_link", NETCLASS_DETAIL),
    droppedFamily("node_network_iface_link_mode", NETCLASS_DETAIL),
    droppedFamily("node_network_name_assign_type", NETCLASS_DETAIL),
    droppedFamily("node_network_net_dev_group", NETCLASS_DETAIL),
    droppedFamily("node_network_protocol_type", NETCLASS_DETAIL),
    droppedFamily("node_network_transmit_queue_length", NETCLASS_DETAIL),
    keptFamily("node_nf_conntrack_entries", "NodeHighNumberConntrackEntriesUsed"),
    keptFamily("node_timex_offset_seconds", "NodeClockSkewDetected"),
    keptFamily("node_scrape_collector_success", "whether each collector worked; a failing collector hides its families"),
    droppedFamily("node_scrape_collector_duration_seconds", "per-collector timing, one series per collector; the scrape duration covers the whole"),
    droppedFamily("node_xfs_*", "XFS allocator and B-tree internals, dozens of series per device; filesystem panels use node_filesystem_*"),
    droppedFamily("node_nfs_requests_total", "one series per NFS procedure and version; node_nfs_rpcs_total and retransmissions say whether NFS is healthy"),
    keptFamily("node_exporter_build_info", "which exporter answered"),
    droppedFamily("go_*", OWN_PROCESS),
    droppedFamily("process_*", OWN_PROCESS),
    droppedFamily("promhttp_*", OWN_PROCESS),
];
