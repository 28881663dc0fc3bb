/**
 * Writes tests/fixtures/{coredns,kube-scheduler,kube-controller-manager,kube-proxy}-metrics.txt:
 * what each component serves at /metrics in a one-node kind cluster (Kubernetes 1.35, CoreDNS
 * 1.12), family by family. No such component runs in the tests, so the families, their types and
 * label names are transcribed below from each component's own source and docs at those versions:
 * - CoreDNS: plugin/metrics/README.md and the README of each plugin kind's Corefile enables
 *   (cache, forward, health, kubernetes), coredns/coredns v1.12; the label names of the request,
 *   cache and forward families checked against the source at the v1.12.1 tag (the version kind
 *   runs): plugin/metrics/vars/vars.go, plugin/cache/metrics.go, plugin/forward/metrics.go and
 *   plugin/pkg/proxy/metrics.go. At that tag forward serves no coredns_forward_requests_total or
 *   coredns_forward_responses_total (its README lists them as deprecated, replaced by
 *   coredns_proxy_request_duration_seconds{proxy_name="forward"}), and the request duration has
 *   no type label;
 * - kube-scheduler, kube-controller-manager, kube-proxy: the Kubernetes metrics reference
 *   (kubernetes.io/docs/reference/instrumentation/metrics, generated from
 *   test/instrumentation/documentation), and pkg/scheduler/metrics/metrics.go,
 *   pkg/proxy/metrics/metrics.go, k8s.io/component-base and client-go for the families every
 *   component serves; workqueue names from the controllers kube-controller-manager starts.
 * Label values are what a one-node kind cluster gives (one CoreDNS server block, the default
 * scheduler profile and plugins, the controllers' queues); sample values are made up, but each
 * counter grows with the bucket bounds so that every quantile and rate has data.
 *
 *   npm run fixture:control-plane
 */
import * as fs from "fs";
import * as path from "path";
import { componentBase, DEF, exp, exposition, Family, GO_PROCESS, lin, workqueues } from "./fixture-exposition";

const DIR = path.join(__dirname, "..", "tests", "fixtures");
export const CONTROL_PLANE_FIXTURES = {
    coredns: path.join(DIR, "coredns-metrics.txt"),
    "kube-scheduler": path.join(DIR, "kube-scheduler-metrics.txt"),
    "kube-controller-manager": path.join(DIR, "kube-controller-manager-metrics.txt"),
    "kube-proxy": path.join(DIR, "kube-proxy-metrics.txt"),
} as const;

const SCHEDULER_PLUGINS = ["PrioritySort", "NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity", "DefaultPreemption", "NodeResourcesBalancedAllocation", "ImageLocality", "DefaultBinder", "SchedulingGates", "DynamicResources"];
const EXTENSION_POINTS = ["PreFilter", "Filter", "PostFilter", "PreScore", "Score", "Reserve", "Permit", "PreBind", "Bind", "PostBind", "PreEnqueue", "QueueSort"];
const STATUS = ["Success", "Unschedulable", "Error"];

