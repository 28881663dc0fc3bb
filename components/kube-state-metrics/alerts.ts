import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { KUBE_STATE_METRICS_JOB_NAME, KUBE_STATE_METRICS_TELEMETRY_JOB_NAME } from "./layout";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

/** Node conditions from kube-state-metrics; thresholds and durations from kubernetes-mixin. */
export function kubernetesNodesGroup(): RuleGroup {
    // A cordoned node is drained on purpose: its conditions are no news.
    const schedulable = `unless on (node) kube_node_spec_unschedulable{${ksm}} == 1`;
    return {
        name: "kubernetes-nodes",
        rules: [
            {
                alert: "KubeNodeNotReady",
                expr: `kube_node_status_condition{${ksm},condition="Ready",status="true"} == 0 ${schedulable}`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node is not ready.",
                    description: "Node {{ $labels.node }} has not been Ready for 15 minutes; its pods are not scheduled or served.",
                    runbook_url: runbook("kubernetes/kubenodenotready"),
                },
            },
            {
                alert: "KubeNodePressure",
                expr: `kube_node_status_condition{${ksm},condition=~"MemoryPressure|DiskPressure|PIDPressure",status="true"} == 1 ${schedulable}`,
                for: "10m",
                labels: { severity: "info" },
                annotations: {
                    summary: "A node reports resource pressure.",
                    description: "Node {{ $labels.node }} has reported {{ $labels.condition }} for 10 minutes; the kubelet evicts pods to relieve it.",
                },
            },
            {
                alert: "KubeNodeReadinessFlapping",
                // Ready=true going 1 → 0 or 0 → 1: more than two turns in 15 minutes, all along. The larger of the
                // replicas' counts, not their sum: two kube-state-metrics replicas both see each turn (#42, defect class 4).
                expr: `max by (node) (changes(kube_node_status_condition{${ksm},condition="Ready",status="true"}[15m])) > 2 ${schedulable}`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node's readiness flaps.",
                    description: "Node {{ $labels.node }} has turned Ready or not Ready more than twice in every 15 minutes, for 15 minutes; its pods are disturbed each time.",
                    runbook_url: runbook("kubernetes/kubenodereadinessflapping"),
                },
            },
        ],
    };
}

