import { AlertCase, AlertCases, byTwoKsmReplicas, s, scrapedTwice } from "./alert-case-format";

/** The kubernetes-node-health alerts' cases (components/kube-state-metrics/node-health-alerts.ts), at their boundaries. */
const ksm = 'job="kube-state-metrics"';

/** A taint on node-1 from minute 0: the 15m `for` runs out at 15m. */
const taint = (key: string, when: string): AlertCase => ({
    series: [s(`kube_node_spec_taint{${ksm},node="node-1",key="${key}",effect="NoSchedule"}`, "1+0x30")],
    at: when,
    labels: { node: "node-1" },
});

/** `running` pods on node-1, whose capacity is 110, from minute 0. */
const pods = (running: number, when: string): AlertCase => ({
    series: [s('kubelet_running_pods{job="kubelet",instance="node-1",node="node-1"}', `${running}+0x30`), s(`kube_node_status_capacity{${ksm},node="node-1",resource="pods",unit="integer"}`, "110+0x30")],
    at: when,
    labels: { node: "node-1" },
});

export const NODE_HEALTH_ALERT_CASES: Record<string, AlertCases> = {
    KubeNodeUnreachable: {
        fires: taint("node.kubernetes.io/unreachable", "15m"),
        silent: taint("node.kubernetes.io/not-ready", "15m"),
        early: taint("node.kubernetes.io/unreachable", "14m"),
    },
    // 105 and 104 of 110: 95.5 % and 94.5 %.
    // And served twice (#42, defect class 4, not broken): max by (node) on both sides reads each once.
    KubeletTooManyPods: {
        fires: pods(105, "15m"),
        silent: pods(104, "15m"),
        early: pods(105, "14m"),
        scenarios: [
            { name: "two kube-state-metrics replicas and the kubelet scraped twice, 105 of 110", fires: true, case: scrapedTwice(byTwoKsmReplicas(pods(105, "15m")), "node-1", "10.0.0.21:10250") },
            { name: "two kube-state-metrics replicas and the kubelet scraped twice, 104 of 110", fires: false, case: scrapedTwice(byTwoKsmReplicas(pods(104, "15m")), "node-1", "10.0.0.21:10250") },
        ],
    },
};