const SCHEDULER: Family[] = [
    { name: "scheduler_pending_pods", type: "gauge", labels: { queue: ["active", "backoff", "unschedulable", "gated"] } },
    { name: "scheduler_schedule_attempts_total", type: "counter", labels: { profile: ["default-scheduler"], result: ["scheduled", "unschedulable", "error"] } },
    { name: "scheduler_scheduling_attempt_duration_seconds", type: "histogram", labels: { profile: ["default-scheduler"], result: ["scheduled", "unschedulable", "error"] }, buckets: exp(0.001, 2, 15) },
    { name: "scheduler_plugin_execution_duration_seconds", type: "histogram", labels: { plugin: SCHEDULER_PLUGINS, extension_point: ["PreFilter", "Filter", "PreScore", "Score", "Bind"], status: ["Success"] }, buckets: exp(0.00001, 1.5, 20) },
    { name: "scheduler_framework_extension_point_duration_seconds", type: "histogram", labels: { profile: ["default-scheduler"], extension_point: EXTENSION_POINTS, status: STATUS }, buckets: exp(0.0001, 2, 12) },
    { name: "scheduler_plugin_evaluation_total", type: "counter", labels: { plugin: SCHEDULER_PLUGINS, extension_point: ["PreFilter", "Filter", "PreScore", "Score"], profile: ["default-scheduler"] } },
    { name: "scheduler_event_handling_duration_seconds", type: "histogram", labels: { event: ["PodAdd", "PodUpdate", "PodDelete", "NodeAdd", "NodeUpdate", "AssignedPodAdd", "AssignedPodDelete", "UnscheduledPodAdd"] }, buckets: exp(0.0001, 2, 12) },
    { name: "scheduler_pod_scheduling_sli_duration_seconds", type: "histogram", labels: { attempts: ["1", "2", "3"] }, buckets: exp(0.01, 2, 20) },
    { name: "scheduler_pod_scheduling_attempts", type: "histogram", buckets: exp(1, 2, 5) },
    { name: "scheduler_queue_incoming_pods_total", type: "counter", labels: { queue: ["active", "backoff", "unschedulable"], event: ["PodAdd", "ScheduleAttemptFailure", "NodeAdd", "AssignedPodDelete"] } },
    { name: "scheduler_preemption_attempts_total", type: "counter" },
    { name: "scheduler_preemption_victims", type: "histogram", buckets: exp(1, 2, 7) },
    { name: "scheduler_unschedulable_pods", type: "gauge", labels: { plugin: ["NodeResourcesFit", "TaintToleration"], profile: ["default-scheduler"] } },
    { name: "scheduler_goroutines", type: "gauge", labels: { operation: ["binding", "Filter", "Score"] } },
    { name: "scheduler_cache_size", type: "gauge", labels: { type: ["nodes", "pods", "assumed_pods"] } },
    ...workqueues(["DynamicResourcesPodSchedulingContext"]),
    ...componentBase(true, 250),
    // Last, so the families above keep their sample values: SchedulingAlgorithmLatency, pkg/scheduler/metrics/metrics.go, no labels.
    { name: "scheduler_scheduling_algorithm_duration_seconds", type: "histogram", buckets: exp(0.001, 2, 15) },
];

/** The queues of the controllers kube-controller-manager starts by default (one per controller, some two). */
const KCM_QUEUES = [
    "bootstrap_signer_queue", "certificate", "claims", "cronjob", "daemonset", "deployment", "disruption", "disruption_recheck", "endpoint", "endpoint_slice", "endpoint_slice_mirroring",
    "ephemeral_volume", "garbage_collector_attempt_to_delete", "garbage_collector_attempt_to_orphan", "garbage_collector_graph_changes", "horizontalpodautoscaler", "job", "job_orphan_pod",
    "namespace", "node_lifecycle_controller", "node_lifecycle_controller_pods", "noexec_taint_node", "noexec_taint_pod", "orphaned_pods_nodes", "pvcprotection", "pvcs", "pvprotection",
    "replicaset", "replicationmanager", "resource_quota_controller_resource_changes", "resourcequota_primary", "resourcequota_priority", "root_ca_cert_publisher", "serviceaccount",
    "serviceaccount_tokens_secret", "statefulset", "token_cleaner", "ttl_jobs_to_delete", "ttlcontroller", "volume_expand", "volumes", "service", "node",
];

const CONTROLLER_MANAGER: Family[] = [
    ...workqueues(KCM_QUEUES),
    { name: "endpoint_slice_controller_changes", type: "counter", labels: { operation: ["create", "update", "delete"], topology: ["Disabled"], traffic_distribution: [""] } },
    { name: "endpoint_slice_controller_desired_endpoint_slices", type: "gauge" },
    { name: "endpoint_slice_controller_endpoints_added_per_sync", type: "histogram", buckets: exp(2, 2, 15) },
    { name: "endpoint_slice_controller_endpoints_removed_per_sync", type: "histogram", buckets: exp(2, 2, 15) },
    { name: "endpoint_slice_controller_endpointslices_changed_per_sync", type: "histogram", labels: { topology: ["Disabled"], traffic_distribution: [""] }, buckets: DEF },
    { name: "endpoint_slice_controller_syncs", type: "counter", labels: { result: ["success", "error"] } },
    { name: "endpoint_slice_mirroring_controller_endpoints_sync_duration", type: "histogram", buckets: exp(0.001, 2, 15) },
    { name: "root_ca_cert_publisher_sync_duration_seconds", type: "histogram", labels: { code: ["200"] }, buckets: exp(0.001, 2, 15) },
    { name: "root_ca_cert_publisher_sync_total", type: "counter", labels: { code: ["200"] } },
    { name: "ttl_after_finished_controller_job_deletion_duration_seconds", type: "histogram", buckets: exp(0.1, 2, 14) },
    { name: "cronjob_controller_job_creation_skew_duration_seconds", type: "histogram", buckets: exp(1, 2, 10) },
    { name: "ephemeral_volume_controller_create_total", type: "counter" },
    { name: "node_collector_evictions_total", type: "counter", labels: { zone: [""] } },
    { name: "node_collector_zone_health", type: "gauge", labels: { zone: [""] } },
    { name: "node_collector_zone_size", type: "gauge", labels: { zone: [""] } },
    { name: "node_ipam_controller_cidrset_usage_cidrs", type: "gauge", labels: { clusterCIDR: ["10.244.0.0/16"] } },
    { name: "garbagecollector_controller_resources_sync_error_total", type: "counter" },
    { name: "job_controller_pod_finished_total", type: "counter", labels: { completion_mode: ["NonIndexed"], result: ["succeeded", "failed"] } },
    ...componentBase(true, 250),
];

