import { RecordingRule, RuleGroup } from "../common/rules/types";

/**
 * The kubelet's PLEG relist latency quantiles per node, kubernetes-mixin's record for its Kubelet
 * board (kube-prometheus kubelet.rules): the 50th, 90th and 99th percentile of one relist of the
 * pod lifecycle event generator, by instance, with the node's name joined from kubelet_node_name.
 * Here instance and node are both the node's name (scrape-job.ts, nodeLabels), so the join only
 * keeps the mixin's shape; kubelet_node_name is one series of value 1 per kubelet. The kubelet job
 * keeps every bound of the histogram for it (families.ts). histogram_quantile reads `le` as a
 * number, so 3.x's `le="1.0"` is the same bound as 2.x's `le="1"`.
 */
export const KUBELET_PLEG_QUANTILE = "node_quantile:kubelet_pleg_relist_duration_seconds:histogram_quantile";

export const KUBELET_PLEG_QUANTILE_LEVELS = ["0.99", "0.9", "0.5"] as const;

const JOB = 'job="kubelet"';

export function kubeletPlegQuantileRules(): RecordingRule[] {
    return KUBELET_PLEG_QUANTILE_LEVELS.map((q) => ({
        record: KUBELET_PLEG_QUANTILE,
        expr: `histogram_quantile(${q}, sum by (instance, le) (rate(kubelet_pleg_relist_duration_seconds_bucket{${JOB}}[5m])) * on (instance) group_left (node) kubelet_node_name{${JOB}})`,
        labels: { quantile: q },
    }));
}

export function kubeletLatencyGroup(): RuleGroup {
    return { name: "kubelet-latency", rules: kubeletPlegQuantileRules() };
}
