import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule, keptFamily, histogramFamilies } from "../common/scrape/family-rules";

const PER_PLUGIN = "a histogram per plugin, extension point and status, the scheduler's largest family; attempt durations are kept";

/** The kube-scheduler job's families (docs/scrape-jobs.md#control-plane-families). */
export const SCHEDULER_OWN_FAMILIES: readonly FamilyRule[] = [
    keptFamily("scheduler_pending_pods", "the scheduler backlog alert and panel"),
    keptFamily("scheduler_schedule_attempts_total", "the scheduling attempts panel"),
    ...histogramFamilies("scheduler_scheduling_attempt_duration_seconds", ["bucket"], "the scheduling attempt latency panel"),
    ...histogramFamilies("scheduler_scheduling_algorithm_duration_seconds", ["bucket", "count"], "the scheduling algorithm rate and p99 panels: one histogram per scheduler, 18 series"),
    droppedFamily("scheduler_plugin_execution_duration_seconds*", PER_PLUGIN),
    droppedFamily("scheduler_framework_extension_point_duration_seconds*", PER_PLUGIN),
    droppedFamily("scheduler_plugin_evaluation_total", PER_PLUGIN),
    droppedFamily("scheduler_event_handling_duration_seconds*", "a histogram per cluster event type; no panel or alert reads it"),
    ...histogramFamilies("scheduler_pod_scheduling_sli_duration_seconds", ["bucket"], "a pod's whole scheduling latency by attempt count, one histogram per scheduler: cluster_quantile:scheduler_pod_scheduling_sli_duration_seconds:histogram_quantile"),
    droppedFamily("scheduler_pod_scheduling_attempts*", "attempts per pod as a histogram; schedule_attempts_total is kept"),
];

export const SCHEDULER_FAMILIES: readonly FamilyRule[] = [...SCHEDULER_OWN_FAMILIES, ...COMPONENT_BASE_FAMILIES];
