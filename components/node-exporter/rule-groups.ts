import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { nodeGroup } from "./alerts";
import { nodeHardwareGroup } from "./hardware-alerts";
import { nodeLimitsGroup } from "./limit-alerts";
import { nodeNetworkGroup } from "./network-alerts";
import { nodeRecordsGroup } from "./recording-rules";
import { nodeSaturationGroup } from "./saturation-alerts";

/** The node alerts and records, while node_exporter runs. */
export function nodeExporterRuleGroups(c: RuleContext): RuleGroup[] {
    return c.nodeExporter ? [nodeGroup(), nodeNetworkGroup(), nodeLimitsGroup(), nodeSaturationGroup(), nodeHardwareGroup(), nodeRecordsGroup()] : [];
}
