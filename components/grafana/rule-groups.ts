import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { grafanaGroup } from "./alerts";
import { grafanaRequestsGroup } from "./request-rules";

/** Grafana's alerts and records, while it runs. */
export function grafanaRuleGroups(c: RuleContext): RuleGroup[] {
    return c.grafana ? [grafanaGroup(), grafanaRequestsGroup()] : [];
}
