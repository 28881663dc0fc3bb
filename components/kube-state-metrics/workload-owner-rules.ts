import { RecordingRule, RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { POD_WORKLOAD, WorkloadType } from "../common/rules/compute-resource-records";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

/** `selector` with a label `to` that copies `from` (label_replace, which 2.11 has). */
const copyLabel = (selector: string, to: string, from: string) => `label_replace(${selector}, "${to}", "$1", "${from}", "(.+)")`;

const onePerPod = (expr: string) => `max by (namespace, workload, pod) (${expr})`;

/**
 * An object without owner references: kube-state-metrics writes its owner_kind as `<none>` (the
 * v2 releases up to now, ours among them) or empty (some releases, and kube-prometheus' rules);
 * an empty label is no label, which `=~"|<none>"` matches too.
 */
const NO_OWNER = 'owner_kind=~"|<none>"';

/** The pod owner kinds with a rule of their own below; a pod owned by any other kind is its controller's. */
const OWN_RULE_KINDS = ["ReplicaSet", "DaemonSet", "StatefulSet", "Job", "Node", "", "<none>"];

/**
 * The pods a ReplicaSet owns, by the ReplicaSet's name, and the pods a Job owns, by the Job's: 1
 * for each pod (labels namespace, replicaset or job_name, pod), whichever kube-state-metrics
 * replica serves it. Recorded first in the group, so that the three rules that join each to its
 * owner's owners read one small series per pod instead of relabelling and summing kube_pod_owner
 * again (issue #47, rule evaluation cost). Our own names; kube-prometheus has none for these.
 */
export const REPLICASET_PODS = "namespace_replicaset_pod:kube_pod_owner:max";
export const JOB_PODS = "namespace_job_name_pod:kube_pod_owner:max";

/**
 * Which workload owns each pod, as 1 for each pod with labels namespace, workload, workload_type
 * and pod: a panel sums a pod's usage by workload with `* on (namespace, pod) group_left (workload)`.
 * From kube-state-metrics' owner families (pod, ReplicaSet, Job), each the object's
 * ownerReferences. Every pod has exactly one row:
 * - a Deployment owns its pods through a ReplicaSet: the pod's owner is the ReplicaSet, whose
 *   owner is the Deployment; a ReplicaSet nobody owns is the workload itself (`replicaset`), and
 *   one another controller owns (an Argo Rollout) is that controller's, typed by its kind;
 * - a DaemonSet or StatefulSet owns its pods directly;
 * - a CronJob owns its pods through a Job; a Job nobody owns is the workload itself (`job`), and
 *   one another controller owns (KEDA's ScaledJob) is that controller's, typed by its kind;
 * - a pod without owner is its own workload (`barepod`), as is a static pod, whose owner is its
 *   Node (`staticpod`);
 * - a pod of any other controller (OpenKruise's CloneSet, say) is that controller's, typed by its kind.
 * kubernetes-mixin's eight rules cover the same kinds; its CronJob's type is the kind, `CronJob`,
 * where ours stays `cronjob` as the boards have always offered it. The two pod records
 * (REPLICASET_PODS, JOB_PODS) come first, for the six rules that go through a ReplicaSet or a Job.
 */
export function workloadOwnerRules(): RecordingRule[] {
    const podOwner = (kind: string) => `kube_pod_owner{${ksm},owner_kind="${kind}"}`;
    const rule = (type: WorkloadType, expr: string): RecordingRule => ({ record: POD_WORKLOAD, expr: onePerPod(expr), labels: { workload_type: type } });
    /** The type is the controller's kind: another label for each row, so max keeps it. */
    const byKind = (expr: string): RecordingRule => ({ record: POD_WORKLOAD, expr: `max by (namespace, workload, workload_type, pod) (${copyLabel(expr, "workload_type", "owner_kind")})` });

    const replicaSetOwners = (matchers: string) => `max by (namespace, replicaset, owner_kind, owner_name) (kube_replicaset_owner{${ksm},${matchers}})`;
    const jobOwners = (matchers: string) => `max by (namespace, job_name, owner_kind, owner_name) (kube_job_owner{${ksm},${matchers}})`;
    // The records carry no owner labels of the pod's: its ReplicaSet's or Job's owner labels, which name the workload, join them.
    const ownedThrough = (pods: string, on: string, owners: string) => `(${pods} * on (namespace, ${on}) group_left (owner_kind, owner_name) ${owners})`;
    const otherPodOwners = OWN_RULE_KINDS.map((k) => `owner_kind!="${k}"`).join(",");

    return [
        // A pod's ReplicaSet or Job by name, to meet kube_replicaset_owner's replicaset label or kube_job_owner's job_name.
        { record: REPLICASET_PODS, expr: `max by (namespace, replicaset, pod) (${copyLabel(podOwner("ReplicaSet"), "replicaset", "owner_name")})` },
        { record: JOB_PODS, expr: `max by (namespace, job_name, pod) (${copyLabel(podOwner("Job"), "job_name", "owner_name")})` },
        rule("deployment", copyLabel(ownedThrough(REPLICASET_PODS, "replicaset", replicaSetOwners('owner_kind="Deployment"')), "workload", "owner_name")),
        rule("replicaset", copyLabel(`${REPLICASET_PODS} * on (namespace, replicaset) group_left () ${replicaSetOwners(NO_OWNER)}`, "workload", "replicaset")),
        byKind(copyLabel(ownedThrough(REPLICASET_PODS, "replicaset", replicaSetOwners(`owner_kind!~"Deployment||<none>"`)), "workload", "owner_name")),
        rule("daemonset", copyLabel(podOwner("DaemonSet"), "workload", "owner_name")),
        rule("statefulset", copyLabel(podOwner("StatefulSet"), "workload", "owner_name")),
        rule("job", copyLabel(`${JOB_PODS} * on (namespace, job_name) group_left () ${jobOwners(NO_OWNER)}`, "workload", "job_name")),
        rule("cronjob", copyLabel(ownedThrough(JOB_PODS, "job_name", jobOwners('owner_kind="CronJob"')), "workload", "owner_name")),
        byKind(copyLabel(ownedThrough(JOB_PODS, "job_name", jobOwners(`owner_kind!~"CronJob||<none>"`)), "workload", "owner_name")),
        rule("barepod", copyLabel(`kube_pod_owner{${ksm},${NO_OWNER}}`, "workload", "pod")),
        rule("staticpod", copyLabel(podOwner("Node"), "workload", "pod")),
        byKind(copyLabel(`kube_pod_owner{${ksm},${otherPodOwners}}`, "workload", "owner_name")),
    ];
}

/** The pod-to-workload rules: a group of their own, since no alert reads them; the two pod records first, as the rules after them read them (rules in a group run in order). */
export function workloadOwnerGroup(): RuleGroup {
    return { name: "kubernetes-workload-owners", interval: SLOW_GROUP_INTERVAL, rules: workloadOwnerRules() };
}
