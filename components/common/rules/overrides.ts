import { AlertOverride, OverridableRules } from "../../../config/alert-rules";
import { AlertingRule, isAlertingRule, RuleGroup } from "./types";
import { thresholdsOf, withThreshold } from "./thresholds";

/**
 * The key a stack names a default alert's rule by in alertRules.overrides: the alert's name, or
 * `Name/<severity>` where the alert has one rule per severity (a warning and a critical one).
 */
export function overrideKey(rule: AlertingRule, all: readonly AlertingRule[]): string {
    return all.filter((r) => r.alert === rule.alert).length > 1 ? `${rule.alert}/${rule.labels.severity}` : rule.alert;
}

/** Every rule's key and whether it has one threshold a stack may set: the catalog config/ checks against. */
export function overridableRules(groups: readonly RuleGroup[]): OverridableRules {
    const rules = groups.flatMap((g) => g.rules.filter(isAlertingRule));
    const keys: Record<string, { threshold: boolean }> = {};
    for (const r of rules) {
        const key = overrideKey(r, rules);
        // Two rules under one key (the same name and severity) cannot be told apart: neither is overridable.
        if (key in keys) delete keys[key];
        else keys[key] = { threshold: thresholdsOf(r.expr).length === 1 };
    }
    return keys;
}

/** The rule as the stack changed it; the description keeps saying the shipped numbers, so it says so. */
export function applyOverride(rule: AlertingRule, o: AlertOverride): AlertingRule {
    const expr = o.threshold === undefined ? rule.expr : withThreshold(rule.expr, o.threshold);
    if (expr === undefined) throw new Error(`${rule.alert}: no single threshold to set (alertRules.overrides is checked at load)`);
    const changed = [
        ...(o.threshold !== undefined ? [`threshold ${o.threshold}`] : []),
        ...(o.for !== undefined ? [`for ${o.for}`] : []),
        ...(o.severity !== undefined ? [`severity ${o.severity}`] : []),
    ];
    return {
        ...rule,
        expr,
        ...(o.for !== undefined ? { for: o.for } : {}),
        labels: { ...rule.labels, ...(o.severity !== undefined ? { severity: o.severity } : {}) },
        annotations: { ...rule.annotations, description: `${rule.annotations.description} (This stack overrides: ${changed.join(", ")}.)` },
    };
}
