import { RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { oncePerObject } from "./once-per-object";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

/**
 * Pods per namespace and phase, recorded so Home's "Pods not running" reads a series per
 * namespace and phase rather than kube_pod_status_phase's five per pod (one of them 1).
 */
export const NAMESPACE_PODS_BY_PHASE = "namespace_phase:kube_pod_status_phase:sum";

/** The phases of a pod that is neither running nor finished. */
export const NOT_RUNNING_PHASES = 'phase=~"Pending|Failed|Unknown"';

export function podPhaseGroup(): RuleGroup {
    return {
        name: "kube-state-metrics-pod-phases",
        interval: SLOW_GROUP_INTERVAL,
        // Once per pod while two kube-state-metrics replicas serve it (oncePerObject), so a rollout of kube-state-metrics does not double the count.
        rules: [{ record: NAMESPACE_PODS_BY_PHASE, expr: `sum by (namespace, phase) (${oncePerObject(`kube_pod_status_phase{job="${KUBE_STATE_METRICS_JOB_NAME}"}`)})` }],
    };
}

/** Home's count of pods not running: from the record while the default rules are evaluated, else from the raw family. */
export function podsNotRunningExpr(rules: boolean): string {
    return rules ? `sum(${NAMESPACE_PODS_BY_PHASE}{${NOT_RUNNING_PHASES}})` : `sum(kube_pod_status_phase{${NOT_RUNNING_PHASES}})`;
}
