import { prometheusDurationSeconds } from "../../../config/formats/prometheus-duration";
import { RuleGroup } from "./types";

/**
 * The rules that read further back than Prometheus keeps samples. A range longer than the
 * retention silently covers only what is held: `avg_over_time(x[30d])` on 20 days of data is the
 * mean of those 20 days, so a "30-day" figure is a 20-day one. The production checklist names
 * each such rule beside the stack's retention, so nobody reads it as the full window.
 */
export interface LongWindow {
    /** The record or alert name; one entry per name, with its longest range. */
    name: string;
    /** The longest range the rule reads, as written (`30d`). */
    window: string;
}

/** Every `[range]` and `[range:step]` of a PromQL expression, as written. */
function ranges(expr: string): string[] {
    return [...expr.matchAll(/\[\s*([0-9]+[a-z]+(?:[0-9]+[a-z]+)*)\s*(?::[^\]]*)?\]/g)].map((m) => m[1]);
}

export function windowsLongerThan(groups: readonly RuleGroup[], retention: string): LongWindow[] {
    const limit = prometheusDurationSeconds(retention);
    const longest = new Map<string, string>();
    for (const rule of groups.flatMap((g) => g.rules)) {
        const name = "record" in rule ? rule.record : rule.alert;
        for (const w of ranges(rule.expr)) {
            const seconds = prometheusDurationSeconds(w);
            const held = longest.get(name);
            if (seconds > limit && (held === undefined || seconds > prometheusDurationSeconds(held))) longest.set(name, w);
        }
    }
    return [...longest].map(([name, window]) => ({ name, window })).sort((a, b) => a.name.localeCompare(b.name));
}
