import { KUBE_STATE_METRICS_JOB_NAME } from "../../config/fixed-job-names";
import { RecordingRule, RuleGroup } from "../common/rules/types";
import { POD_WORKLOAD, WorkloadType } from "../common/rules/compute-resource-records";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

/** `selector` with a label `to` that copies `from` (label_replace, which 2.11 has). */
const copyLabel = (selector: string, to: string, from: string) => `label_replace(${selector}, "${to}", "$1", "${from}", "(.+)")`;

const onePerPod = (expr: string) => `max by (namespace, workload, pod) (${expr})`;

/**
 * Which workload owns each pod, as 1 for each pod with labels namespace, workload, workload_type
 * and pod: a panel sums a pod's usage by workload with `* on (namespace, pod) group_left (workload)`.
 * From kube-state-metrics' owner families (pod, ReplicaSet, Job), each the object's
 * ownerReferences:
 * - a Deployment owns its pods through a ReplicaSet: the pod's owner is the ReplicaSet, whose
 *   owner is the Deployment;
 * - a DaemonSet or StatefulSet owns its pods directly;
 * - a CronJob owns its pods through a Job; a Job that no CronJob owns is the workload itself.
 * Pods of other owners (a bare ReplicaSet, a static pod, none) have no workload here.
 */
export function workloadOwnerRules(): RecordingRule[] {
    const podOwner = (kind: string) => `kube_pod_owner{${ksm},owner_kind="${kind}"}`;
    const rule = (type: WorkloadType, expr: string): RecordingRule => ({ record: POD_WORKLOAD, expr: onePerPod(expr), labels: { workload_type: type } });

    // A ReplicaSet as its Deployment's: owner_name becomes the ReplicaSet's name, to meet the pod's owner_name.
    const replicaSetsOfDeployments = `max by (namespace, owner_name, workload) (${copyLabel(copyLabel(`kube_replicaset_owner{${ksm},owner_kind="Deployment"}`, "workload", "owner_name"), "owner_name", "replicaset")})`;
    const jobsOfCronJobs = `max by (namespace, job_name, workload) (${copyLabel(`kube_job_owner{${ksm},owner_kind="CronJob"}`, "workload", "owner_name")})`;
    const podsOfJobs = copyLabel(podOwner("Job"), "job_name", "owner_name");

    return [
        rule("deployment", `${podOwner("ReplicaSet")} * on (namespace, owner_name) group_left (workload) ${replicaSetsOfDeployments}`),
        rule("daemonset", copyLabel(podOwner("DaemonSet"), "workload", "owner_name")),
        rule("statefulset", copyLabel(podOwner("StatefulSet"), "workload", "owner_name")),
        rule("job", `${copyLabel(podsOfJobs, "workload", "owner_name")} unless on (namespace, job_name) ${jobsOfCronJobs}`),
        rule("cronjob", `${podsOfJobs} * on (namespace, job_name) group_left (workload) ${jobsOfCronJobs}`),
    ];
}

/** The pod-to-workload rules: a group of their own, since no alert reads them. */
export function workloadOwnerGroup(): RuleGroup {
    return { name: "kubernetes-workload-owners", rules: workloadOwnerRules() };
}
