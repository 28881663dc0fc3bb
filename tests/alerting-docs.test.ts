import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { AlertingRule, isAlertingRule } from "../components/common/rules/types";
import { comparisonThresholds } from "../prometheus-releases/promql";
import { defaultRuleGroups } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { fluentdSizeBytes } from "../config/formats";

/**
 * docs/alerting.md's table of default alerts states, for each alert, in the parenthesis after
 * its name: its severity, its threshold (`> 90 %`, `< 5 %`, `above 2 s`, `more than 10 %`,
 * `deeper than 100`, `p99 > 0.5 s`, `< 3 d`) and, last, its `for` (a duration alone, `15 m`, or ending a
 * clause, `for 15 m`). A severity the row states for all (`all warning`) counts for each alert
 * of the row that states none. An alert with one rule per severity states each rule in its
 * parenthesis, each from its severity on (`(critical, < 3 %, 1 m; warning, < 15 %, 1 h)`), and
 * each is checked against the rule of that severity (of those, the one with the stated `for`). Issue #29: the docs' stated thresholds must
 * agree with the rules.
 */
const settings = everyAlertSettings();
/** Each default alert's rules: one, or one per severity. */
const alerts = new Map<string, AlertingRule[]>();
for (const r of defaultRuleGroups(settings).flatMap((g) => g.rules.filter(isAlertingRule))) {
    alerts.set(r.alert, [...(alerts.get(r.alert) ?? []), r]);
}

/** Thresholds the docs state as a share of something else than 100: what 100 % is. */
const HUNDRED_PERCENT: Readonly<Record<string, number>> = {
    // "> 80 % of the buffer's total_limit_size": the rule compares bytes.
    FluentdBufferNearlyFull: fluentdSizeBytes(settings.logs.buffer.totalLimitSize),
};

export interface StatedAlert {
    alert: string;
    severity?: string;
    /** Each stated comparison: `>` or `<`, and the number with its unit as written. */
    thresholds: { op: ">" | "<"; value: number; unit: string; text: string }[];
    /** The stated `for` in minutes. */
    forMinutes?: number;
}

/** The text of the parenthesis that opens at `from` (which is `(`), nested parentheses included. */
function parenthesis(text: string, from: number): string {
    let depth = 0;
    for (let i = from; i < text.length; i++) {
        depth += text[i] === "(" ? 1 : text[i] === ")" ? -1 : 0;
        if (depth === 0) {
            return text.slice(from + 1, i);
        }
    }
    throw new Error(`an unclosed parenthesis in ${text.slice(from)}`);
}

/** Split at `,`, `;` and `:` outside parentheses, brackets and backticks. */
function clauses(text: string): string[] {
    const out: string[] = [];
    let depth = 0;
    let code = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        code = c === "`" ? !code : code;
        depth += !code && "([".includes(c) ? 1 : !code && ")]".includes(c) ? -1 : 0;
        if (!code && depth === 0 && ",;:".includes(c)) {
            out.push(text.slice(start, i).trim());
            start = i + 1;
        }
    }
    out.push(text.slice(start).trim());
    return out.filter((c) => c !== "");
}

const SEVERITY = /^(critical|warning|info|none)$/;
const DURATION = /(?:^|\bfor )([0-9]+) ?(m|h)$/;
const COMPARISON = /(>=|<=|>|<|more than|less than|above|below|deeper than)\s*([0-9]+(?:\.[0-9]+)?)\s*(%|ms|s\b|d\b|×)?/g;
/** A word that looks like an alert's name: two capitalised parts (KubePodNotReady, CPUThrottlingHigh) or etcd's; not a possessive (CoreDNS's). */
const ALERT_LIKE = /\b(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{2,}[a-z]+[A-Za-z0-9]*|etcd[A-Z][A-Za-z0-9]*)\b/g;