/** Workload state from kube-state-metrics; thresholds and durations from kubernetes-mixin. */
export function kubernetesWorkloadsGroup(): RuleGroup {
    const workload = (kind: string, name: string) => `${kind} {{ $labels.namespace }}/{{ $labels.${name} }}`;
    return {
        name: "kubernetes-workloads",
        interval: SLOW_GROUP_INTERVAL,
        rules: [
            {
                alert: "KubePodCrashLooping",
                expr: `max_over_time(kube_pod_container_status_waiting_reason{${ksm},reason="CrashLoopBackOff"}[5m]) >= 1`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A container is crash looping.",
                    description: "Container {{ $labels.container }} of pod {{ $labels.namespace }}/{{ $labels.pod }} has been in CrashLoopBackOff for 15 minutes.",
                    runbook_url: runbook("kubernetes/kubepodcrashlooping"),
                },
            },
            {
                alert: "KubePodNotReady",
                // Not ready: Pending or Unknown, or Running without the Ready condition. Left out:
                // Succeeded and Failed pods (done; a failed Job is KubeJobFailed's), pods of Jobs,
                // and pods that scheduling gates hold back on purpose (KSM's reason SchedulingGated).
                expr:
                    `(max by (namespace, pod) (kube_pod_status_phase{${ksm},phase=~"Pending|Unknown"} == 1) ` +
                    `or max by (namespace, pod) (kube_pod_status_phase{${ksm},phase="Running"} == 1 and on (namespace, pod) kube_pod_status_ready{${ksm},condition="true"} == 0)) ` +
                    `unless on (namespace, pod) kube_pod_owner{${ksm},owner_kind="Job"} ` +
                    `unless on (namespace, pod) kube_pod_status_reason{${ksm},reason="SchedulingGated"} == 1`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A pod has not been ready for 15 minutes.",
                    description: "Pod {{ $labels.namespace }}/{{ $labels.pod }} has been Pending, Unknown, or Running but not Ready for 15 minutes.",
                    runbook_url: runbook("kubernetes/kubepodnotready"),
                },
            },
            {
                alert: "KubeDeploymentReplicasMismatch",
                expr: `kube_deployment_spec_replicas{${ksm}} != kube_deployment_status_replicas_available{${ksm}}`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A Deployment has not the replicas it asks for.",
                    description: `${workload("Deployment", "deployment")} has not had its desired number of available replicas for 15 minutes.`,
                    runbook_url: runbook("kubernetes/kubedeploymentreplicasmismatch"),
                },
            },
            {
                alert: "KubeStatefulSetReplicasMismatch",
                // Against the replicas asked for, so a StatefulSet whose pods are never created (0 of 0
                // created ready) is caught; not while an update moves (replicas_updated changing).
                expr:
                    `kube_statefulset_status_replicas_ready{${ksm}} != kube_statefulset_replicas{${ksm}} ` +
                    `and on (namespace, statefulset) changes(kube_statefulset_status_replicas_updated{${ksm}}[10m]) == 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A StatefulSet has not the ready replicas it asks for.",
                    description: `${workload("StatefulSet", "statefulset")} has had more or fewer ready replicas than it asks for, for 15 minutes.`,
                    runbook_url: runbook("kubernetes/kubestatefulsetreplicasmismatch"),
                },
            },
            {
                alert: "KubeDaemonSetNotScheduled",
                expr: `kube_daemonset_status_desired_number_scheduled{${ksm}} - kube_daemonset_status_current_number_scheduled{${ksm}} > 0`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A DaemonSet's pods are not scheduled on every node they should run on.",
                    description: `${workload("DaemonSet", "daemonset")} lacks pods on some of its nodes for 10 minutes.`,
                    runbook_url: runbook("kubernetes/kubedaemonsetnotscheduled"),
                },
            },
            {
                alert: "KubeDaemonSetMisScheduled",
                expr: `kube_daemonset_status_number_misscheduled{${ksm}} > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A DaemonSet runs pods where it should not.",
                    description: `${workload("DaemonSet", "daemonset")} has pods on nodes they should not run on.`,
                    runbook_url: runbook("kubernetes/kubedaemonsetmisscheduled"),
                },
            },
            ...rolloutRules(),
            {
                alert: "KubeJobFailed",
                expr: `kube_job_failed{${ksm}} > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A Job failed.",
                    description: `${workload("Job", "job_name")} failed to complete. Removing the failed Job clears the alert.`,
                    runbook_url: runbook("kubernetes/kubejobfailed"),
                },
            },
        ],
    };
}

/**
 * Workloads that do not converge: specs not acted on, rollouts stuck, containers waiting, Jobs
 * running too long, HPAs stuck or at their maximum, PDBs short of healthy pods. kube-state-metrics
 * v2.20.0 families; thresholds, `for` and severities from kubernetes-mixin (kubernetes-apps);
 * the expressions are written here.
 */
function rolloutRules(): AlertingRule[] {
    const obj = (kind: string, label: string) => `${kind} {{ $labels.namespace }}/{{ $labels.${label} }}`;
    const hpa = (m: string) => `kube_horizontalpodautoscaler_${m}{${ksm}}`;
    // runbooks.prometheus-operator.dev has a page for each but these (prometheus-operator/runbooks, docs/alerting.md#default-alerts).
    const NO_RUNBOOK = ["KubeDeploymentRolloutStuck", "KubePdbNotEnoughHealthyPods"];
    const warning = (alert: string, expr: string, forDuration: string | undefined, summary: string, description: string): AlertingRule => ({
        alert,
        expr,
        ...(forDuration !== undefined ? { for: forDuration } : {}),
        labels: { severity: "warning" },
        annotations: { summary, description, ...(NO_RUNBOOK.includes(alert) ? {} : { runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`) }) },
    });
    return [
        warning(
            "KubeDeploymentGenerationMismatch",
            `kube_deployment_status_observed_generation{${ksm}} != kube_deployment_metadata_generation{${ksm}}`,
            "15m",
            "A Deployment's latest spec has not been acted on.",
            `${obj("Deployment", "deployment")} has had a spec generation its controller has not observed for 15 minutes; a rollout or rollback is not happening.`,
        ),
        warning(
            "KubeDeploymentRolloutStuck",
            `kube_deployment_status_condition{${ksm},condition="Progressing",status="false"} == 1`,
            "15m",
            "A Deployment's rollout is not progressing.",
            `${obj("Deployment", "deployment")} has reported Progressing=False (its progress deadline passed) for 15 minutes.`,
        ),
        warning(
            "KubeStatefulSetGenerationMismatch",
            `kube_statefulset_status_observed_generation{${ksm}} != kube_statefulset_metadata_generation{${ksm}}`,
            "15m",
            "A StatefulSet's latest spec has not been acted on.",
            `${obj("StatefulSet", "statefulset")} has had a spec generation its controller has not observed for 15 minutes.`,
        ),
        warning(
            "KubeStatefulSetUpdateNotRolledOut",
            // Pods on an old revision (current != update revision), and the update not moving.
            `kube_statefulset_replicas{${ksm}} != kube_statefulset_status_replicas_updated{${ksm}} ` +
                `and on (namespace, statefulset) (kube_statefulset_status_current_revision{${ksm}} unless on (namespace, statefulset, revision) kube_statefulset_status_update_revision{${ksm}}) ` +
                `and on (namespace, statefulset) changes(kube_statefulset_status_replicas_updated{${ksm}}[5m]) == 0`,
            "15m",
            "A StatefulSet's update is not rolled out.",
            `${obj("StatefulSet", "statefulset")} runs an old revision on some pods and its update has not moved for 15 minutes.`,
        ),
        warning(
            "KubeDaemonSetRolloutStuck",
            `(kube_daemonset_status_current_number_scheduled{${ksm}} != kube_daemonset_status_desired_number_scheduled{${ksm}} ` +
                `or kube_daemonset_status_number_misscheduled{${ksm}} != 0 ` +
                `or kube_daemonset_status_updated_number_scheduled{${ksm}} != kube_daemonset_status_desired_number_scheduled{${ksm}} ` +
                `or kube_daemonset_status_number_available{${ksm}} != kube_daemonset_status_desired_number_scheduled{${ksm}}) ` +
                `and on (namespace, daemonset) changes(kube_daemonset_status_updated_number_scheduled{${ksm}}[5m]) == 0`,
            "15m",
            "A DaemonSet's rollout is stuck.",
            `${obj("DaemonSet", "daemonset")} has not had every desired pod scheduled, updated and available, without progress, for 15 minutes.`,
        ),
        warning(
            "KubeContainerWaiting",
            // One series per container whatever the reason, so ErrImagePull <-> ImagePullBackOff does not restart `for`.
            `max by (namespace, pod, container) (kube_pod_container_status_waiting_reason{${ksm},reason!="CrashLoopBackOff"}) == 1`,
            "1h",
            "A container has been waiting for an hour.",
            "Container {{ $labels.container }} of pod {{ $labels.namespace }}/{{ $labels.pod }} has been waiting to start for an hour (image pull, configuration or volume problem; crash loops are KubePodCrashLooping's).",
        ),
        warning(
            "KubeJobNotCompleted",
            // No `for`: a start time does not flap. 43200 s: 12 hours.
            `time() - kube_job_status_start_time{${ksm}} > 43200 and on (namespace, job_name) kube_job_status_active{${ksm}} > 0`,
            undefined,
            "A Job is taking too long.",
            `${obj("Job", "job_name")} has been running for more than 12 hours.`,
        ),
        warning(
            "KubeHpaReplicasMismatch",
            // Broader than the mixin on purpose: the controller clamps desired replicas to [min, max],
            // so an HPA stuck at either bound while it wants another count is caught too.
            `${hpa("status_desired_replicas")} != ${hpa("status_current_replicas")} and changes(${hpa("status_current_replicas")}[15m]) == 0`,
            "15m",
            "An HPA has not reached the replicas it wants.",
            "HPA {{ $labels.namespace }}/{{ $labels.horizontalpodautoscaler }} has wanted another number of replicas than it runs, without moving, for 15 minutes.",
        ),
        warning(
            "KubeHpaMaxedOut",
            `${hpa("status_current_replicas")} == ${hpa("spec_max_replicas")} and on (namespace, horizontalpodautoscaler) ${hpa("spec_max_replicas")} != ${hpa("spec_min_replicas")}`,
            "15m",
            "An HPA is at its maximum replicas.",
            "HPA {{ $labels.namespace }}/{{ $labels.horizontalpodautoscaler }} has run at its maximum replicas for 15 minutes; it cannot scale out further.",
        ),
        warning(
            "KubePdbNotEnoughHealthyPods",
            `kube_poddisruptionbudget_status_current_healthy{${ksm}} < kube_poddisruptionbudget_status_desired_healthy{${ksm}}`,
            "15m",
            "A PodDisruptionBudget has fewer healthy pods than it requires.",
            "PodDisruptionBudget {{ $labels.namespace }}/{{ $labels.poddisruptionbudget }} has had fewer healthy pods than it requires for 15 minutes; voluntary evictions (node drains) are blocked.",
        ),
    ];
}

