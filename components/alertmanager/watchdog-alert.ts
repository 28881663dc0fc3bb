import { RuleGroup, runbook } from "../common/rules/types";

/**
 * Always firing. Its arrival at a receiver proves that rules are evaluated, Prometheus reaches
 * Alertmanager and Alertmanager reaches the receiver; its absence there is the alarm.
 */
export const WATCHDOG_ALERT = "Watchdog";

export function watchdogGroup(): RuleGroup {
    return {
        name: "watchdog",
        rules: [
            {
                alert: WATCHDOG_ALERT,
                expr: "vector(1)",
                labels: { severity: "none" },
                annotations: {
                    summary: "The alerting pipeline works.",
                    description: "This alert always fires. A dead man's switch on the watchdog receiver raises the alarm when it stops arriving.",
                    runbook_url: runbook("general/watchdog"),
                },
            },
        ],
    };
}
