import { AlertingRule, runbook } from "../common/rules/types";

/**
 * One target of a control-plane job that has stopped answering, while its *Down alert waits for
 * all of them: a lost API server or kubelet of many, or the one scheduler of three that is gone,
 * fires here long before TargetDown's 10 % of the job. kubernetes-mixin's name, duration (15m)
 * and severity (warning). The public runbooks have no page of these names; the component's
 * *Down page covers the same diagnosis, one target at a time.
 */
export function instanceUnreachable(alert: string, job: string, what: string, downRunbook: string): AlertingRule {
    return {
        alert,
        expr: `up{job="${job}"} == 0`,
        for: "15m",
        labels: { severity: "warning" },
        annotations: {
            summary: `${what} target is unreachable.`,
            description: `The ${job} target {{ $labels.instance }} has not answered a scrape for 15 minutes.`,
            runbook_url: runbook(`kubernetes/${downRunbook}`),
        },
    };
}
