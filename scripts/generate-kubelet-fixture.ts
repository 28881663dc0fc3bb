/**
 * Writes tests/fixtures/kubelet-metrics.txt: what a kubelet (Kubernetes 1.35) serves at /metrics
 * (not /metrics/cadvisor, /metrics/probes or /metrics/resource) on one node of a small kind
 * cluster running the stack. No kubelet runs in the tests, so the families, types and label names
 * are transcribed from the Kubernetes metrics reference (kubernetes.io/docs/reference/instrumentation/metrics,
 * generated from test/instrumentation/documentation) and pkg/kubelet/metrics/metrics.go,
 * pkg/volume/util/metrics.go and k8s.io/component-base for the families every component serves;
 * buckets as those files declare them.
 * Synthetic, and said so: the label values are those of one node with 12 pods, 2 persistent
 * volume claims, containerd as the runtime and no device plugins or CSI drivers; sample values
 * are made up.
 *
 *   npm run fixture:kubelet
 */
import * as fs from "fs";
import * as path from "path";
import { componentBase, DEF, exp, exposition, Family } from "./fixture-exposition";

export const KUBELET_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "kubelet-metrics.txt");

/** The CRI calls the kubelet times (pkg/kubelet/kuberuntime/instrumented_services.go). */
const CRI_OPERATIONS = [
    "version", "status", "run_podsandbox", "stop_podsandbox", "remove_podsandbox", "podsandbox_status", "list_podsandbox", "create_container", "start_container",
    "stop_container", "remove_container", "list_containers", "container_status", "update_runtime_config", "exec_sync", "list_images", "image_status",
    "pull_image", "remove_image", "image_fs_info", "container_stats", "list_container_stats", "list_podsandbox_stats", "podsandbox_stats",
];
const POD_START_BUCKETS = [0.5, 1, 2, 3, 4, 5, 6, 8, 10, 20, 30, 45, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600];
const VOLUME_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 25, 50, 120, 300, 600];
const VOLUME_PLUGINS = ["kubernetes.io/configmap", "kubernetes.io/secret", "kubernetes.io/projected", "kubernetes.io/empty-dir", "kubernetes.io/host-path", "kubernetes.io/local-volume"];
export const PVCS = { namespace: ["monitoring"], persistentvolumeclaim: ["data-monitor-0", "grafana"] };
const PODS: ReadonlyArray<readonly [string, string, string]> = [
    ["kube-system", "coredns-7db6d8ff4d-aaaaa", "coredns"], ["kube-system", "coredns-7db6d8ff4d-bbbbb", "coredns"], ["kube-system", "etcd-kind-control-plane", "etcd"],
    ["kube-system", "kube-apiserver-kind-control-plane", "kube-apiserver"], ["kube-system", "kube-controller-manager-kind-control-plane", "kube-controller-manager"],
    ["kube-system", "kube-scheduler-kind-control-plane", "kube-scheduler"], ["kube-system", "kube-proxy-x7k2p", "kube-proxy"], ["kube-system", "kindnet-q2w4e", "kindnet-cni"],
    ["local-path-storage", "local-path-provisioner-6f8956fb48-abcde", "local-path-provisioner"], ["monitoring", "monitor-0", "prometheus"], ["monitoring", "grafana-5d9c6c8b9f-fghij", "grafana"],
    ["monitoring", "node-exporter-klmno", "node-exporter"],
];

/** What the node runs: [namespace, pod, container] of every container, its volume claims and volume plugins. */
export interface KubeletShape {
    containers: ReadonlyArray<readonly [string, string, string]>;
    pvcs: ReadonlyArray<{ namespace: string; persistentvolumeclaim: string }>;
    volumePlugins: readonly string[];
    /** A real kubelet's families beyond the small fixture's (realOnly, podStartByNetwork): the busy fixture sets it. */
    real?: boolean;
}

/** The small kind node of tests/fixtures/kubelet-metrics.txt. */
export const SMALL_KUBELET_SHAPE: KubeletShape = { containers: PODS, pvcs: PVCS.persistentvolumeclaim.map((persistentvolumeclaim) => ({ namespace: PVCS.namespace[0], persistentvolumeclaim })), volumePlugins: VOLUME_PLUGINS };

