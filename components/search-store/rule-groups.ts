import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { searchStoreGroup } from "./alerts";

/** The store's alerts, while its exporter is scraped. */
export function searchStoreRuleGroups(c: RuleContext): RuleGroup[] {
    return c.elasticsearch ? [searchStoreGroup(c.searchStoreKind)] : [];
}
