import { RecordingRule } from "../common/rules/types";
import { oncePerObject } from "./once-per-object";
import {
    ACTIVE_POD,
    NAMESPACE_CPU_LIMITS,
    NAMESPACE_CPU_REQUESTS,
    NAMESPACE_MEMORY_LIMITS,
    NAMESPACE_MEMORY_REQUESTS,
    POD_CPU_LIMITS,
    POD_CPU_REQUESTS,
    POD_MEMORY_LIMITS,
    POD_MEMORY_REQUESTS,
    POD_SUM_CPU_LIMITS,
    POD_SUM_CPU_REQUESTS,
    POD_SUM_MEMORY_LIMITS,
    POD_SUM_MEMORY_REQUESTS,
} from "../common/rules/compute-resource-records";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

/**
 * Pods that hold their requests: Pending (the scheduler must find room for them) and Running.
 * kube-state-metrics keeps serving the requests of a Succeeded or Failed pod until the pod is
 * deleted, which for a Job's pods can be days; they hold nothing. It serves one phase series per
 * phase, 1 for the pod's phase and 0 for the others; `max by` makes one series per pod even
 * while a deleted pod and its replacement of the same name are both listed.
 */
const ACTIVE_PODS = `max by (namespace, pod) (kube_pod_status_phase{${ksm},phase=~"Pending|Running"} == 1)`;

/** The active pods, recorded first in the group: the four per-container rules read it at the same instant, instead of each selecting the phase series anew. */
const activePodsRule: RecordingRule = { record: ACTIVE_POD, expr: ACTIVE_PODS };

/**
 * Each container's request or limit of `resource`, for active pods only, with all its labels (node among them) but the
 * replica's `instance`: once per container while two kube-state-metrics replicas serve it, so the per-pod and
 * per-namespace sums below and the overcommit alerts do not double.
 */
function activePods(record: string, family: "kube_pod_container_resource_requests" | "kube_pod_container_resource_limits", resource: "cpu" | "memory"): RecordingRule {
    return { record, expr: `${oncePerObject(`${family}{${ksm},resource="${resource}"}`)} * on (namespace, pod) group_left () ${ACTIVE_POD}` };
}

/** Per pod with its node: a pod's containers all carry the same node label (none while it is unscheduled). */
const perPod = (record: string, from: string): RecordingRule => ({ record, expr: `sum by (node, namespace, pod) (${from})` });

const perNamespace = (record: string, from: string): RecordingRule => ({ record, expr: `sum by (namespace) (${from})` });

/**
 * What active pods request and are limited to, per container, per pod and per namespace, in
 * cores and bytes. Each per-container rule reads the active pods recorded before it, and each
 * per-pod and per-namespace rule the per-container rule before it: a group evaluates its rules
 * in order (a pod no longer active is marked stale before the next rule runs), so all describe
 * the same instant.
 */
export function resourceRequestAndLimitRules(): RecordingRule[] {
    return [
        activePodsRule,
        activePods(POD_CPU_REQUESTS, "kube_pod_container_resource_requests", "cpu"),
        activePods(POD_MEMORY_REQUESTS, "kube_pod_container_resource_requests", "memory"),
        activePods(POD_CPU_LIMITS, "kube_pod_container_resource_limits", "cpu"),
        activePods(POD_MEMORY_LIMITS, "kube_pod_container_resource_limits", "memory"),
        perPod(POD_SUM_CPU_REQUESTS, POD_CPU_REQUESTS),
        perPod(POD_SUM_MEMORY_REQUESTS, POD_MEMORY_REQUESTS),
        perPod(POD_SUM_CPU_LIMITS, POD_CPU_LIMITS),
        perPod(POD_SUM_MEMORY_LIMITS, POD_MEMORY_LIMITS),
        perNamespace(NAMESPACE_CPU_REQUESTS, POD_CPU_REQUESTS),
        perNamespace(NAMESPACE_MEMORY_REQUESTS, POD_MEMORY_REQUESTS),
        perNamespace(NAMESPACE_CPU_LIMITS, POD_CPU_LIMITS),
        perNamespace(NAMESPACE_MEMORY_LIMITS, POD_MEMORY_LIMITS),
    ];
}
