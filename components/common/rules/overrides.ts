import { AlertOverride, OverridableRules } from "../../../config/alert-rules";
import { AlertingRule, isAlertingRule, RuleGroup } from "./types";
import { thresholdsOf, withThreshold } from "./thresholds";
import { seriesComparisons } from "../../../prometheus-releases/promql";

/**
 * The key a stack names a default alert's rule by in alertRules.overrides: the alert's name, or
 * `Name/<severity>` where the alert has one rule per severity (a warning and a critical one).
 */
export function overrideKey(rule: AlertingRule, all: readonly AlertingRule[]): string {
    return all.filter((r) => r.alert === rule.alert).length > 1 ? `${rule.alert}/${rule.labels.severity}` : rule.alert;
}

/** The default groups of one release line, with every job and component on. */
export interface LineRules {
    line: string;
    groups: readonly RuleGroup[];
}

/**
 * Why an expression has no one threshold a stack may set, or undefined when it has one. A
 * comparison of two series (shards wanted against shards allowed) has no number to move: a
 * threshold there would change nothing, and is refused rather than ignored.
 */
function noThreshold(expr: string): string | undefined {
    // The catalog asks for each rule of every release line, and most expressions are the same on every line.
    if (!whyNoThreshold.has(expr)) whyNoThreshold.set(expr, thresholdReason(expr));
    return whyNoThreshold.get(expr);
}

const whyNoThreshold = new Map<string, string | undefined>();

function thresholdReason(expr: string): string | undefined {
    const n = thresholdsOf(expr).length;
    if (n === 1) return undefined;
    if (n > 1) return "its expression compares against several numbers, no single one";
    const series = seriesComparisons(expr);
    return series.length > 0
        ? `its expression compares two series (${[...new Set(series.map((c) => c.op))].join(", ")}), not a series with a number, so a threshold would change nothing`
        : "its expression compares against no single number";
}

/**
 * Every rule's key and whether it has one threshold a stack may set on every release line: the
 * catalog config/ checks against, before the stack's line is known. A key without one says why,
 * and on which lines.
 */
export function overridableRules(lines: readonly LineRules[]): OverridableRules {
    const keys: Record<string, { threshold: boolean; why?: string }> = {};
    const ambiguous = new Set<string>();
    const why = new Map<string, Map<string, string[]>>();
    for (const { line, groups } of lines) {
        const rules = groups.flatMap((g) => g.rules.filter(isAlertingRule));
        const seen = new Set<string>();
        for (const r of rules) {
            const key = overrideKey(r, rules);
            // Two rules under one key (the same name and severity) cannot be told apart: neither is overridable.
            if (seen.has(key)) ambiguous.add(key);
            seen.add(key);
            keys[key] = { threshold: true };
            const reason = noThreshold(r.expr);
            if (reason !== undefined) {
                const byReason = why.get(key) ?? new Map<string, string[]>();
                byReason.set(reason, [...(byReason.get(reason) ?? []), line]);
                why.set(key, byReason);
            }
        }
    }
    const every = lines.length;
    for (const key of ambiguous) delete keys[key];
    for (const [key, byReason] of why) {
        if (!(key in keys)) continue;
        const reasons = [...byReason].map(([reason, on]) => (on.length === every ? reason : `${reason} on ${on.join(", ")}`));
        keys[key] = { threshold: false, why: reasons.join("; ") };
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
