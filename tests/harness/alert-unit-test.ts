import * as assert from "assert";
import { AlertingRule } from "../../components/common/rules/types";
import { AlertCase, firesRule } from "./alert-case-format";

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

/**
 * One `promtool test rules` test of an alert's rules (one, or one per severity): the case's
 * series, and what must fire. A firing case expects the rules of its `severities` and `ruleLabels` (all of them
 * when it names none), each with its labels and annotations; a silent case expects none.
 */
export function unitTest(rules: readonly AlertingRule[], c: AlertCase, fires: boolean) {
    const firing = fires ? rules.filter((r) => firesRule(c, r.labels)) : [];
    assert.ok(!fires || firing.length > 0, `${rules[0].alert}: a firing case names no severity the alert has`);
    return {
        interval: c.interval ?? "1m",
        input_series: c.series,
        alert_rule_test: [
            {
                eval_time: c.at,
                alertname: rules[0].alert,
                exp_alerts: firing.map((rule) => {
                    const labels = { ...(c.labels ?? {}), ...rule.labels };
                    return { exp_labels: labels, exp_annotations: expectedAnnotations(rule, labels) };
                }),
            },
        ],
    };
}
