import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { grafanaGroup } from "./alerts";

/** Grafana's alerts, while it runs. */
export function grafanaRuleGroups(c: RuleContext): RuleGroup[] {
    return c.grafana ? [grafanaGroup()] : [];
}
