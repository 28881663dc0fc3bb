import { RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

/**
 * Each scheduled pod's node, as 1 labelled node, namespace and pod: kubernetes-mixin's
 * `node_namespace_pod:kube_pod_info:`, which its boards and people's queries join to put a
 * node on a pod's series. One row per pod: a pod that kube-state-metrics serves twice for a
 * moment (two replicas, a restart) or that moved node keeps one (topk 1).
 * Pods not yet scheduled have no node and no row.
 */
export const POD_NODE = "node_namespace_pod:kube_pod_info:";

export function podNodeGroup(): RuleGroup {
    return {
        name: "kube-state-metrics-pod-nodes",
        interval: SLOW_GROUP_INTERVAL,
        rules: [{ record: POD_NODE, expr: `topk by (namespace, pod) (1, max by (node, namespace, pod) (kube_pod_info{job="${KUBE_STATE_METRICS_JOB_NAME}",node!=""}))` }],
    };
}
