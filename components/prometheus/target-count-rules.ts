import { RecordingRule, RuleGroup } from "../common/rules/types";

/**
 * How many targets of each job answer (`count:up1`) and how many do not (`count:up0`),
 * kube-prometheus' names for the boards and queries people bring. Counted across the labels
 * that tell one target of a job from another (instance, pod, node), so a job keeps its
 * namespace and service labels. A job whose targets all answer has no `count:up0` series, as
 * in kube-prometheus: `count` of nothing is nothing.
 */
export const TARGET_COUNTS = { up: "count:up1", down: "count:up0" } as const;

export function targetCountRules(): RecordingRule[] {
    return [
        { record: TARGET_COUNTS.up, expr: "count without (instance, pod, node) (up == 1)" },
        { record: TARGET_COUNTS.down, expr: "count without (instance, pod, node) (up == 0)" },
    ];
}

export function targetCountGroup(): RuleGroup {
    return { name: "prometheus-target-counts", rules: targetCountRules() };
}
