import { KUBE_STATE_METRICS_JOB_NAME } from "../../config/fixed-job-names";
import { RuleGroup, runbook } from "../common/rules/types";

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
        ],
    };
}

/** Workload state from kube-state-metrics; thresholds and durations from kubernetes-mixin. */
export function kubernetesWorkloadsGroup(): RuleGroup {
    const workload = (kind: string, name: string) => `${kind} {{ $labels.namespace }}/{{ $labels.${name} }}`;
    return {
        name: "kubernetes-workloads",
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
                // Pods of Jobs are left out: a failed Job pod is KubeJobFailed's business.
                expr:
                    `sum by (namespace, pod) (max by (namespace, pod) (kube_pod_status_phase{${ksm},phase=~"Pending|Unknown|Failed"}) ` +
                    `* on (namespace, pod) group_left (owner_kind) topk by (namespace, pod) (1, max by (namespace, pod, owner_kind) (kube_pod_owner{${ksm},owner_kind!="Job"}))) > 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A pod has not been ready for 15 minutes.",
                    description: "Pod {{ $labels.namespace }}/{{ $labels.pod }} has been Pending, Unknown or Failed for 15 minutes.",
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
                expr: `kube_statefulset_status_replicas_ready{${ksm}} != kube_statefulset_status_replicas{${ksm}}`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A StatefulSet has replicas that are not ready.",
                    description: `${workload("StatefulSet", "statefulset")} has had replicas that are not ready for 15 minutes.`,
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
