import { leMatcher } from "../common/histogram-bounds";
import { RuleGroup, runbook } from "../common/rules/types";

const JOB = 'job="kubelet"';

/**
 * The share of a kubelet histogram's observations over the last 5 minutes that took longer than
 * `bound`, per node: 1 - bucket{le=bound} / _count. The job keeps only that bucket
 * (components/kubelet/families.ts, KUBELET_SERIES_RULES).
 *
 * kubernetes-mixin words these alerts as a 99th percentile against a bound: histogram_quantile
 * puts the quantile above a bound exactly when the rank 0.99 × count lies above the bound's
 * cumulative count, that is when more than 1 % of observations are slower (and at or above the
 * bound when at least 1 % are). So the same condition, from one bucket instead of all of them.
 */
function slowerShare(family: string, bound: string): string {
    const rate = (series: string) => `sum by (node) (rate(${series}[5m]))`;
    return `(1 - ${rate(`${family}_bucket{${JOB},${leMatcher(bound)}}`)} / ${rate(`${family}_count{${JOB}}`)})`;
}

/**
 * The kubelet's own health: its pod lifecycle event generator (PLEG) too slow to notice container
 * changes, pods slow to start, and pods evicted. Thresholds, `for` and severities are
 * kubernetes-mixin's; the expressions are written here. The mixin's start-up alert reads the pod
 * worker histogram, whose buckets end at 10 s (client_golang's defaults), so its 60 s threshold
 * cannot be reached; this one reads kubelet_pod_start_duration_seconds, from the kubelet first
 * seeing a pod to its containers running, whose buckets reach an hour.
 */
export function kubeletHealthGroup(): RuleGroup {
    return {
        name: "kubelet-health",
        rules: [
            {
                alert: "KubeletPlegDurationHigh",
                // The 99th percentile at or above 10 s: 1 % or more of relists slower than 10 s.
                expr: `${slowerShare("kubelet_pleg_relist_duration_seconds", "10")} >= 0.01`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The kubelet's pod lifecycle event generator relists too slowly.",
                    description: "On node {{ $labels.node }} the 99th percentile of PLEG relist durations has been 10 s or more for 5 minutes; the kubelet notices container changes late and may turn the node NotReady.",
                    runbook_url: runbook("kubernetes/kubeletplegdurationhigh"),
                },
            },
            {
                alert: "KubeletPodStartUpLatencyHigh",
                // The 99th percentile above 60 s: more than 1 % of pod starts slower than 60 s.
                expr: `${slowerShare("kubelet_pod_start_duration_seconds", "60")} > 0.01`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Pods take long to start on a node.",
                    description: "On node {{ $labels.node }} the 99th percentile of pod start-up durations, from the kubelet seeing a pod to its containers running, has been above 60 s for 15 minutes.",
                    runbook_url: runbook("kubernetes/kubeletpodstartuplatencyhigh"),
                },
            },
            {
                alert: "KubeNodeEviction",
                expr: `sum by (node, eviction_signal) (increase(kubelet_evictions{${JOB}}[15m])) > 0`,
                labels: { severity: "info" },
                annotations: {
                    summary: "A node is evicting pods.",
                    description: "The kubelet of node {{ $labels.node }} has evicted pods in the last 15 minutes to relieve {{ $labels.eviction_signal }}; pods that exceed their requests are the first to go.",
                    runbook_url: runbook("kubernetes/kubenodeeviction"),
                },
            },
        ],
    };
}