const KUBE_PROXY: Family[] = [
    { name: "kubeproxy_sync_proxy_rules_duration_seconds", type: "histogram", buckets: exp(0.001, 2, 15) },
    { name: "kubeproxy_sync_full_proxy_rules_duration_seconds", type: "histogram", buckets: exp(0.001, 2, 15) },
    { name: "kubeproxy_sync_partial_proxy_rules_duration_seconds", type: "histogram", buckets: exp(0.001, 2, 15) },
    { name: "kubeproxy_sync_proxy_rules_last_timestamp_seconds", type: "gauge" },
    { name: "kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds", type: "gauge" },
    // MergeBuckets (k8s.io/component-base v0.35.0 metrics/buckets.go) starts with a 0 bound; then 0.25 s, 0.5 s, 1..59 s, 60..115 s, 2..5 min: 81 bounds, none twice.
    { name: "kubeproxy_network_programming_duration_seconds", type: "histogram", buckets: [0, ...lin(0.25, 0.25, 2), ...lin(1, 1, 59), ...lin(60, 5, 12), ...lin(120, 30, 7)] },
    { name: "kubeproxy_sync_proxy_rules_iptables_restore_failures_total", type: "counter" },
    { name: "kubeproxy_sync_proxy_rules_iptables_partial_restore_failures_total", type: "counter" },
    { name: "kubeproxy_sync_proxy_rules_iptables_total", type: "gauge", labels: { table: ["filter", "nat"] } },
    { name: "kubeproxy_sync_proxy_rules_iptables_last", type: "gauge", labels: { table: ["filter", "nat"] } },
    { name: "kubeproxy_sync_proxy_rules_endpoint_changes_pending", type: "gauge" },
    { name: "kubeproxy_sync_proxy_rules_endpoint_changes_total", type: "counter" },
    { name: "kubeproxy_sync_proxy_rules_service_changes_pending", type: "gauge" },
    { name: "kubeproxy_sync_proxy_rules_service_changes_total", type: "counter" },
    { name: "kubeproxy_sync_proxy_rules_no_local_endpoints_total", type: "gauge", labels: { traffic_policy: ["internal", "external"] } },
    { name: "kubeproxy_proxy_healthz_total", type: "counter", labels: { code: ["200", "503"] } },
    { name: "kubeproxy_proxy_livez_total", type: "counter", labels: { code: ["200", "503"] } },
    ...componentBase(false, 250),
];

