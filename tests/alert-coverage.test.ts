import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { isAlertingRule } from "../components/common/rules/types";
import { parse } from "yaml";
import { everyDefaultGroupOf, stackRuleFiles } from "../stack/rule-groups";
import { PROMETHEUS_RELEASES } from "../prometheus-releases/release-lines";
import { renderStack } from "../render";
import { STACKS } from "./harness/rendered-stacks";
import { alertStacksCell, stackGroups, StackAlerts } from "./harness/alert-coverage-stacks";

/**
 * docs/alert-coverage.md, kube-prometheus's alerts row by row with ours beside them, agrees with
 * the rules the program ships with every job and component on.
 */
const STATUSES = ["same", "partly", "missing", "n/a"] as const;
type Status = (typeof STATUSES)[number];

interface CoverageRow {
    line: number;
    alert: string;
    severity: string;
    status: Status;
    here: string[];
    /** Which shipped stacks ship none of `here`, and where their rules differ (tests/harness/alert-coverage-stacks.ts). */
    stacks: string;
    note: string;
}

/** The alerts section: everything above the recording rules' heading. */
const RECORDING_HEADING = "## Recording rules";
const alertsPart = (text: string) => text.split(`\n${RECORDING_HEADING}\n`)[0];

function coverageRows(text: string): CoverageRow[] {
    const rows: CoverageRow[] = [];
    alertsPart(text).split("\n").forEach((raw, i) => {
        if (!raw.startsWith("| ") || raw.startsWith("| kube-prometheus alert")) return;
        const cells = raw.split("|").slice(1, -1).map((c) => c.trim());
        assert.strictEqual(cells.length, 7, `line ${i + 1} has ${cells.length} cells, not 7: ${raw}`);
        const [alert, severity, , status, here, stacks, note] = cells;
        assert.ok((STATUSES as readonly string[]).includes(status), `line ${i + 1}: status ${status} is not one of ${STATUSES.join(", ")}`);
        const names = here === "" ? [] : here.split(",").map((n) => n.trim().replace(/^`|`$/g, ""));
        rows.push({ line: i + 1, alert, severity, status: status as Status, here: names, stacks, note });
    });
    return rows;
}

/** Every problem at once, so one run names every row to mend. */
function coverageProblems(rows: CoverageRow[], shipped: { alert: string; severity: string }[], totals: string): string[] {
    const problems: string[] = [];
    const shippedNames = new Set(shipped.map((r) => r.alert));
    const theirNames = new Set(rows.map((r) => r.alert));
    for (const row of rows) {
        const at = `docs/alert-coverage.md:${row.line} (${row.alert}, ${row.severity})`;
        for (const name of row.here) {
            if (!shippedNames.has(name)) problems.push(`${at}: names ${name}, which the program does not ship`);
        }
        if ((row.status === "missing" || row.status === "n/a") && row.here.length > 0) problems.push(`${at}: is ${row.status} but names ${row.here.join(", ")}`);
        if ((row.status === "same" || row.status === "partly") && row.here.length === 0) problems.push(`${at}: is ${row.status} but names no alert of ours`);
        if ((row.status === "partly" || row.status === "n/a") && row.note === "") problems.push(`${at}: is ${row.status} and says nothing of why`);
        if (row.status === "missing" && shippedNames.has(row.alert)) problems.push(`${at}: is missing, but the program ships ${row.alert}`);
        if (row.status === "same" && !shipped.some((r) => row.here.includes(r.alert) && r.severity === row.severity)) {
            problems.push(`${at}: is same, but none of ${row.here.join(", ")} has severity ${row.severity}`);
        }
    }
    for (const name of shippedNames) {
        if (theirNames.has(name) && !rows.some((r) => r.alert === name && r.here.includes(name))) {
            problems.push(`the program ships ${name}, kube-prometheus's name, and no row of that name lists it`);
        }
    }
    const count = (s: Status) => rows.filter((r) => r.status === s).length;
    const expected = `Totals: ${rows.length} rules; same ${count("same")}, partly ${count("partly")}, missing ${count("missing")}, n/a ${count("n/a")}.`;
    if (totals !== expected) problems.push(`the totals line reads "${totals}", the rows add up to "${expected}"`);
    return problems;
}

