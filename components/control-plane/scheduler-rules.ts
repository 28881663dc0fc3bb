import { RecordingRule, RuleGroup } from "../common/rules/types";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/**
 * The scheduler's latency quantiles for the whole cluster, kubernetes-mixin's records for its
 * Scheduler board: the 50th, 90th and 99th percentile of one scheduling attempt, of the
 * scheduling algorithm alone, and of a pod's whole scheduling (the SLI, from the pod entering
 * the queue to its binding, kept by attempt count). Summed over the schedulers (instance, pod,
 * node tell one from another here) before the quantile is taken, so a leader election changes
 * nothing. histogram_quantile reads `le` as a number: 3.x's `le="1.0"` is the same bound.
 */
export const SCHEDULER_QUANTILES = {
    attempt: "cluster_quantile:scheduler_scheduling_attempt_duration_seconds:histogram_quantile",
    algorithm: "cluster_quantile:scheduler_scheduling_algorithm_duration_seconds:histogram_quantile",
    podSli: "cluster_quantile:scheduler_pod_scheduling_sli_duration_seconds:histogram_quantile",
} as const;

const HISTOGRAMS: Record<keyof typeof SCHEDULER_QUANTILES, string> = {
    attempt: "scheduler_scheduling_attempt_duration_seconds",
    algorithm: "scheduler_scheduling_algorithm_duration_seconds",
    podSli: "scheduler_pod_scheduling_sli_duration_seconds",
};

export const SCHEDULER_QUANTILE_LEVELS = ["0.99", "0.9", "0.5"] as const;

export function schedulerQuantileRules(): RecordingRule[] {
    const job = `job="${CONTROL_PLANE_JOB_NAMES.scheduler}"`;
    return SCHEDULER_QUANTILE_LEVELS.flatMap((q) =>
        (Object.keys(SCHEDULER_QUANTILES) as (keyof typeof SCHEDULER_QUANTILES)[]).map((k) => ({
            record: SCHEDULER_QUANTILES[k],
            expr: `histogram_quantile(${q}, sum without (instance, pod, node) (rate(${HISTOGRAMS[k]}_bucket{${job}}[5m])))`,
            labels: { quantile: q },
        })),
    );
}

export function schedulerQuantilesGroup(): RuleGroup {
    return { name: "kube-scheduler-latency", rules: schedulerQuantileRules() };
}
