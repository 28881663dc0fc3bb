import { RuleGroup } from "../common/rules/types";
import { PUSHGATEWAY_JOB_NAME } from "./layout";

const DAY = 86400;

/**
 * The Pushgateway and what batch jobs push to it (docs/pushgateway.md#alerts), in PromQL that
 * v2.11.1 evaluates (absent, time, comparisons, `and`): the gateway unreachable, a group whose
 * last push is more than a day old, and a group whose last push was refused. push_time_seconds
 * and push_failure_time_seconds carry each group's labels as pushed (honor_labels), so the
 * alerts name the batch job, not the gateway. None has a public runbook: each points at its
 * section of docs/runbooks.md.
 */
export function pushgatewayGroup(): RuleGroup {
    return {
        name: "pushgateway",
        rules: [
            {
                alert: "PushgatewayDown",
                expr: `absent(up{job="${PUSHGATEWAY_JOB_NAME}"} == 1)`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The Pushgateway is unreachable.",
                    description:
                        "No Pushgateway target has answered a scrape for 10 minutes: batch jobs' pushes fail, and what they pushed before is not scraped. " +
                        "A new gateway pod starts without the groups pushed to the old one, until each batch job pushes again.",
                },
            },
            {
                // A daily job pushes about every 24 hours; the hour of `for` is its slack, so the alert fires once a group is 25 hours old.
                // A group that never pushed successfully (push_time_seconds 0) is PushgatewayPushFailed's; `!= 0` is no threshold,
                // so alertRules.overrides may still set the one number, the age in seconds.
                alert: "PushgatewayPushStale",
                expr: `time() - (push_time_seconds != 0) > ${DAY}`,
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A batch job has not pushed for more than a day.",
                    description:
                        "The group of batch job {{ $labels.job }} on the Pushgateway was last pushed more than 25 hours ago: the job has not run, or has not finished. " +
                        "A job that runs less often than daily needs alertRules.overrides for PushgatewayPushStale, or its own alert.",
                },
            },
            {
                alert: "PushgatewayPushFailed",
                expr: "push_failure_time_seconds > push_time_seconds",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The Pushgateway refused a batch job's last push.",
                    description:
                        "The last push of batch job {{ $labels.job }} was refused (HTTP 400), later than its last successful push: its metrics are inconsistent with what other groups hold " +
                        "(another type or help for the same name), or invalid. The gateway's log names the reason; until the job pushes successfully, it keeps the metrics of that last success.",
                },
            },
        ],
    };
}
