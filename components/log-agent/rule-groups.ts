import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { logAgentGroup } from "./alerts";

/** The log agent's alerts, while its job scrapes. */
export function logAgentRuleGroups(c: RuleContext): RuleGroup[] {
    return c.logAgent ? [logAgentGroup(c)] : [];
}
