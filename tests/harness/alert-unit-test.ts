import * as assert from "assert";
import { AlertingRule } from "../../components/common/rules/types";
import { AlertCase } from "./alert-cases";

/** The rule's annotation templates filled with the alert's labels, as Prometheus renders `{{ $labels.x }}`. */
export function expectedAnnotations(rule: AlertingRule, labels: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
        Object.entries(rule.annotations).map(([k, template]) => [
            k,
            template.replace(/\{\{ \$labels\.([a-zA-Z_][a-zA-Z0-9_]*) \}\}/g, (_, name: string) => {
                assert.ok(name in labels, `${rule.alert}: the annotation ${k} reads label ${name}, which its firing case lacks`);
                return labels[name];
            }),
        ]),
    );
}

/** One `promtool test rules` test: the case's series, and the alert expected to fire (with its labels and annotations) or not. */
export function unitTest(rule: AlertingRule, c: AlertCase, fires: boolean) {
    const labels = { ...(c.labels ?? {}), ...rule.labels };
    return {
        interval: "1m",
        input_series: c.series,
        alert_rule_test: [
            {
                eval_time: c.at,
                alertname: rule.alert,
                exp_alerts: fires ? [{ exp_labels: labels, exp_annotations: expectedAnnotations(rule, labels) }] : [],
            },
        ],
    };
}
