import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { alertmanagerGroup } from "./alerts";
import { alertmanagerClusterGroup } from "./cluster-alerts";
import { infoInhibitorGroup } from "./info-inhibitor";
import { watchdogGroup } from "./watchdog-alert";

/** The watchdog, Alertmanager's own alerts while Prometheus scrapes it, and the info inhibitor while it runs. */
export function alertmanagerRuleGroups(c: RuleContext): RuleGroup[] {
    return [
        // The dead man's switch fires whether or not this stack runs Alertmanager: an outside one may receive it.
        watchdogGroup(),
        ...(c.alertmanagerJob !== undefined ? [alertmanagerGroup(c.alertmanagerJob)] : []),
        ...(c.alertmanagerJob !== undefined && c.alertmanagerCluster ? [alertmanagerClusterGroup(c.alertmanagerJob)] : []),
        ...(c.alertmanager ? [infoInhibitorGroup()] : []),
    ];
}
