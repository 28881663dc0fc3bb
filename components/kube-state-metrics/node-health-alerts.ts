import { RuleGroup, runbook } from "../common/rules/types";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

/**
 * Nodes the control plane has marked unreachable, from kube-state-metrics, and kubelets near their
 * pod capacity, from the kubelet's own count against the node's capacity. Thresholds and
 * durations are kubernetes-mixin's; the expressions are written here. Needs both jobs.
 */
export function kubernetesNodeHealthGroup(): RuleGroup {
    const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;
    return {
        name: "kubernetes-node-health",
        rules: [
            {
                alert: "KubeNodeUnreachable",
                // kube-state-metrics serves a taint's series only while the taint is set, always as 1.
                expr: `max by (node) (kube_node_spec_taint{${ksm},key="node.kubernetes.io/unreachable",effect="NoSchedule"})`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node is unreachable.",
                    description: "The node controller has marked node {{ $labels.node }} unreachable for 15 minutes; its pods are being evicted.",
                    runbook_url: runbook("kubernetes/kubenodeunreachable"),
                },
            },
            {
                alert: "KubeletTooManyPods",
                expr:
                    'max by (node) (kubelet_running_pods{job="kubelet"}) / ' +
                    `max by (node) (kube_node_status_capacity{${ksm},resource="pods"}) > 0.95`,
                for: "15m",
                labels: { severity: "info" },
                annotations: {
                    summary: "A kubelet runs nearly as many pods as it may.",
                    description: "The kubelet of node {{ $labels.node }} has run more than 95 % of the pods its node takes for 15 minutes; new pods will not fit there.",
                    runbook_url: runbook("kubernetes/kubelettoomanypods"),
                },
            },
        ],
    };
}
