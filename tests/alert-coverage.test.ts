import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { isAlertingRule } from "../components/common/rules/types";
import { defaultRuleGroups, ruleContext } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";

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
        assert.strictEqual(cells.length, 6, `line ${i + 1} has ${cells.length} cells, not 6: ${raw}`);
        const [alert, severity, , status, here, note] = cells;
        assert.ok((STATUSES as readonly string[]).includes(status), `line ${i + 1}: status ${status} is not one of ${STATUSES.join(", ")}`);
        const names = here === "" ? [] : here.split(",").map((n) => n.trim().replace(/^`|`$/g, ""));
        rows.push({ line: i + 1, alert, severity, status: status as Status, here: names, note });
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
const shipped = defaultRuleGroups(ruleContext(everyAlertSettings()))
    .flatMap((g) => g.rules.filter(isAlertingRule))
    .map((r) => ({ alert: r.alert, severity: r.labels.severity }));

describe("docs/alert-coverage.md", () => {
    const rows = coverageRows(text);

    it("lists kube-prometheus's 139 alerting rules", () => {
        assert.strictEqual(rows.length, 139);
    });

    it("agrees with the shipped rules: every alert it names exists, every shipped kube-prometheus name has its row, severities of same rows match, totals add up", () => {
        assert.deepStrictEqual(coverageProblems(rows, shipped, totalsLine), []);
    });

    it("fails on each kind of disagreement", () => {
        const row = (over: Partial<CoverageRow>): CoverageRow => ({ line: 1, alert: "KubeJobFailed", severity: "warning", status: "same", here: ["KubeJobFailed"], note: "", ...over });
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
