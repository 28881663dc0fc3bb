import { rulesOf } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { kubeletCertificatesGroup } from "./certificate-alerts";
import { containersGroup } from "./container-alerts";
import { containerUsageGroup } from "./container-usage-rules";
import { kubeletHealthGroup } from "./health-alerts";
import { kubeletLatencyGroup } from "./pleg-rules";
import { kubernetesStorageGroup } from "./volume-alerts";

/** Which of its two jobs scrape (metrics.jobs.kubelet, cadvisor), and whether kube-state-metrics runs, whose claim series the volume alerts read. */
export interface KubeletRuleInput {
    kubelet: boolean;
    cadvisor: boolean;
    kubeStateMetrics: boolean;
}

/** The kubelet's alerts while its job scrapes, and the container ones while cAdvisor's does. */
export function kubeletRuleGroups(c: KubeletRuleInput): RuleGroup[] {
    return [
        ...(c.kubelet ? [kubernetesStorageGroup(c), kubeletCertificatesGroup(), kubeletHealthGroup(), kubeletLatencyGroup()] : []),
        ...(c.cadvisor ? [containersGroup(), containerUsageGroup()] : []),
    ];
}

export const kubeletRules = rulesOf(
    kubeletRuleGroups,
    (s) => ({ kubelet: s.metrics.jobs.kubelet, cadvisor: s.metrics.jobs.cadvisor, kubeStateMetrics: s.kubeStateMetrics.enabled }),
    () => ({ kubelet: true, cadvisor: true, kubeStateMetrics: true }),
);