const DOC = path.join(__dirname, "..", "docs", "alert-coverage.md");
const text = fs.readFileSync(DOC, "utf8");
const totalsLine = alertsPart(text).split("\n").find((l) => l.startsWith("Totals:")) ?? "";
/** What the program ships with every job and component on, on any release line (some alerts follow the line). */
const shipped = PROMETHEUS_RELEASES.flatMap((release) => everyDefaultGroupOf(release))
    .flatMap((g) => g.rules.filter(isAlertingRule))
    .map((r) => ({ alert: r.alert, severity: r.labels.severity }));

/** One stack's shipped alerts, from its rule files as the render writes them (alertRules.disabled and overrides applied). */
function alertsOfRuleFiles(files: Record<string, string>): StackAlerts["alerts"] {
    return Object.values(files).flatMap((y) =>
        ((parse(y) as { groups?: { rules: { alert?: string; expr: string; for?: string; labels?: Record<string, string> }[] }[] }).groups ?? []).flatMap((g) =>
            g.rules.flatMap((r) => (r.alert === undefined ? [] : [{ alert: r.alert, severity: r.labels?.severity ?? "", expr: String(r.expr), for: r.for ?? "" }])),
        ),
    );
}

/**
 * Every row whose stacks cell is not what the stacks' rule files say (alertStacksCell), and every
 * row whose stacks' rules differ while its note names no stack of a rule but one: the row must
 * say how each differs.
 */
function stacksCellProblems(rows: CoverageRow[], stacks: StackAlerts[]): string[] {
    const problems: string[] = [];
    for (const row of rows) {
        const at = `docs/alert-coverage.md:${row.line} (${row.alert}, ${row.severity})`;
        const want = alertStacksCell(row.here, stacks);
        if (row.stacks !== want) problems.push(`${at}: stacks "${row.stacks}", the stacks' rule files say "${want}"`);
        const unnamed = stackGroups(row.here, stacks).filter((g) => !g.some((s) => new RegExp(`\\b${s}\\b`).test(row.note)));
        if (unnamed.length > 1) problems.push(`${at}: the stacks' rules differ (${want}), and the note names no stack of ${unnamed.map((g) => g.join(", ")).join(" nor of ")}`);
    }
    return problems;
}

/** A comparison as a note writes it: `< 15`, `> 0.144`, `== 0`. */
const COMPARISON = "(?:[<>]=?|==|!=) ?-?[0-9.]+";
/** Whether an expression compares with this (the note's spacing aside). */
const compares = (expr: string, comparison: string) => {
    const [, op, n] = /^([<>=!]+) ?(.+)$/.exec(comparison)!;
    return new RegExp(`${op.replace(/[=<>!]/g, (c) => `\\${c}`)} ?${n.replace(".", "\\.")}(?![0-9.])`).test(expr);
};

/**
 * Every disagreement of the rows with the stacks' rule files: a missing or n/a row whose alert a
 * stack ships; a same or partly row none of whose alerts a stack ships, whose note does not name
 * that stack; a "kube-prometheus `< 15`" in a same row's note whose number none of the row's
 * alerts (of the row's severity) compares with on a stack that ships them, unless the note writes
 * "ours `< 40`" beside it and they compare with that.
 */
