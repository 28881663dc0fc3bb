import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { windowsLongerThan } from "../components/common/rules/windows";
import { analyzePromql, PROMQL_DIALECTS } from "../prometheus-releases/promql";
import { RuleGroup } from "../components/common/rules/types";
import { renderStack } from "../render";
import { Settings } from "../config";
import { defaultRuleGroups } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { STACKS } from "./harness/rendered-stacks";

/**
 * docs/alert-coverage.md#recording-rules, kube-prometheus' recorded names row by row with ours
 * beside them, agrees with the rules the program ships with every job and component on, and its
 * stacks column with the rules of each shipped stack (issue #42).
 */
const STATUSES = ["same", "other input", "other name", "missing"] as const;
type Status = (typeof STATUSES)[number];

interface RecordRow {
    line: number;
    record: string;
    rules: number;
    status: Status;
    ours: string[];
    stacks: string;
    note: string;
}

const HEADING = "## Recording rules";
const unquote = (c: string) => c.replace(/^`|`$/g, "");

function recordRows(text: string): RecordRow[] {
    const lines = text.split("\n");
    const start = lines.indexOf(HEADING);
    assert.ok(start >= 0, `docs/alert-coverage.md has a "${HEADING}" section`);
    const rows: RecordRow[] = [];
    lines.forEach((raw, i) => {
        if (i <= start || !raw.startsWith("| `")) return;
        const cells = raw.split(" | ").map((c) => c.replace(/^\| ?| ?\|$/g, "").trim());
        assert.strictEqual(cells.length, 6, `line ${i + 1} has ${cells.length} cells, not 6: ${raw}`);
        const [record, rules, status, ours, stacks, note] = cells;
        assert.ok((STATUSES as readonly string[]).includes(status), `line ${i + 1}: status ${status} is not one of ${STATUSES.join(", ")}`);
        rows.push({ line: i + 1, record: unquote(record), rules: Number(rules), status: status as Status, ours: ours === "" ? [] : ours.split(",").map((n) => unquote(n.trim())), stacks, note });
    });
    return rows;
}

const recordsOf = (groups: readonly RuleGroup[]) => new Set(groups.flatMap((g) => g.rules.flatMap((r) => ("record" in r ? [r.record] : []))));

/** What a row's stacks cell must say, from each stack's records and the records reading further back than its retention. */
export function stacksCell(record: string, stacks: { name: string; retention: string; records: Set<string>; long: Set<string> }[]): string {
    const absent = stacks.filter((s) => !s.records.has(record)).map((s) => s.name);
    const short = stacks.filter((s) => s.records.has(record) && s.long.has(record)).map((s) => `${s.name} (${s.retention})`);
    return [...(absent.length > 0 ? [`not recorded: ${absent.join(", ")}`] : []), ...(short.length > 0 ? [`window longer than the retention: ${short.join(", ")}`] : [])].join("; ");
}

/** Every problem at once, so one run names every row to mend. */
function recordProblems(rows: RecordRow[], shipped: Set<string>, totals: string): string[] {
    const problems: string[] = [];
    for (const row of rows) {
        const at = `docs/alert-coverage.md:${row.line} (${row.record})`;
        for (const name of row.ours) if (!shipped.has(name)) problems.push(`${at}: names ${name}, which the program does not record`);
        if ((row.status === "same" || row.status === "other input") && (row.ours.length !== 1 || row.ours[0] !== row.record)) problems.push(`${at}: is ${row.status}, so ours is the same name`);
        if (row.status === "other name" && (row.ours.length === 0 || row.ours.includes(row.record))) problems.push(`${at}: is other name but names no other record`);
        if (row.status === "missing" && row.ours.length > 0) problems.push(`${at}: is missing but names ${row.ours.join(", ")}`);
        if ((row.status === "missing" || row.status === "other name") && shipped.has(row.record)) problems.push(`${at}: is ${row.status}, but the program records ${row.record}`);
        if (row.status !== "same" && row.note === "") problems.push(`${at}: is ${row.status} and says nothing of why`);
    }
    const count = (s: Status) => rows.filter((r) => r.status === s).length;
    const rules = rows.reduce((sum, r) => sum + r.rules, 0);
    const expected = `Recording-rule totals: ${rows.length} names (${rules} kube-prometheus rules); same ${count("same")}, other input ${count("other input")}, other name ${count("other name")}, missing ${count("missing")}.`;
    if (totals !== expected) problems.push(`the totals line reads "${totals}", the rows add up to "${expected}"`);
    return problems;
}

const DOC = path.join(__dirname, "..", "docs", "alert-coverage.md");
const text = fs.readFileSync(DOC, "utf8");
const totals = text.split("\n").find((l) => l.startsWith("Recording-rule totals:")) ?? "";
const shipped = recordsOf(defaultRuleGroups(everyAlertSettings()));