const kubeletOwn = (shape: KubeletShape): Family[] => [
    { name: "kubelet_node_name", type: "gauge", labels: { node: ["kind-control-plane"] } },
    { name: "kubelet_running_pods", type: "gauge" },
    { name: "kubelet_running_containers", type: "gauge", labels: { container_state: ["created", "exited", "running", "unknown"] } },
    { name: "kubelet_desired_pods", type: "gauge", labels: { static: ["true", "false"] } },
    { name: "kubelet_active_pods", type: "gauge", labels: { static: ["true", "false"] } },
    { name: "kubelet_mirror_pods", type: "gauge" },
    { name: "kubelet_managed_ephemeral_containers", type: "gauge" },
    { name: "kubelet_started_pods_total", type: "counter" },
    { name: "kubelet_started_pods_errors_total", type: "counter" },
    { name: "kubelet_started_containers_total", type: "counter", labels: { container_type: ["container", "init_container", "ephemeral_container"] } },
    { name: "kubelet_started_containers_errors_total", type: "counter", labels: { code: ["CreateContainerError", "RunContainerError"], container_type: ["container"] } },
    { name: "kubelet_restarted_pods_total", type: "counter", labels: { static: ["true", "false"] } },
    { name: "kubelet_orphaned_runtime_pods_total", type: "counter" },
    { name: "kubelet_evictions", type: "counter", labels: { eviction_signal: ["memory.available", "nodefs.available", "imagefs.available"] } },
    { name: "kubelet_preemptions", type: "counter", labels: { preemption_signal: ["cpu", "memory"] } },
    { name: "kubelet_eviction_stats_age_seconds", type: "histogram", labels: { eviction_signal: ["memory.available", "nodefs.available"] }, buckets: DEF },
    { name: "kubelet_certificate_manager_client_ttl_seconds", type: "gauge" },
    { name: "kubelet_certificate_manager_client_expiration_renew_errors", type: "counter" },
    { name: "kubelet_server_expiration_renew_errors", type: "counter" },
    { name: "kubelet_pleg_relist_duration_seconds", type: "histogram", buckets: DEF },
    { name: "kubelet_pleg_relist_interval_seconds", type: "histogram", buckets: DEF },
    { name: "kubelet_pleg_last_seen_seconds", type: "gauge" },
    { name: "kubelet_pleg_discard_events", type: "counter" },
    { name: "kubelet_pod_worker_duration_seconds", type: "histogram", labels: { operation_type: ["create", "update", "sync"] }, buckets: DEF },
    { name: "kubelet_pod_worker_start_duration_seconds", type: "histogram", buckets: DEF },
    { name: "kubelet_pod_start_duration_seconds", type: "histogram", buckets: POD_START_BUCKETS },
    ...podStartByNetwork(shape),
    { name: "kubelet_pod_status_sync_duration_seconds", type: "histogram", buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 20, 30, 45, 60] },
    { name: "kubelet_cgroup_manager_duration_seconds", type: "histogram", labels: { operation_type: ["create", "destroy", "update"] }, buckets: DEF },
    { name: "kubelet_containers_per_pod_count", type: "histogram", buckets: exp(1, 2, 5) },
    { name: "kubelet_runtime_operations_total", type: "counter", labels: { operation_type: CRI_OPERATIONS } },
    { name: "kubelet_runtime_operations_errors_total", type: "counter", labels: { operation_type: ["container_status", "exec_sync", "stop_container"] } },
    { name: "kubelet_runtime_operations_duration_seconds", type: "histogram", labels: { operation_type: CRI_OPERATIONS }, buckets: exp(0.005, 2.5, 14) },
    { name: "kubelet_run_podsandbox_duration_seconds", type: "histogram", labels: { runtime_handler: [""] }, buckets: DEF },
    { name: "kubelet_run_podsandbox_errors_total", type: "counter", labels: { runtime_handler: [""] } },
    { name: "kubelet_image_pull_duration_seconds", type: "histogram", labels: { image_size_in_bytes: ["0-10MB", "10MB-100MB", "100MB-500MB"] }, buckets: [1, 5, 10, 20, 30, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600] },
    { name: "kubelet_http_requests_total", type: "counter", labels: { long_running: ["false"], method: ["GET"], path: ["metrics", "metrics/cadvisor", "metrics/probes", "metrics/resource", "stats", "pods", "healthz", "containerLogs"], server_type: ["readwrite"] } },
    { name: "kubelet_http_requests_duration_seconds", type: "histogram", labels: { long_running: ["false"], method: ["GET"], path: ["metrics", "metrics/cadvisor", "metrics/probes", "metrics/resource", "stats", "pods", "healthz", "containerLogs"], server_type: ["readwrite"] }, buckets: DEF },
    { name: "kubelet_http_inflight_requests", type: "gauge", labels: { long_running: ["false"], method: ["GET"], path: ["metrics", "metrics/cadvisor", "metrics/probes", "metrics/resource", "stats", "pods", "healthz", "containerLogs"], server_type: ["readwrite"] } },
    { name: "kubelet_volume_stats_available_bytes", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_capacity_bytes", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_used_bytes", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_inodes", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_inodes_free", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_inodes_used", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_volume_stats_health_status_abnormal", type: "gauge", rows: shape.pvcs },
    { name: "kubelet_container_log_filesystem_used_bytes", type: "gauge", rows: shape.containers.map(([namespace, pod, container], i) => ({ container, namespace, pod, uid: `uid-${i}` })) },
    { name: "kubelet_orphan_pod_cleaned_volumes", type: "gauge" },
    { name: "kubelet_orphan_pod_cleaned_volumes_errors", type: "gauge" },
    { name: "kubelet_graceful_shutdown_start_time_seconds", type: "gauge" },
    { name: "kubelet_graceful_shutdown_end_time_seconds", type: "gauge" },
    { name: "kubelet_lifecycle_handler_http_fallbacks_total", type: "counter" },
    { name: "kubelet_cpu_manager_pinning_requests_total", type: "counter" },
    { name: "kubelet_cpu_manager_pinning_errors_total", type: "counter" },
    { name: "kubelet_topology_manager_admission_requests_total", type: "counter" },
    { name: "kubelet_topology_manager_admission_errors_total", type: "counter" },
    { name: "kubelet_topology_manager_admission_duration_ms", type: "histogram", buckets: [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100] },
    { name: "kubelet_pod_resources_endpoint_requests_total", type: "counter", labels: { server_api_version: ["v1"] } },
    { name: "kubelet_pod_resources_endpoint_requests_list", type: "counter", labels: { server_api_version: ["v1"] } },
    { name: "kubelet_pod_resources_endpoint_requests_get_allocatable", type: "counter", labels: { server_api_version: ["v1"] } },
    { name: "storage_operation_duration_seconds", type: "histogram", labels: { migrated: ["false"], operation_name: ["volume_mount", "volume_unmount", "unmount_device"], status: ["success"], volume_plugin: shape.volumePlugins }, buckets: VOLUME_BUCKETS },
    { name: "volume_operation_total_seconds", type: "histogram", labels: { operation_name: ["volume_mount", "volume_unmount"], plugin_name: shape.volumePlugins }, buckets: VOLUME_BUCKETS },
    { name: "volume_manager_total_volumes", type: "gauge", labels: { plugin_name: shape.volumePlugins, state: ["actual_state_of_world", "desired_state_of_world"] } },
    { name: "plugin_manager_total_plugins", type: "gauge", labels: { socket_path: ["/var/lib/kubelet/plugins_registry"], state: ["actual_state_of_world", "desired_state_of_world"] } },
    ...(shape.real ? realOnly(shape) : []),
];