const SERVER = { server: ["dns://:53"], zone: ["."], view: [""] };
const COREDNS: Family[] = [
    { name: "coredns_build_info", type: "gauge", labels: { version: ["1.12.1"], revision: ["707c7c1"], goversion: ["go1.24.1"] } },
    { name: "coredns_dns_requests_total", type: "counter", labels: { ...SERVER, proto: ["udp", "tcp"], family: ["1"], type: ["A", "AAAA", "SRV", "PTR", "other"] } },
    { name: "coredns_dns_responses_total", type: "counter", labels: { ...SERVER, rcode: ["NOERROR", "NXDOMAIN", "SERVFAIL"], plugin: ["kubernetes", "cache", "forward", ""] } },
    { name: "coredns_dns_request_duration_seconds", type: "histogram", labels: SERVER, buckets: exp(0.00025, 2, 16) },
    { name: "coredns_dns_request_size_bytes", type: "histogram", labels: { ...SERVER, proto: ["udp", "tcp"] }, buckets: [0, 100, 200, 300, 400, 511, 1023, 2047, 4095, 8291, 16000, 32000, 48000, 64000] },
    { name: "coredns_dns_response_size_bytes", type: "histogram", labels: { ...SERVER, proto: ["udp", "tcp"] }, buckets: [0, 100, 200, 300, 400, 511, 1023, 2047, 4095, 8291, 16000, 32000, 48000, 64000] },
    { name: "coredns_dns_do_requests_total", type: "counter", labels: SERVER },
    { name: "coredns_plugin_enabled", type: "gauge", labels: { ...SERVER, name: ["cache", "errors", "forward", "health", "kubernetes", "loadbalance", "loop", "prometheus", "ready", "reload"] } },
    { name: "coredns_panics_total", type: "counter" },
    { name: "coredns_cache_entries", type: "gauge", labels: { server: ["dns://:53"], type: ["denial", "success"], zones: ["."], view: [""] } },
    { name: "coredns_cache_hits_total", type: "counter", labels: { server: ["dns://:53"], type: ["denial", "success"], zones: ["."], view: [""] } },
    { name: "coredns_cache_misses_total", type: "counter", labels: { server: ["dns://:53"], zones: ["."], view: [""] } },
    { name: "coredns_cache_requests_total", type: "counter", labels: { server: ["dns://:53"], zones: ["."], view: [""] } },
    { name: "coredns_cache_prefetch_total", type: "counter", labels: { server: ["dns://:53"], zones: ["."], view: [""] } },
    { name: "coredns_cache_drops_total", type: "counter", labels: { server: ["dns://:53"], zones: ["."], view: [""] } },
    { name: "coredns_cache_served_stale_total", type: "counter", labels: { server: ["dns://:53"], zones: ["."], view: [""] } },
    { name: "coredns_cache_evictions_total", type: "counter", labels: { server: ["dns://:53"], type: ["denial", "success"], zones: ["."], view: [""] } },
    { name: "coredns_forward_healthcheck_broken_total", type: "counter" },
    { name: "coredns_forward_max_concurrent_rejects_total", type: "counter" },
    { name: "coredns_proxy_request_duration_seconds", type: "histogram", labels: { proxy_name: ["forward"], to: ["172.18.0.1:53"], rcode: ["NOERROR", "NXDOMAIN", "SERVFAIL"] }, buckets: exp(0.00025, 2, 16) },
    { name: "coredns_proxy_healthcheck_failures_total", type: "counter", labels: { proxy_name: ["forward"], to: ["172.18.0.1:53"] } },
    { name: "coredns_proxy_conn_cache_hits_total", type: "counter", labels: { proxy_name: ["forward"], to: ["172.18.0.1:53"], proto: ["udp", "tcp"] } },
    { name: "coredns_proxy_conn_cache_misses_total", type: "counter", labels: { proxy_name: ["forward"], to: ["172.18.0.1:53"], proto: ["udp", "tcp"] } },
    { name: "coredns_health_request_duration_seconds", type: "histogram", buckets: [0.00025, 0.0025, 0.05, 0.1, 0.2, 0.4, 0.8, 1, 2, 4, 8] },
    { name: "coredns_health_request_failures_total", type: "counter" },
    { name: "coredns_kubernetes_dns_programming_duration_seconds", type: "histogram", labels: { service_kind: ["cluster_ip", "headless_with_selector"] }, buckets: exp(0.001, 2, 20) },
    { name: "coredns_reload_failed_total", type: "counter" },
    ...GO_PROCESS,
];

export function fixtureText(job: keyof typeof CONTROL_PLANE_FIXTURES): string {
    const source = job === "coredns" ? "\nCoreDNS at the v1.12.1 tag (coredns/coredns: plugin/metrics/vars/vars.go, plugin/cache/metrics.go, plugin/pkg/proxy/metrics.go, plugin/forward/metrics.go)." : "";
    const header = `${job}: generated by scripts/generate-control-plane-fixtures.ts (npm run fixture:control-plane); families, types and label names\nfrom the component's source and docs (see the script), label values of a one-node kind cluster, made-up sample values.${source}`;
    const families = { coredns: COREDNS, "kube-scheduler": SCHEDULER, "kube-controller-manager": CONTROLLER_MANAGER, "kube-proxy": KUBE_PROXY }[job];
    return exposition(header, families);
}

if (require.main === module) {
    for (const [job, file] of Object.entries(CONTROL_PLANE_FIXTURES)) {
        fs.writeFileSync(file, fixtureText(job as keyof typeof CONTROL_PLANE_FIXTURES));
        console.log(`wrote ${file}`);
    }
}
