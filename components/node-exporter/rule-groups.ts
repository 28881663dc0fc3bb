import { rulesWhileOn } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { nodeGroup } from "./alerts";
import { nodeHardwareGroup } from "./hardware-alerts";
import { nodeLimitsGroup } from "./limit-alerts";
import { nodeNetworkGroup } from "./network-alerts";
import { nodeRecordsGroup } from "./recording-rules";
import { nodeSaturationGroup } from "./saturation-alerts";

/** The node alerts and records. */
export function nodeExporterRuleGroups(): RuleGroup[] {
    return [nodeGroup(), nodeNetworkGroup(), nodeLimitsGroup(), nodeSaturationGroup(), nodeHardwareGroup(), nodeRecordsGroup()];
}

/** While node_exporter runs. */
export const nodeExporterRules = rulesWhileOn((s) => s.nodeExporter.enabled, nodeExporterRuleGroups);
