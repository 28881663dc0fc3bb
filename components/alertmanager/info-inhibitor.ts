import { RuleGroup, runbook } from "../common/rules/types";

/**
 * `info` alerts (CPUThrottlingHigh, KubeNodePressure, quota nearly used...) describe a state worth
 * knowing while something else is wrong, and are noise on their own. InfoInhibitor fires for each
 * namespace with a firing info alert and no firing warning or critical alert; Alertmanager's
 * inhibit rule (config-file.ts) then mutes the info alerts of that namespace, and its own route
 * sends InfoInhibitor nowhere. So an info alert reaches a receiver only beside a real problem in
 * its namespace, and never pages: PagerDuty takes `critical` alone unless a stack says otherwise.
 */
export const INFO_INHIBITOR_ALERT = "InfoInhibitor";

export function infoInhibitorGroup(): RuleGroup {
    return {
        name: "info-inhibitor",
        rules: [
            {
                alert: INFO_INHIBITOR_ALERT,
                // One per namespace: the inhibit rule matches on namespace alone.
                expr:
                    'count by (namespace) (ALERTS{severity="info",alertstate="firing"}) ' +
                    'unless count by (namespace) (ALERTS{severity=~"warning|critical",alertstate="firing"})',
                labels: { severity: "none" },
                annotations: {
                    summary: "Mutes info alerts while nothing worse fires in their namespace.",
                    description: "An info alert fires in namespace {{ $labels.namespace }} with no warning or critical alert beside it; Alertmanager holds it back.",
                    runbook_url: runbook("general/infoinhibitor"),
                },
            },
        ],
    };
}
