import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { longTermStoreGroup } from "./alerts";

/** The store's alerts, while it runs. */
export function longTermStoreRuleGroups(c: RuleContext): RuleGroup[] {
    return c.longTermStore ? [longTermStoreGroup(c.longTermStoreBackupSeconds)] : [];
}
