import { rulesOf } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { kubernetesNodesGroup, kubernetesWorkloadsGroup, kubeStateMetricsGroup, persistentVolumesGroup } from "./alerts";
import { kubernetesNodeHealthGroup } from "./node-health-alerts";
import { podNodeGroup } from "./pod-node-rules";
import { podPhaseGroup } from "./pod-phase-rules";
import { kubernetesResourcesGroup } from "./resource-alerts";
import { workloadOwnerGroup } from "./workload-owner-rules";

/** What its groups read while it runs: whether the kubelet job scrapes, and the kinds it exposes. */
export interface KubeStateMetricsRuleInput {
    /** metrics.jobs.kubelet: node health compares the conditions with the kubelet's own series. */
    kubelet: boolean;
    /** The kinds kube-state-metrics exposes (kubeStateMetrics.exposedResources); left out: every kind. */
    kubeStateMetricsResources?: readonly string[];
}

/** The object alerts and records. */
export function kubeStateMetricsRuleGroups(c: KubeStateMetricsRuleInput): RuleGroup[] {
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

/** While kube-state-metrics runs. */
export const kubeStateMetricsRules = rulesOf(
    kubeStateMetricsRuleGroups,
    (s) => (s.kubeStateMetrics.enabled ? { kubelet: s.metrics.jobs.kubelet, kubeStateMetricsResources: s.kubeStateMetrics.exposedResources } : undefined),
    () => ({ kubelet: true }),
);
