/**
 * The names of the compute recording rules: what containers use (cadvisor job,
 * components/kubelet/container-usage-rules.ts), what pods request and are limited to
 * (kube-state-metrics job, components/kube-state-metrics/resource-rules.ts) and which workload
 * owns each pod (components/kube-state-metrics/workload-owner-rules.ts). The names are
 * kube-prometheus's (its k8s.rules groups), so that the queries of teams that move from it keep
 * working; the expressions are written here. Dashboards import the names from this one module.
 *
 * Labels of each recorded series:
 * - the node_namespace_pod_container:* series: node, namespace, pod, container;
 * - the cluster:namespace:pod_*:active:* series: those of kube_pod_container_resource_requests
 *   or _limits (job, instance, namespace, pod, uid, container, node, resource, unit), for
 *   Pending and Running pods only;
 * - namespace_pod:kube_pod_status_phase:active: namespace, pod;
 * - the node_namespace_pod:*:active:*:sum series: node, namespace, pod;
 * - the namespace_*:*:sum series: namespace;
 * - namespace_workload_pod:kube_pod_owner:relabel: namespace, workload, workload_type, pod.
 */

/** CPU seconds per second of each container: rate over 5 minutes; irate (the last two samples in 5 minutes). */
export const CONTAINER_CPU_RATE5M = "node_namespace_pod_container:container_cpu_usage_seconds_total:sum_rate5m";
export const CONTAINER_CPU_IRATE = "node_namespace_pod_container:container_cpu_usage_seconds_total:sum_irate";

/** Memory of each container, in bytes. */
export const CONTAINER_MEMORY_WORKING_SET = "node_namespace_pod_container:container_memory_working_set_bytes";
export const CONTAINER_MEMORY_RSS = "node_namespace_pod_container:container_memory_rss";
export const CONTAINER_MEMORY_CACHE = "node_namespace_pod_container:container_memory_cache";
export const CONTAINER_MEMORY_SWAP = "node_namespace_pod_container:container_memory_swap";

/**
 * 1 for each active (Pending or Running) pod, labelled namespace and pod: recorded once for the
 * four request and limit records below, which each read kube_pod_status_phase's five series per
 * pod for it before (issue #47). Not in kube-prometheus; the name follows its scheme.
 */
export const ACTIVE_POD = "namespace_pod:kube_pod_status_phase:active";

/** Requests and limits of each container of an active (Pending or Running) pod: cores and bytes. */
export const POD_CPU_REQUESTS = "cluster:namespace:pod_cpu:active:kube_pod_container_resource_requests";
export const POD_MEMORY_REQUESTS = "cluster:namespace:pod_memory:active:kube_pod_container_resource_requests";
export const POD_CPU_LIMITS = "cluster:namespace:pod_cpu:active:kube_pod_container_resource_limits";
export const POD_MEMORY_LIMITS = "cluster:namespace:pod_memory:active:kube_pod_container_resource_limits";

/**
 * The same, summed per pod, with its node: one series per pod, which a board reads as it is
 * instead of adding up each pod's containers at every step of its range (Node pods, issue #30).
 * kube-prometheus records no such sum; the names follow its scheme.
 */
export const POD_SUM_CPU_REQUESTS = "node_namespace_pod:pod_cpu:active:kube_pod_container_resource_requests:sum";
export const POD_SUM_MEMORY_REQUESTS = "node_namespace_pod:pod_memory:active:kube_pod_container_resource_requests:sum";
export const POD_SUM_CPU_LIMITS = "node_namespace_pod:pod_cpu:active:kube_pod_container_resource_limits:sum";
export const POD_SUM_MEMORY_LIMITS = "node_namespace_pod:pod_memory:active:kube_pod_container_resource_limits:sum";

/** The same, summed per namespace. */
export const NAMESPACE_CPU_REQUESTS = "namespace_cpu:kube_pod_container_resource_requests:sum";
export const NAMESPACE_MEMORY_REQUESTS = "namespace_memory:kube_pod_container_resource_requests:sum";
export const NAMESPACE_CPU_LIMITS = "namespace_cpu:kube_pod_container_resource_limits:sum";
export const NAMESPACE_MEMORY_LIMITS = "namespace_memory:kube_pod_container_resource_limits:sum";

/**
 * 1 for each pod and the workload that owns it; workload_type is one of WORKLOAD_TYPES, or the
 * owner's kind as written (ScaledJob, Rollout, CloneSet...) for the workloads of other controllers.
 */
export const POD_WORKLOAD = "namespace_workload_pod:kube_pod_owner:relabel";

/** The values of workload_type for the built-in kinds: kube-prometheus's lower-case ones. */
export const WORKLOAD_TYPES = ["deployment", "daemonset", "statefulset", "job", "cronjob", "replicaset", "barepod", "staticpod"] as const;
export type WorkloadType = (typeof WORKLOAD_TYPES)[number];
