import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { probesGroup } from "./alerts";

/** The probe alerts, while the exporter runs. */
export function blackboxExporterRuleGroups(c: RuleContext): RuleGroup[] {
    return c.blackbox ? [probesGroup()] : [];
}
