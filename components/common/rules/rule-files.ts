import { stringify } from "yaml";
import { AlertRulesSettings } from "../../../config/alert-rules";
import { isAlertingRule, Rule, RuleFile, RuleGroup } from "./types";
import { applyOverride, overrideKey } from "./overrides";
import { prometheusDurationSeconds } from "../../../config/formats/prometheus-duration";

/**
 * The default groups, less the alerts a stack switched off (a group left empty goes too), with
 * the thresholds, `for` and severities it overrode.
 */
export function enabledDefaultGroups(settings: AlertRulesSettings, defaults: readonly RuleGroup[]): RuleGroup[] {
    if (!settings.defaults) {
        return [];
    }
    const off = new Set(settings.disabled ?? []);
    const overrides = settings.overrides ?? {};
    const alerts = defaults.flatMap((g) => g.rules.filter(isAlertingRule));
    const overridden = (r: Rule): Rule => {
        if (!isAlertingRule(r)) return r;
        const o = overrides[overrideKey(r, alerts)];
        return o === undefined ? r : applyOverride(r, o);
    };
    return defaults
        .map((g) => ({ ...g, rules: g.rules.filter((r) => !(isAlertingRule(r) && off.has(r.alert))).map(overridden) }))
        .filter((g) => g.rules.length > 0);
}

/**
 * A default group's own interval says "no more often than this" (the slow-moving groups, the
 * long burn rates, the 30-day availability chain): where the stack's global evaluation interval
 * is as long or longer, the group follows the global one, so that it never runs more often than
 * the stack's other groups. A stack's own groups keep the interval they set.
 */
function atLeastGlobal(g: RuleGroup, evaluationInterval: string): RuleGroup {
    if (g.interval === undefined || prometheusDurationSeconds(g.interval) > prometheusDurationSeconds(evaluationInterval)) return g;
    const { interval: _followsGlobal, ...rest } = g;
    return rest;
}

/** A stack's own group as Prometheus reads it: only the fields it set, in the documented order. */
function userGroup(g: AlertRulesSettings["groups"][number]): RuleGroup {
    const rules = g.rules.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as Rule);
    return { name: g.name, ...(g.interval ? { interval: g.interval } : {}), rules };
}

export function renderRuleFile(file: RuleFile): string {
    return stringify(file, { lineWidth: 0, sortMapEntries: false });
}

/**
 * The rule files beside the spec's empty k8s.yml: one file per default group
 * (defaults-<group>.yml) and one per stack group (custom-<group>.yml), so a broken custom file
 * never hides the defaults and a diff shows which group changed.
 */
export function ruleFiles(settings: AlertRulesSettings, defaults: readonly RuleGroup[], evaluationInterval: string): Record<string, string> {
    const files: Record<string, string> = {};
    for (const g of enabledDefaultGroups(settings, defaults)) {
        files[`defaults-${g.name}.yml`] = renderRuleFile({ groups: [atLeastGlobal(g, evaluationInterval)] });
    }
    for (const g of settings.groups) {
        files[`custom-${g.name}.yml`] = renderRuleFile({ groups: [userGroup(g)] });
    }
    return files;
}