/** Persistent volumes in a bad phase; threshold, `for` and severity from kubernetes-mixin (kubernetes-storage). */
export function persistentVolumesGroup(): RuleGroup {
    return {
        name: "kubernetes-persistent-volumes",
        rules: [
            {
                alert: "KubePersistentVolumeErrors",
                expr: `kube_persistentvolume_status_phase{${ksm},phase=~"Failed|Pending"} == 1`,
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "A persistent volume is Failed or Pending.",
                    description: "Persistent volume {{ $labels.persistentvolume }} has been {{ $labels.phase }} for 5 minutes; claims bound to it cannot be used.",
                    runbook_url: runbook("kubernetes/kubepersistentvolumeerrors"),
                },
            },
        ],
    };
}

/**
 * kube-state-metrics failing to list or watch what it reports, from its own metrics (the
 * kube-state-metrics-telemetry job): its object series then go stale or missing, and every alert
 * on them with them. Threshold, `for` and severity from kube-state-metrics' own mixin; the
 * expressions are written here. By job only: a share of all calls, whatever the resource.
 */
export function kubeStateMetricsGroup(): RuleGroup {
    const telemetry = `job="${KUBE_STATE_METRICS_TELEMETRY_JOB_NAME}"`;
    const failing = (what: "list" | "watch"): AlertingRule => {
        const alert = `KubeStateMetrics${what === "list" ? "List" : "Watch"}Errors`;
        const calls = `kube_state_metrics_${what}_total`;
        return {
            alert,
            expr: `sum by (job) (rate(${calls}{${telemetry},result="error"}[5m])) / sum by (job) (rate(${calls}{${telemetry}}[5m])) > 0.01`,
            for: "15m",
            labels: { severity: "critical" },
            annotations: {
                summary: `kube-state-metrics fails to ${what} Kubernetes objects.`,
                description: `More than 1 % of kube-state-metrics' ${what} calls to the API server have failed for 15 minutes; its object metrics, and every alert on them, may be stale or missing. Its permissions and log say why.`,
                runbook_url: runbook(`kube-state-metrics/${alert.toLowerCase()}`),
            },
        };
    };
    return { name: "kube-state-metrics", rules: [failing("list"), failing("watch")] };
}