/** What the table in `markdown`'s "Default alerts" section states about each alert it names. */
export function statedAlerts(markdown: string, known: ReadonlySet<string>): StatedAlert[] {
    const section = markdown.split(/^## /m).find((s) => s.startsWith("Default alerts"));
    assert.ok(section, "docs/alerting.md has a Default alerts section");
    const out: StatedAlert[] = [];
    for (const row of section.split("\n").filter((l) => l.startsWith("| `"))) {
        const cell = row.split(" | ")[2];
        assert.ok(cell, `a row of three cells: ${row}`);
        // Only the text outside parentheses names alerts; "all warning" there is the row's severity.
        let outside = "";
        for (let i = 0; i < cell.length; i++) {
            if (cell[i] === "(") {
                const inner = parenthesis(cell, i);
                outside += ` ${"\u0000".repeat(inner.length)} `;
                i += inner.length + 1;
            } else {
                outside += cell[i];
            }
        }
        const rowSeverity = /\ball (critical|warning|info)\b/.exec(outside)?.[1];
        const names = [...outside.matchAll(/\b[A-Za-z][A-Za-z0-9]+\b(?!')/g)].filter((m) => known.has(m[0]) || new RegExp(`^${ALERT_LIKE.source}$`).test(m[0]));
        for (const m of names) {
            const after = m.index! + m[0].length;
            let stated: StatedAlert = { alert: m[0], thresholds: [] };
            if (cell[after] === " " && cell[after + 1] === "(") {
                for (const clause of clauses(parenthesis(cell, after + 1))) {
                    if (SEVERITY.test(clause)) {
                        // A second severity states the alert's next rule.
                        if (stated.severity !== undefined) {
                            out.push(stated);
                            stated = { alert: m[0], thresholds: [] };
                        }
                        stated.severity = clause;
                    }
                    const d = DURATION.exec(clause);
                    if (d) {
                        stated.forMinutes = Number(d[1]) * (d[2] === "h" ? 60 : 1);
                    }
                    for (const c of clause.matchAll(COMPARISON)) {
                        const op = [">", ">=", "more than", "above", "deeper than"].includes(c[1]) ? ">" : "<";
                        stated.thresholds.push({ op, value: Number(c[2]), unit: c[3] ?? "", text: c[0] });
                    }
                }
            }
            stated.severity ??= rowSeverity;
            out.push(stated);
        }
    }
    return out;
}

function minutes(duration: string | undefined): number {
    const m = /^([0-9]+)(m|h)$/.exec(duration ?? "0m")!;
    return Number(m[1]) * (m[2] === "h" ? 60 : 1);
}

/** The values a stated number may have in the rule: 25 % is 0.25 or 25 (`* 100`), 50 ms is 0.05, 3 d is 259200 (s). */
function candidates(alert: string, t: StatedAlert["thresholds"][number]): number[] {
    if (t.unit === "%") {
        return alert in HUNDRED_PERCENT ? [Math.floor((t.value / 100) * HUNDRED_PERCENT[alert])] : [t.value / 100, t.value];
    }
    return [t.unit === "ms" ? t.value / 1000 : t.unit === "d" ? t.value * 86400 : t.value];
}

/** Whether the rule has the stated comparison: the same direction (`x > c` or `c < x`) and value. */
function ruleHas(rule: AlertingRule, alert: string, t: StatedAlert["thresholds"][number]): boolean {
    return comparisonThresholds(rule.expr).some((r) => {
        const above = (r.right && [">", ">="].includes(r.op)) || (!r.right && ["<", "<="].includes(r.op));
        const below = (r.right && ["<", "<="].includes(r.op)) || (!r.right && [">", ">="].includes(r.op));
        return (t.op === ">" ? above : below) && candidates(alert, t).some((v) => Math.abs(r.value - v) <= 1e-9 * Math.max(1, v));
    });
}

/** Every disagreement between what the docs state and the rules (each alert's rules, one per severity). */
export function disagreements(stated: StatedAlert[], rules: ReadonlyMap<string, readonly AlertingRule[]>): string[] {
    const out: string[] = [];
    for (const s of stated) {
        const ofName = rules.get(s.alert);
        if (!ofName) {
            out.push(`${s.alert}: the table names it, but there is no such default alert`);
            continue;
        }
        if (ofName.length > 1 && s.severity === undefined) {
            out.push(`${s.alert}: the table states no severity, but the alert has one rule per severity (${ofName.map((r) => r.labels.severity).join(", ")})`);
            continue;
        }
        // Several rules of one severity (the burn-rate pairs) are told apart by their for.
        const ofSeverity = ofName.filter((r) => r.labels.severity === s.severity);
        const rule = ofName.length > 1 ? (ofSeverity.find((r) => minutes(r.for) === s.forMinutes) ?? ofSeverity[0]) : ofName[0];
        if (!rule) {
            out.push(`${s.alert}: the table says ${s.severity}, the rules ${ofName.map((r) => r.labels.severity).join(" and ")}`);
            continue;
        }
        if (s.severity !== undefined && s.severity !== rule.labels.severity) {
            out.push(`${s.alert}: the table says ${s.severity}, the rule ${rule.labels.severity}`);
        }
        if ((s.forMinutes ?? 0) !== minutes(rule.for) || (s.forMinutes === 0 && rule.for === undefined)) {
            const says = s.forMinutes === undefined ? "states no for" : `says for ${s.forMinutes} m`;
            out.push(`${s.alert}: the table ${says}, the rule has ${rule.for === undefined ? "none" : `for ${rule.for}`}`);
        }
        for (const t of s.thresholds) {
            if (!ruleHas(rule, s.alert, t)) {
                out.push(`${s.alert}: the table says "${t.text}", which is no comparison of ${rule.expr}`);
            }
        }
    }
    return out;
}

describe("docs/alerting.md's default alerts agree with the rules (issue #29)", () => {
    const markdown = fs.readFileSync(path.join(__dirname, "..", "docs", "alerting.md"), "utf8");
    const stated = statedAlerts(markdown, new Set(alerts.keys()));

    it("every alert the table names exists, and its stated severity, threshold and for are the rule's", () => {
        assert.deepStrictEqual(disagreements(stated, alerts), []);
    });

    it("the table names every default alert once, and each rule of an alert with one per severity", () => {
        const named = stated.map((s) => s.alert);
        assert.deepStrictEqual([...alerts.keys()].filter((a) => !named.includes(a)), []);
        const rules = stated.map((s) => `${s.alert}${(alerts.get(s.alert)?.length ?? 0) > 1 ? ` ${s.severity} ${s.forMinutes ?? 0} m` : ""}`);
        assert.deepStrictEqual(rules.filter((a, i) => rules.indexOf(a) !== i), []);
        const multi = [...alerts].filter(([, r]) => r.length > 1).flatMap(([a, r]) => r.map((x) => `${a} ${x.labels.severity} ${minutes(x.for)} m`));
        assert.deepStrictEqual(multi.filter((r) => !rules.includes(r)), []);
    });

    it("the table states thresholds: the check has something to check", () => {
        assert.ok(stated.filter((s) => s.thresholds.length > 0).length >= 15, JSON.stringify(stated));
    });

    it("catches a wrong threshold, a wrong for, a wrong severity and a name that is no alert", () => {
        const table = [
            "## Default alerts",
            "| Group | Needs | Alerts |",
            "|---|---|---|",
            "| `containers` | job | CPUThrottlingHigh (info, > 40 % of periods throttled, 5 m), KubeContainerOOMKilled (critical) |",
            "| `x` | y | KubeFrobnicated (warning, 15 m), NodeMemoryHighUtilization (> 90 %, 15 m); all warning |",
            "## Next",
        ].join("\n");
        assert.deepStrictEqual(disagreements(statedAlerts(table, new Set(alerts.keys())), alerts), [
            "CPUThrottlingHigh: the table says for 5 m, the rule has for 15m",
            `CPUThrottlingHigh: the table says "> 40 %", which is no comparison of ${alerts.get("CPUThrottlingHigh")![0].expr}`,
            "KubeContainerOOMKilled: the table says critical, the rule warning",
            "KubeFrobnicated: the table names it, but there is no such default alert",
        ]);
    });

    it("checks each rule of an alert with one per severity against its own threshold and for", () => {
        const table = [
            "## Default alerts",
            "| `kubernetes-storage` | k | KubePersistentVolumeFillingUp (critical, < 3 %, 1 m; warning, < 3 %, 1 h), KubePersistentVolumeInodesFillingUp (< 3 %, 1 m) |",
            "| `apiserver-certificates` | a | KubeClientCertificateExpiration (info, < 1 d, 5 m) |",
        ].join("\n");
        const fillingUp = alerts.get("KubePersistentVolumeFillingUp")!.find((r) => r.labels.severity === "warning")!;
        assert.deepStrictEqual(disagreements(statedAlerts(table, new Set(alerts.keys())), alerts), [
            `KubePersistentVolumeFillingUp: the table says "< 3 %", which is no comparison of ${fillingUp.expr}`,
            "KubePersistentVolumeInodesFillingUp: the table states no severity, but the alert has one rule per severity (critical, warning)",
            "KubeClientCertificateExpiration: the table says info, the rules warning and critical",
        ]);
    });

    it("reads a threshold's direction: < 5 % is not > 5 %", () => {
        const table = "## Default alerts\n| `nodes` | n | NodeFilesystemAlmostOutOfSpace (> 5 %, 30 m) |\n";
        assert.strictEqual(disagreements(statedAlerts(table, new Set(alerts.keys())), alerts).length, 1);
    });
});