function stackProblems(rows: CoverageRow[], stacks: StackAlerts[]): string[] {
    const problems: string[] = [];
    for (const row of rows) {
        const at = `docs/alert-coverage.md:${row.line} (${row.alert}, ${row.severity})`;
        const theirs = new RegExp(`kube-prometheus \`(${COMPARISON})\``).exec(row.note)?.[1];
        const ours = new RegExp(`ours \`(${COMPARISON})\``).exec(row.note)?.[1];
        for (const stack of stacks) {
            const names = new Set(stack.alerts.map((a) => a.alert));
            if ((row.status === "missing" || row.status === "n/a") && names.has(row.alert)) problems.push(`${at}: is ${row.status}, but stack ${stack.name} ships ${row.alert}`);
            if ((row.status === "same" || row.status === "partly") && !row.here.some((n) => names.has(n)) && !new RegExp(`\\b${stack.name}\\b`).test(row.note)) {
                problems.push(`${at}: is ${row.status}, stack ${stack.name} ships none of ${row.here.join(", ")}, and the note does not name ${stack.name}`);
            }
            const exprs = stack.alerts.filter((a) => row.here.includes(a.alert) && a.severity === row.severity).map((a) => a.expr);
            if (row.status === "same" && theirs !== undefined && exprs.length > 0) {
                const want = ours ?? theirs;
                if (!exprs.some((e) => compares(e, want))) {
                    problems.push(`${at}: the note writes ${ours === undefined ? `kube-prometheus's \`${theirs}\` as ours` : `ours \`${ours}\``}, but on stack ${stack.name} ${row.here.join(", ")} compare otherwise: ${exprs.join(" | ")}`);
                }
            }
        }
    }
    return problems;
}

describe("docs/alert-coverage.md", () => {
    const rows = coverageRows(text);

    it("lists kube-prometheus's 139 alerting rules", () => {
        assert.strictEqual(rows.length, 139);
    });

    it("agrees with the shipped rules: every alert it names exists, every shipped kube-prometheus name has its row, severities of same rows match, totals add up", () => {
        assert.deepStrictEqual(coverageProblems(rows, shipped, totalsLine), []);
    });

    /** Each shipped stack's alerts, rendered once for the tests that read them. */
    let stacksOnce: Promise<StackAlerts[]> | undefined;
    const shippedStacks = () =>
        (stacksOnce ??= (async () => {
            const stacks: StackAlerts[] = [];
            for (const name of STACKS) {
                const s = (await renderStack(path.join(__dirname, ".."), name)).settings;
                stacks.push({ name, alerts: alertsOfRuleFiles(stackRuleFiles(s)) });
            }
            return stacks;
        })());

    it("agrees with each shipped stack's rule files: no missing or n/a row for an alert a stack ships, a stack that lacks a row's alerts named in its note, kube-prometheus' number checked, or ours beside it", async () => {
        assert.deepStrictEqual(stackProblems(rows, await shippedStacks()), []);
    });

    it("each row's stacks cell says which stacks ship none of its alerts and where the stacks' rules differ, and the note names the stacks that differ", async () => {
        const stacks = await shippedStacks();
        assert.deepStrictEqual(STACKS, ["dev", "e2e", "prod"], "the stacks the table is written for");
        assert.deepStrictEqual(stacksCellProblems(rows, stacks), []);
    });

    it("the stacks cell and its note fail on each kind of disagreement", () => {
        const rule = (alert: string, expr: string, severity = "warning") => ({ alert, severity, expr, for: "15m" });
        const dev: StackAlerts = { name: "dev", alerts: [rule("ListWatch", "increase(http_request_total[5m]) > 0"), rule("Member", "up == 0")] };
        const e2e: StackAlerts = { name: "e2e", alerts: [rule("ListWatch", "increase(http_request_total[5m]) > 0")] };
        const prod: StackAlerts = { name: "prod", alerts: [rule("ListWatch", "increase(failures_total[5m]) > 0"), rule("Member", "up == 0"), rule("Cluster", "x > 0", "critical")] };
        const stacks = [dev, e2e, prod];
        assert.strictEqual(alertStacksCell(["ListWatch"], stacks), "differs: dev, e2e / prod");
        assert.strictEqual(alertStacksCell(["Member"], stacks), "not on e2e");
        assert.strictEqual(alertStacksCell(["Cluster"], stacks), "not on dev, e2e");
        assert.strictEqual(alertStacksCell(["Member", "Cluster"], stacks), "not on e2e; differs: dev / prod");
        assert.strictEqual(alertStacksCell([], stacks), "");
        // Another `for` or severity differs too.
        assert.strictEqual(alertStacksCell(["Member"], [dev, { ...prod, alerts: [{ ...rule("Member", "up == 0"), for: "5m" }] }]), "differs: dev / prod");
        const row = (over: Partial<CoverageRow>): CoverageRow => ({ line: 1, alert: "X", severity: "warning", status: "same", here: ["ListWatch"], stacks: "differs: dev, e2e / prod", note: "on 2.11 (dev, e2e) from the requests; from 2.53 on (prod) from the failures", ...over });
        assert.deepStrictEqual(stacksCellProblems([row({})], stacks), []);
        // One side named is enough: the other is "the rest".
        assert.deepStrictEqual(stacksCellProblems([row({ note: "from 2.53 on (prod) from the failures" })], stacks), []);
        assert.match(stacksCellProblems([row({ stacks: "" })], stacks).join("\n"), /stacks "", the stacks' rule files say "differs: dev, e2e \/ prod"/);
        assert.match(stacksCellProblems([row({ note: "from 2.53 on from the failures" })], stacks).join("\n"), /the note names no stack of dev, e2e nor of prod/);
        assert.match(stacksCellProblems([row({ here: ["Cluster"], stacks: "" })], stacks).join("\n"), /the stacks' rule files say "not on dev, e2e"/);
    });

    it("fails on each kind of disagreement with a stack", () => {
        const row = (over: Partial<CoverageRow>): CoverageRow => ({ line: 1, alert: "NodeFilesystemSpaceFillingUp", severity: "warning", status: "same", here: ["NodeFilesystemSpaceFillingUp"], stacks: "", note: "", ...over });
        const fs40 = { alert: "NodeFilesystemSpaceFillingUp", severity: "warning", for: "1h", expr: "node_filesystem_avail_bytes / node_filesystem_size_bytes * 100 < 40 and predict_linear(node_filesystem_avail_bytes[6h], 86400) < 0" };
        const prod: StackAlerts = { name: "prod", alerts: [fs40, { alert: "PrometheusLabelLimitHit", severity: "warning", for: "15m", expr: "increase(x[5m]) > 0" }] };
        const dev: StackAlerts = { name: "dev", alerts: [fs40] };
        assert.deepStrictEqual(stackProblems([row({ note: "kube-prometheus `< 15`, ours `< 40`" })], [prod, dev]), []);
        const cases: [CoverageRow[], RegExp][] = [
            [[row({ alert: "PrometheusLabelLimitHit", status: "n/a", here: [], note: "no label_limit" })], /is n\/a, but stack prod ships PrometheusLabelLimitHit/],
            [[row({ alert: "PrometheusLabelLimitHit", status: "missing", here: [] })], /is missing, but stack prod ships/],
            [[row({ alert: "PrometheusLabelLimitHit", here: ["PrometheusLabelLimitHit"] })], /stack dev ships none of PrometheusLabelLimitHit, and the note does not name dev/],
            [[row({ note: "kube-prometheus `< 15`" })], /writes kube-prometheus's `< 15` as ours, but on stack prod/],
            [[row({ note: "kube-prometheus `< 15`, ours `< 4`" })], /writes ours `< 4`, but on stack prod/],
        ];
        for (const [rows_, expected] of cases) {
            assert.match(stackProblems(rows_, [prod, dev]).join("\n"), expected);
        }
        // A stack the note names may lack the alert.
        assert.deepStrictEqual(stackProblems([row({ alert: "PrometheusLabelLimitHit", here: ["PrometheusLabelLimitHit"], note: "not on dev: v2.11.1" })], [prod, dev]), []);
    });

    it("fails on each kind of disagreement", () => {
        const row = (over: Partial<CoverageRow>): CoverageRow => ({ line: 1, alert: "KubeJobFailed", severity: "warning", status: "same", here: ["KubeJobFailed"], stacks: "", note: "", ...over });
        const ours = [{ alert: "KubeJobFailed", severity: "warning" }, { alert: "KubeJobNotCompleted", severity: "warning" }];
        const totals = (rs: CoverageRow[]) => `Totals: ${rs.length} rules; same ${rs.filter((r) => r.status === "same").length}, partly ${rs.filter((r) => r.status === "partly").length}, missing ${rs.filter((r) => r.status === "missing").length}, n/a ${rs.filter((r) => r.status === "n/a").length}.`;
        const good = [row({}), row({ alert: "KubeJobNotCompleted", here: ["KubeJobNotCompleted"] })];
        assert.deepStrictEqual(coverageProblems(good, ours, totals(good)), []);
        const cases: [CoverageRow[], RegExp][] = [
            [[row({ here: ["KubeJobGone"] }), good[1]], /names KubeJobGone, which the program does not ship/],
            [[row({}), row({ alert: "KubeJobNotCompleted", status: "missing", here: [] })], /is missing, but the program ships KubeJobNotCompleted/],
            [[row({ severity: "critical" }), good[1]], /none of KubeJobFailed has severity critical/],
            [[row({}), row({ alert: "KubeJobNotCompleted", status: "partly", here: ["KubeJobFailed"], note: "later" })], /ships KubeJobNotCompleted, kube-prometheus's name, and no row/],
            [[row({ status: "partly" }), good[1]], /says nothing of why/],
        ];
        for (const [rows_, expected] of cases) {
            assert.match(coverageProblems(rows_, ours, totals(rows_)).join("\n"), expected);
        }
        assert.match(coverageProblems(good, ours, "Totals: 3 rules; same 3, partly 0, missing 0, n/a 0.").join("\n"), /add up to/);
    });
});
