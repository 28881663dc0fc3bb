import { droppedFamily, FamilyRule, keptFamily } from "../common/scrape/family-rules";

/**
 * What the kube-state-metrics job drops before storage, and the kept families next to them
 * (docs/scrape-jobs.md#kube-state-metrics repeats this table; a test compares them). Kept: what
 * the Kubernetes mixin's alerts and dashboards (kube-prometheus) query. Dropped: series that grow
 * with history or with every address rather than with the objects people watch.
 */
const OLD_REPLICASETS =
    "one series per ReplicaSet a Deployment keeps for rollbacks (10 by default), most of them scaled to zero; the Deployment families report the rollout";
const PER_ENDPOINT = "one series per endpoint address, that is per ready pod behind a Service; kube_pod_status_ready says the same";
const RESOURCE_VERSION = "changes on every write to the object, so it records writes, not state";
const POD_TIMESTAMP = "a timestamp per pod that no common panel or alert reads; kube_pod_start_time and kube_pod_created are kept";

export const KUBE_STATE_METRICS_FAMILIES: readonly FamilyRule[] = [
    keptFamily("kube_pod_status_phase", "KubePodNotReady and pod-phase panels"),
    keptFamily("kube_pod_status_ready", "KubePodNotReady: a Running pod without the Ready condition"),
    keptFamily("kube_pod_status_reason", "KubePodNotReady leaves out pods that scheduling gates hold back (reason SchedulingGated)"),
    keptFamily("kube_pod_container_status_restarts_total", "KubePodCrashLooping"),
    keptFamily("kube_pod_container_status_waiting_reason", "KubePodCrashLooping and KubeContainerWaiting"),
    keptFamily("kube_pod_container_resource_requests", "requested CPU per container: the Workloads dashboard's requests panel; KubeCPUOvercommit and KubeMemoryOvercommit through the compute recording rules"),
    keptFamily("kube_pod_container_resource_limits", "the compute recording rules of each container's and namespace's limits"),
    keptFamily("kube_pod_owner", "KubePodNotReady leaves out the pods of Jobs by it, KubeCPUOvercommit and KubeMemoryOvercommit the pods that stay with their node; maps pods to workloads in namespace_workload_pod:kube_pod_owner:relabel"),
    keptFamily("kube_pod_info", "the pod's node and IP, joined by most pod panels"),
    droppedFamily("kube_pod_ips", "repeats the pod_ip label of kube_pod_info"),
    droppedFamily("kube_pod_tolerations", "one series per toleration of every pod, each pod carrying the two default not-ready and unreachable ones"),
    droppedFamily("kube_pod_scheduler", "names the scheduler, default-scheduler for nearly every pod"),
    droppedFamily("kube_pod_restart_policy", "the pod's restartPolicy, one series per pod that no panel reads"),
    droppedFamily("kube_pod_status_scheduled_time", POD_TIMESTAMP),
    droppedFamily("kube_pod_status_initialized_time", POD_TIMESTAMP),
    droppedFamily("kube_pod_status_ready_time", POD_TIMESTAMP),
    droppedFamily("kube_pod_status_container_ready_time", POD_TIMESTAMP),
    keptFamily("kube_deployment_status_replicas_available", "KubeDeploymentReplicasMismatch"),
    keptFamily("kube_deployment_spec_replicas", "KubeDeploymentReplicasMismatch"),
    keptFamily("kube_deployment_status_observed_generation", "KubeDeploymentGenerationMismatch"),
    keptFamily("kube_deployment_metadata_generation", "KubeDeploymentGenerationMismatch"),
    keptFamily("kube_deployment_status_condition", "KubeDeploymentRolloutStuck (Progressing=False)"),
    keptFamily("kube_replicaset_owner", "maps a ReplicaSet's pods to their Deployment in namespace_workload_pod:kube_pod_owner:relabel"),
    droppedFamily("kube_replicaset_annotations", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_created", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_labels", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_metadata_generation", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_spec_replicas", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_status_fully_labeled_replicas", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_status_observed_generation", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_status_ready_replicas", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_status_replicas", OLD_REPLICASETS),
    droppedFamily("kube_replicaset_status_terminating_replicas", OLD_REPLICASETS),
    keptFamily("kube_endpointslice_info", "one series per EndpointSlice"),
    droppedFamily("kube_endpointslice_endpoints", PER_ENDPOINT),
    droppedFamily("kube_endpointslice_endpoints_hints", PER_ENDPOINT),
    droppedFamily("kube_endpointslice_ports", "one series per port of every EndpointSlice; the Service's ports do not change with its pods"),
    droppedFamily("kube_configmap_metadata_resource_version", RESOURCE_VERSION),
    droppedFamily("kube_cronjob_metadata_resource_version", RESOURCE_VERSION),
    droppedFamily("kube_ingress_metadata_resource_version", RESOURCE_VERSION),
    keptFamily("kube_node_status_condition", "KubeNodeNotReady"),
    keptFamily("kube_node_spec_unschedulable", "KubeNodeNotReady and KubeNodePressure leave out cordoned nodes"),
    keptFamily("kube_node_info", "KubeletDown: nodes exist that a kubelet should answer for"),
    keptFamily("kube_node_status_allocatable", "capacity panels, KubeCPUOvercommit, KubeMemoryOvercommit, KubeCPUQuotaOvercommit and KubeMemoryQuotaOvercommit"),
    keptFamily("kube_job_failed", "KubeJobFailed"),
    keptFamily("kube_job_status_start_time", "KubeJobNotCompleted"),
    keptFamily("kube_job_status_active", "KubeJobNotCompleted"),
    keptFamily("kube_job_owner", "maps a Job's pods to their CronJob in namespace_workload_pod:kube_pod_owner:relabel"),
    keptFamily("kube_daemonset_status_desired_number_scheduled", "KubeDaemonSetNotScheduled and KubeDaemonSetRolloutStuck"),
    keptFamily("kube_daemonset_status_current_number_scheduled", "KubeDaemonSetNotScheduled and KubeDaemonSetRolloutStuck"),
    keptFamily("kube_daemonset_status_number_misscheduled", "KubeDaemonSetMisScheduled and KubeDaemonSetRolloutStuck"),
    keptFamily("kube_daemonset_status_updated_number_scheduled", "KubeDaemonSetRolloutStuck"),
    keptFamily("kube_daemonset_status_number_available", "KubeDaemonSetRolloutStuck"),
    keptFamily("kube_statefulset_replicas", "KubeStatefulSetReplicasMismatch and KubeStatefulSetUpdateNotRolledOut: the replicas asked for"),
    keptFamily("kube_statefulset_status_replicas_ready", "KubeStatefulSetReplicasMismatch"),
    keptFamily("kube_statefulset_status_replicas_updated", "KubeStatefulSetReplicasMismatch and KubeStatefulSetUpdateNotRolledOut: whether an update moves"),
    keptFamily("kube_statefulset_status_current_revision", "KubeStatefulSetUpdateNotRolledOut"),
    keptFamily("kube_statefulset_status_update_revision", "KubeStatefulSetUpdateNotRolledOut"),
    keptFamily("kube_statefulset_status_observed_generation", "KubeStatefulSetGenerationMismatch"),
    keptFamily("kube_statefulset_metadata_generation", "KubeStatefulSetGenerationMismatch"),
    keptFamily("kube_horizontalpodautoscaler_status_desired_replicas", "KubeHpaReplicasMismatch"),
    keptFamily("kube_horizontalpodautoscaler_status_current_replicas", "KubeHpaReplicasMismatch and KubeHpaMaxedOut"),
    keptFamily("kube_horizontalpodautoscaler_spec_min_replicas", "KubeHpaMaxedOut: an HPA whose minimum is its maximum cannot scale"),
    keptFamily("kube_horizontalpodautoscaler_spec_max_replicas", "KubeHpaMaxedOut"),
    keptFamily("kube_poddisruptionbudget_status_current_healthy", "KubePdbNotEnoughHealthyPods"),
    keptFamily("kube_poddisruptionbudget_status_desired_healthy", "KubePdbNotEnoughHealthyPods"),
    keptFamily("kube_persistentvolume_status_phase", "KubePersistentVolumeErrors"),
    keptFamily("kube_persistentvolumeclaim_access_mode", "KubePersistentVolumeFillingUp leaves out ReadOnlyMany claims"),
    keptFamily("kube_persistentvolumeclaim_status_phase", "claims stuck Pending"),
    keptFamily("kube_persistentvolumeclaim_labels", "KubePersistentVolumeFillingUp and KubePersistentVolumeInodesFillingUp leave out claims their owner labels excluded_from_alerts (the one claim label --metric-labels-allowlist names)"),
    keptFamily("kube_resourcequota", "KubeQuotaAlmostFull, KubeQuotaFullyUsed, KubeQuotaExceeded, KubeCPUQuotaOvercommit and KubeMemoryQuotaOvercommit"),
];

/**
 * The kube-state-metrics-telemetry job: kube-state-metrics' own registry at v2.20.0
 * (pkg/app/server.go, pkg/watch/watch.go). Kept: its own kube_state_metrics_* families, a few
 * series per watched resource. Dropped: the Go runtime and process of the exporter, and the
 * latency histogram of its own /metrics handler, which no panel or alert reads.
 */
const EXPORTER_PROCESS = "the exporter's own Go runtime and process; up and scrape_duration_seconds say whether it answers";
export const KUBE_STATE_METRICS_TELEMETRY_FAMILIES: readonly FamilyRule[] = [
    keptFamily("kube_state_metrics_list_total", "KubeStateMetricsListErrors: list calls per resource and result"),
    keptFamily("kube_state_metrics_watch_total", "KubeStateMetricsWatchErrors: watch calls per resource and result"),
    droppedFamily("http_request_duration_seconds*", "the exporter's own /metrics handler latency; scrape_duration_seconds of the kube-state-metrics job measures it"),
    droppedFamily("go_*", EXPORTER_PROCESS),
    droppedFamily("process_*", EXPORTER_PROCESS),
];
