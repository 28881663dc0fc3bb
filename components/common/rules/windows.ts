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

/** Whether `expr` reads the series `name` (a whole metric name, not part of a longer one). */
function reads(expr: string, name: string): boolean {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^a-zA-Z0-9_:])${escaped}($|[^a-zA-Z0-9_:])`).test(expr);
}

/**
 * The rules reading a range longer than `retention`, and those reading a record that does
 * (`apiserver_request:availability30d` reads the `:increase30d` records), each with its window.
 */
export function windowsLongerThan(groups: readonly RuleGroup[], retention: string): LongWindow[] {
    const limit = prometheusDurationSeconds(retention);
    const rules = groups.flatMap((g) => g.rules).map((rule) => ({ name: "record" in rule ? rule.record : rule.alert, expr: rule.expr }));
    const longest = new Map<string, string>();
    const keep = (name: string, w: string) => {
        const held = longest.get(name);
        if (prometheusDurationSeconds(w) > limit && (held === undefined || prometheusDurationSeconds(w) > prometheusDurationSeconds(held))) {
            longest.set(name, w);
            return true;
        }
        return false;
    };
    for (const r of rules) for (const w of ranges(r.expr)) keep(r.name, w);
    // Records of records: until no rule inherits a longer window from a record it reads.
    for (let changed = true; changed; ) {
        changed = false;
        for (const r of rules) {
            for (const [name, w] of [...longest]) if (name !== r.name && reads(r.expr, name) && keep(r.name, w)) changed = true;
        }
    }
    return [...longest].map(([name, window]) => ({ name, window })).sort((a, b) => a.name.localeCompare(b.name));
}
