/**
 * Which workload each pod belongs to, from kube-state-metrics' owner references: a Deployment's
 * pods are owned by one of its ReplicaSets (kube_pod_owner, then kube_replicaset_owner), the pods
 * of a DaemonSet, StatefulSet or Job by the workload itself. The compute and networking boards
 * group cAdvisor's usage and kube-state-metrics' requests and limits by it.
 *
 * Where the stack evaluates the default rule groups, the boards read the recording rule
 * namespace_workload_pod:kube_pod_owner:relabel (workload-owner-rules.ts), one series per pod,
 * instead of joining the owner families in every query; its workload_type values are lower-case
 * (deployment, daemonset, statefulset, job, cronjob), and the kind variable offers them. Without
 * the rules (alertRules.defaults false) the join is written out here, and the kind variable
 * offers kube-state-metrics' owner_kind values (Deployment, DaemonSet, StatefulSet, Job).
 */
import { POD_WORKLOAD } from "../common/rules/compute-resource-records";

/** The workload kinds, as kube-state-metrics names them in owner_kind. */
export const WORKLOAD_KINDS = ["Deployment", "DaemonSet", "StatefulSet", "Job"] as const;
const KINDS = WORKLOAD_KINDS.join("|");
const DIRECT_KINDS = WORKLOAD_KINDS.filter((k) => k !== "Deployment").join("|");

/**
 * Label matchers that pick workloads by kind and name on kube_pod_owner and kube_replicaset_owner,
 * where owner_kind and owner_name name the workload. The kind list is matched as well as `type`:
 * with "All" (.*) the ReplicaSet owner of a Deployment's pod, or a bare pod's "<none>", would pass.
 */
function ownerMatchers(type: string, workload: string): string {
    return `owner_kind=~"${KINDS}", owner_kind=~"${type}", owner_name=~"${workload}"`;
}

/** A selector naming both owner families: each workload is the owner on one of them (Deployments on the ReplicaSet's, the rest on the pod's). */
function ownerSelector(namespace: string, type: string, workload = ".+"): string {
    return `{__name__=~"kube_pod_owner|kube_replicaset_owner", ${namespace}, ${ownerMatchers(type, workload)}}`;
}

/** Grafana's variable queries: the workload kinds in a namespace, and the workloads of the chosen kinds. */
export function workloadTypeVariableQuery(namespace: string): string {
    return `label_values(${ownerSelector(namespace, ".+")}, owner_kind)`;
}

export function workloadVariableQuery(namespace: string, type: string): string {
    return `label_values(${ownerSelector(namespace, type)}, owner_name)`;
}

const asWorkload = (expr: string) => `label_replace(${expr}, "workload", "$1", "owner_name", "(.+)")`;

/**
 * One series per pod, value 1, labelled namespace, pod and workload, for the pods of the
 * workloads that `type` and `workload` (regexes) pick within `namespace` (label matchers). Unique
 * per (namespace, pod), so usage and requests join it with group_left. The kind is not a label:
 * `type` has already picked it, and the boards group by workload or pod.
 */
export function podWorkload(namespace: string, type: string, workload: string): string {
    const by = "max by (namespace, pod, workload)";
    const direct = `${by} (${asWorkload(`kube_pod_owner{${namespace}, owner_kind=~"${DIRECT_KINDS}", owner_kind=~"${type}", owner_name=~"${workload}"}`)})`;
    const podReplicaSet = `label_replace(kube_pod_owner{${namespace}, owner_kind="ReplicaSet"}, "replicaset", "$1", "owner_name", "(.+)")`;
    const replicaSetDeployment = `max by (namespace, replicaset, workload) (${asWorkload(`kube_replicaset_owner{${namespace}, owner_kind="Deployment", owner_kind=~"${type}", owner_name=~"${workload}"}`)})`;
    return `(${direct} or ${by} (${podReplicaSet} * on (namespace, replicaset) group_left (workload) ${replicaSetDeployment}))`;
}

/** The pod-to-workload series and the variables over them, from the recording rule or from the owner families. */
export interface WorkloadOwners {
    /** Whether they read the recording rule. */
    rules: boolean;
    /** The namespaces with workloads. */
    namespaceVariable: string;
    typeVariable(namespace: string): string;
    workloadVariable(namespace: string, type: string): string;
    /** One series per pod of the picked workloads, value 1, labelled at least namespace, pod and workload. */
    podWorkload(namespace: string, type: string, workload: string): string;
}

const rawOwners: WorkloadOwners = {
    rules: false,
    namespaceVariable: "label_values(kube_pod_owner, namespace)",
    typeVariable: workloadTypeVariableQuery,
    workloadVariable: workloadVariableQuery,
    podWorkload,
};

/** The rule's series: one per pod already, with its workload's type and name, so a regex on each label picks. */
const recordedPods = (namespace: string, type: string, workload = ".+") => `${POD_WORKLOAD}{${namespace}, workload_type=~"${type}", workload=~"${workload}"}`;

const recordedOwners: WorkloadOwners = {
    rules: true,
    namespaceVariable: `label_values(${POD_WORKLOAD}, namespace)`,
    typeVariable: (namespace) => `label_values(${POD_WORKLOAD}{${namespace}}, workload_type)`,
    workloadVariable: (namespace, type) => `label_values(${recordedPods(namespace, type)}, workload)`,
    podWorkload: (namespace, type, workload) => recordedPods(namespace, type, workload),
};

/** The recording rule where the stack evaluates it, else the owner families. */
export function workloadOwners(rules: boolean): WorkloadOwners {
    return rules ? recordedOwners : rawOwners;
}

/**
 * A per-pod expression (labels namespace and pod) attributed to workloads: `agg` by `by` over the
 * pods of the picked workloads, e.g. sum by (workload) of each pod's CPU.
 */
export function byWorkload(owners: WorkloadOwners, agg: "sum" | "avg" | "count", by: string, perPod: string, namespace: string, type: string, workload: string): string {
    return `${agg} by (${by}) (${perPod} * on (namespace, pod) group_left (workload) ${owners.podWorkload(namespace, type, workload)})`;
}
