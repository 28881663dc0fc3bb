import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { kubernetesNodesGroup, kubernetesWorkloadsGroup, kubeStateMetricsGroup, persistentVolumesGroup } from "./alerts";
import { kubernetesNodeHealthGroup } from "./node-health-alerts";
import { podNodeGroup } from "./pod-node-rules";
import { podPhaseGroup } from "./pod-phase-rules";
import { kubernetesResourcesGroup } from "./resource-alerts";
import { workloadOwnerGroup } from "./workload-owner-rules";

/** The object alerts and records, while kube-state-metrics runs. */
export function kubeStateMetricsRuleGroups(c: RuleContext): RuleGroup[] {
    if (!c.kubeStateMetrics) {
        return [];
    }
    return [
        kubernetesNodesGroup(),
        // Node health compares kube-state-metrics' conditions with the kubelet's own series.
        ...(c.kubelet ? [kubernetesNodeHealthGroup()] : []),
        kubernetesWorkloadsGroup(),
        persistentVolumesGroup(),
        kubernetesResourcesGroup(c),
        workloadOwnerGroup(),
        podPhaseGroup(),
        podNodeGroup(),
        // The kube-state-metrics-telemetry job runs exactly while kube-state-metrics does.
        kubeStateMetricsGroup(),
    ];
}