/**
 * kubelet_pod_start_sli_duration_seconds and _total_: by first_with_network in the kubelet's
 * source (pkg/kubelet/metrics/metrics.go, Kubernetes 1.30+); the small fixture keeps the older,
 * unlabelled form its tests were written against.
 */
function podStartByNetwork(shape: KubeletShape): Family[] {
    const labels = shape.real ? { first_with_network: ["false", "true"] } : undefined;
    return [
        { name: "kubelet_pod_start_sli_duration_seconds", type: "histogram", labels, buckets: POD_START_BUCKETS },
        { name: "kubelet_pod_start_total_duration_seconds", type: "histogram", labels, buckets: POD_START_BUCKETS },
    ];
}

/**
 * Families a real kubelet of Kubernetes 1.35 serves at /metrics that the small fixture leaves out
 * (the busy fixture has them): pkg/kubelet/metrics/metrics.go (working pods by lifecycle, config
 * and static; image garbage collection; node startup; the server certificate's TTL),
 * pkg/volume/csi (csi_operations_seconds, when a CSI driver mounts volumes), and the delegated
 * authentication and x509 client-certificate families of k8s.io/apiserver that the kubelet's
 * webhook and client-CA authenticators register.
 */
function realOnly(shape: KubeletShape): Family[] {
    const csi = shape.volumePlugins.filter((p) => p.startsWith("kubernetes.io/csi:")).map((p) => p.slice("kubernetes.io/csi:".length));
    return [
        { name: "kubelet_working_pods", type: "gauge", labels: { config: ["desired", "orphan", "runtime_only"], lifecycle: ["sync", "terminating", "terminated"], static: ["", "true"] } },
        { name: "kubelet_image_garbage_collected_total", type: "counter", labels: { reason: ["age", "space"] } },
        ...["node_startup_pre_kubelet_duration_seconds", "node_startup_pre_registration_duration_seconds", "node_startup_registration_duration_seconds", "node_startup_post_registration_duration_seconds", "node_startup_duration_seconds"].map((n): Family => ({ name: `kubelet_${n}`, type: "gauge" })),
        { name: "kubelet_certificate_manager_server_ttl_seconds", type: "gauge" },
        { name: "kubelet_node_config_error", type: "gauge" },
        ...(csi.length === 0 ? [] : [{ name: "csi_operations_seconds", type: "histogram" as const, labels: { driver_name: csi, grpc_status_code: ["OK"], method_name: ["/csi.v1.Node/NodeGetVolumeStats", "/csi.v1.Node/NodePublishVolume", "/csi.v1.Node/NodeUnpublishVolume", "/csi.v1.Node/NodeStageVolume", "/csi.v1.Node/NodeGetCapabilities"], migrated: ["false"] }, buckets: VOLUME_BUCKETS }]),
        { name: "apiserver_delegated_authn_request_duration_seconds", type: "histogram", labels: { code: ["201"] }, buckets: [0.25, 0.5, 0.7, 1, 1.5, 3, 5, 10] },
        { name: "apiserver_delegated_authn_request_total", type: "counter", labels: { code: ["201"] } },
        { name: "apiserver_delegated_authz_request_duration_seconds", type: "histogram", labels: { code: ["201"] }, buckets: [0.25, 0.5, 0.7, 1, 1.5, 3, 5, 10] },
        { name: "apiserver_delegated_authz_request_total", type: "counter", labels: { code: ["201"] } },
        { name: "apiserver_client_certificate_expiration_seconds", type: "histogram", buckets: [0, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 345600, 604800, 2592000, 7776000, 15552000, 31104000] },
        { name: "authentication_token_cache_request_total", type: "counter", labels: { status: ["hit", "miss"] } },
    ];
}

export function kubeletFixture(shape: KubeletShape = SMALL_KUBELET_SHAPE, header?: string): string {
    const small =
        "kubelet /metrics: generated by scripts/generate-kubelet-fixture.ts (npm run fixture:kubelet); families, types, label names and buckets\n" +
        "from the Kubernetes metrics reference and pkg/kubelet/metrics (see the script), label values of one kind node (Kubernetes 1.35).\n" +
        "Synthetic: the pods, volumes and CRI calls are modelled, not recorded; sample values are made up.";
    return exposition(header ?? small, [...kubeletOwn(shape), ...componentBase(false, 300)]);
}

if (require.main === module) {
    fs.writeFileSync(KUBELET_FIXTURE, kubeletFixture());
    console.log(`wrote ${KUBELET_FIXTURE}`);
}
