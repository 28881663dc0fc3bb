import { Rule } from "./relabel";

/**
 * kube-prometheus' metricRelabelings for the same jobs, restated as Prometheus relabel rules
 * (github.com/prometheus-operator/kube-prometheus, main as of 2026-08:
 * jsonnet/kube-prometheus/components/k8s-control-plane.libsonnet, kube-state-metrics.libsonnet,
 * node-exporter.libsonnet and addons/dropping-deprecated-metrics-relabelings.libsonnet).
 * - kubelet (/metrics), kube-controller-manager and the API server also carry the "deprecated
 *   metrics" list; its names are long gone from Kubernetes and none is in our fixtures, so it is
 *   left out here and changes no count.
 * - node-exporter: kube-prometheus filters with collector flags, not relabelling. Our DaemonSet
 *   passes the same flags (wifi, hwmon and btrfs off, the same mount-point and interface
 *   exclusions; components/node-exporter/args.ts), and our fixture is an exporter started with them, so
 *   kube-prometheus keeps all of it.
 * - kube-scheduler, CoreDNS and kube-proxy (an optional add-on there): no metricRelabelings.
 */
const dropName = (regex: string): Rule => ({ action: "drop", source_labels: ["__name__"], regex });

export const KUBE_PROMETHEUS_RULES: Record<string, Rule[]> = {
    cadvisor: [
        dropName("container_(network_tcp_usage_total|network_udp_usage_total|tasks_state|cpu_load_average_10s)"),
        {
            action: "drop",
            source_labels: ["__name__", "pod", "namespace"],
            regex: "(container_spec_.*|container_file_descriptors|container_sockets|container_threads_max|container_threads|container_start_time_seconds|container_last_seen);;",
        },
        { action: "drop", source_labels: ["__name__", "container"], regex: "(container_blkio_device_usage_total);.+" },
    ],
    kubelet: [],
    "node-exporter": [],
    "kube-proxy": [],
    coredns: [],
    "kube-scheduler": [],
    "kube-controller-manager": [dropName("etcd_(debugging|disk|request|server).*")],
    "kube-state-metrics": [dropName("kube_(endpoint_(address_not_ready|address_available|ports))")],
    apiserver: [
        dropName("etcd_(debugging|disk|server).*"),
        dropName("apiserver_admission_controller_admission_latencies_seconds_.*"),
        dropName("apiserver_admission_step_admission_latencies_seconds_.*"),
        {
            action: "drop",
            source_labels: ["__name__", "le"],
            regex: "(apiserver_request|apiserver_request_sli|etcd_request)_duration_seconds_bucket;(0.15|0.25|0.3|0.35|0.4|0.45|0.6|0.7|0.8|0.9|1.25|1.5|1.75|2.5|3|3.5|4.5|6|7|8|9|15|25|30|50)",
        },
        {
            action: "drop",
            source_labels: ["__name__", "le"],
            regex: "apiserver_request_body_size_bytes_bucket;(150000|350000|550000|650000|850000|950000|(1\\.15|1\\.35|1\\.55|1\\.65|1\\.85|1\\.95|2\\.15|2\\.35|2\\.55|2\\.65|2\\.85|2\\.95)e\\+06)",
        },
    ],
};