describe("docs/alert-coverage.md#recording-rules", () => {
    const rows = recordRows(text);

    it("lists kube-prometheus's 65 recorded names, once each, for its 95 rules", () => {
        assert.strictEqual(rows.length, 65);
        assert.strictEqual(new Set(rows.map((r) => r.record)).size, 65);
        assert.strictEqual(rows.reduce((sum, r) => sum + r.rules, 0), 95);
    });

    it("agrees with the shipped rules: every record it names exists, same rows record the name, missing ones do not, totals add up", () => {
        assert.deepStrictEqual(recordProblems(rows, shipped, totals), []);
    });

    it("fails on each kind of disagreement", () => {
        const row = (over: Partial<RecordRow>): RecordRow => ({ line: 1, record: "count:up1", rules: 1, status: "same", ours: ["count:up1"], stacks: "", note: "", ...over });
        const ours = new Set(["count:up1", "code:apiserver_request_total:rate5m"]);
        const total = (rs: RecordRow[]) =>
            `Recording-rule totals: ${rs.length} names (${rs.reduce((n, r) => n + r.rules, 0)} kube-prometheus rules); same ${rs.filter((r) => r.status === "same").length}, other input ${rs.filter((r) => r.status === "other input").length}, other name ${rs.filter((r) => r.status === "other name").length}, missing ${rs.filter((r) => r.status === "missing").length}.`;
        assert.deepStrictEqual(recordProblems([row({})], ours, total([row({})])), []);
        const cases: [RecordRow, RegExp][] = [
            [row({ record: "count:up0", ours: ["count:up0"] }), /names count:up0, which the program does not record/],
            [row({ status: "missing", ours: [], note: "later" }), /is missing, but the program records count:up1/],
            [row({ record: "code_resource:apiserver_request_total:rate5m", status: "other name", ours: ["code_resource:apiserver_request_total:rate5m"], note: "x" }), /names no other record/],
            [row({ status: "other input" }), /says nothing of why/],
            [row({ ours: ["code:apiserver_request_total:rate5m"] }), /is same, so ours is the same name/],
        ];
        for (const [r, expected] of cases) assert.match(recordProblems([r], ours, total([r])).join("\n"), expected);
        assert.match(recordProblems([row({})], ours, "Recording-rule totals: 2 names").join("\n"), /add up to/);
    });

    it("every rule recording one of the table's names runs on each release line's PromQL: 2.11, 2.53 and 3.x", () => {
        const names = new Set(rows.flatMap((r) => r.ours));
        const rules = defaultRuleGroups(everyAlertSettings()).flatMap((g) => g.rules.flatMap((r) => ("record" in r && names.has(r.record) ? [r] : [])));
        assert.ok(rules.length >= names.size);
        const problems = rules.flatMap((r) => PROMQL_DIALECTS.flatMap((d) => analyzePromql(r.expr, d).problems.map((p) => `${r.record} on ${d.server}: ${p}`)));
        assert.deepStrictEqual(problems, []);
    });

    it("each row's stacks cell says where the record is not shipped or reads further back than the stack's retention", async () => {
        const stacks: { name: string; retention: string; records: Set<string>; long: Set<string> }[] = [];
        for (const name of STACKS) {
            const s: Settings = (await renderStack(path.join(__dirname, ".."), name)).settings;
            const groups = s.alertRules.defaults ? defaultRuleGroups(s) : [];
            stacks.push({ name, retention: s.metrics.retention, records: recordsOf(groups), long: new Set(windowsLongerThan(groups, s.metrics.retention).map((l) => l.name)) });
        }
        const wrong = rows
            // An other-name row is about our record; a missing one has none.
            .map((r) => ({ r, want: r.status === "missing" ? "" : r.ours.map((o) => stacksCell(o, stacks)).filter((c) => c !== "").join("; ") }))
            .filter(({ r, want }) => r.stacks !== want)
            .map(({ r, want }) => `docs/alert-coverage.md:${r.line} (${r.record}): stacks "${r.stacks}", the stacks' rules say "${want}"`);
        assert.deepStrictEqual(wrong, []);
    });

    it("the stacks cell names a stack without the record, and a stack whose retention is shorter than the window", () => {
        const stack = (name: string, retention: string, records: string[], long: string[] = []) => ({ name, retention, records: new Set(records), long: new Set(long) });
        const r = "apiserver_request:availability30d";
        assert.strictEqual(stacksCell(r, [stack("dev", "7d", [r], [r]), stack("prod", "90d", [r])]), "window longer than the retention: dev (7d)");
        assert.strictEqual(stacksCell(r, [stack("managed", "20d", []), stack("prod", "90d", [r])]), "not recorded: managed");
        assert.strictEqual(stacksCell(r, [stack("prod", "90d", [r])]), "");
    });
});
