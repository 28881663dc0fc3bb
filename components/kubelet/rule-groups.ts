import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { kubeletCertificatesGroup } from "./certificate-alerts";
import { containersGroup } from "./container-alerts";
import { containerUsageGroup } from "./container-usage-rules";
import { kubeletHealthGroup } from "./health-alerts";
import { kubeletLatencyGroup } from "./pleg-rules";
import { kubernetesStorageGroup } from "./volume-alerts";

/** The kubelet's alerts while its job scrapes, and the container ones while cAdvisor's does. */
export function kubeletRuleGroups(c: RuleContext): RuleGroup[] {
    return [
        ...(c.kubelet ? [kubernetesStorageGroup(c), kubeletCertificatesGroup(), kubeletHealthGroup(), kubeletLatencyGroup()] : []),
        ...(c.cadvisor ? [containersGroup(), containerUsageGroup()] : []),
    ];
}
