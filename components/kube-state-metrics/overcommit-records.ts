import { RecordingRule } from "../common/rules/types";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

/**
 * 1 for each pod that goes with its node when the node fails, a DaemonSet's or a static pod
 * (owner kind Node), labels namespace and pod, once however many kube-state-metrics replicas serve
 * it. Recorded before the overcommit alerts, so that KubeCPUOvercommit and KubeMemoryOvercommit read
 * one small series per such pod instead of each selecting and reducing every pod's owner series
 * (issue #47, rule evaluation cost). Our own name; kube-prometheus has none for it.
 */
export const UNMOVABLE_PODS = "namespace_pod:kube_pod_owner:unmovable";

/**
 * Each node's allocatable CPU and memory, labels node and resource, once however many
 * kube-state-metrics replicas serve it (the larger value while one has not caught up, as
 * oncePerObject). The overcommit alerts read it four times each, for the cluster's sum, each
 * node's share and the one-node guard; recorded once instead (issue #47). Our own name.
 */
export const NODE_ALLOCATABLE = "node_resource:kube_node_status_allocatable:max";

/** Both records, for the group to place before the alerts that read them (rules in a group run in order). */
export function overcommitRecords(): RecordingRule[] {
    return [
        { record: UNMOVABLE_PODS, expr: `max by (namespace, pod) (kube_pod_owner{${ksm},owner_kind=~"DaemonSet|Node"})` },
        { record: NODE_ALLOCATABLE, expr: `max by (node, resource) (kube_node_status_allocatable{${ksm},resource=~"cpu|memory"})` },
    ];
}
