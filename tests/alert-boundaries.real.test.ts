import * as assert from "assert";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { AlertingRule, isAlertingRule } from "../components/common/rules/types";
import { analyzePromql, comparisonThresholds, PromqlThreshold } from "../prometheus-releases/promql";
import { defaultRuleGroups } from "../stack/rule-groups";
import { ALERT_CASES, AlertCases, casesOf, everyAlertSettings } from "./harness/alert-cases";
import { PROMETHEUS_LINE_ALERT_CASES } from "./harness/alert-cases-prometheus-health";
import { settingsWith } from "./harness/stack-config";
import { firesRule } from "./harness/alert-case-format";
import { unitTest } from "./harness/alert-unit-test";
import { requireBinary, tempDir } from "./harness/prometheus";
import { inPool } from "./harness/pool";

/**
 * Issue #29's proof that every default alert's cases sit at its boundary, as a mutation test:
 * each threshold of an alert is moved a small step up and down, and its `for` a minute up and
 * down, and each such mutant must fail at least one of the alert's own, unchanged cases
 * (tests/harness/alert-cases.ts). A case far from the threshold, or a firing case evaluated long
 * after the `for` has run out, lets a mutant pass: moving CPUThrottlingHigh from 25 % to 40 %
 * and its `for` from 15m to 5m once passed the whole suite.
 *
 * A threshold is the constant side of a comparison in the expression (prometheus-releases/promql.ts,
 * comparisonThresholds: `> 0.25`, `== 0`, `< 14 * 86400`), wherever it sits: a filter such as
 * `unless ... unschedulable == 1` or `up == 0` inside a count is a boundary too.
 *
 * The step (thresholdStep):
 * - an integer from -10 to 10 moves by 1. Those are counts (pods, targets, failures, members)
 *   and states (`== 0`, `== 1`, `< 1`): no count lies between 10 and 10.5, so a 5 % step could
 *   not be told apart from the threshold by any count, and 1 is the finest step a count has. For
 *   `> 0` this asks for a firing case with a single increment, and `> -1` for a silent case
 *   that sits at 0. A small integer percentage (`* 100 < 5`) gets the same step, coarser than
 *   5 %, which is the price of the rule's simplicity;
 * - any other value moves by 5 % of itself: close enough that a case must sit near the
 *   threshold, far enough that a case can state it in a few digits.
 * The `for` moves by one evaluation interval (1m): the firing case, evaluated exactly when the
 * `for` runs out, fails at for + 1m, and the early case, one evaluation earlier, at for - 1m. An
 * alert without a `for` gets only for + 1m: its firing case is the first evaluation past the threshold.
 *
 * States need no exemption: `absent(up == 1)` moved to `up == 0` or `up == 2`, `== 0` moved to
 * `== 1` or `== -1`, fail the firing or the silent case like any threshold. Nor do signs and
 * trends: NodeClockSkewDetected's `deriv(...) >= 0` moved to `>= -1` fires on a converging clock
 * (a scenario), and NodeFilesystemSpaceFillingUp's `predict_linear(...) < 0` moved to `< 1`
 * fires on a disk whose trend ends just short of empty (its silent case). Only what no state of
 * the world can tell apart is exempt (EXEMPT).
 *
 * A comparison of two series (KubeDeploymentReplicasMismatch's `spec != available`, the
 * Elasticsearch disk watermarks) has no constant to move: only its `for` is, and its cases put
 * the two sides one step apart by hand.
 *
 * All mutants run in a few promtool calls, a CPU's worth at a time: one rule file per alert holds
 * the alert and its mutants, each under a name of its own, and one test file runs the alert's
 * cases against each.
 */
const settings = everyAlertSettings();
const defaultGroups = defaultRuleGroups(settings);
const alerts: AlertingRule[] = defaultGroups.flatMap((g) => g.rules.filter(isAlertingRule));
/** The default recording rules: an alert that reads one needs it evaluated beside it, first, in the same group. */
const recordingRules = defaultGroups.flatMap((g) => g.rules.filter((r) => !isAlertingRule(r)));

/** The recording rules that `rules` read, directly or through one another, in their order: evaluating the rest for every mutant only costs time. */
function recordingRulesRead(rules: readonly AlertingRule[]) {
    const metrics = (expr: string) => analyzePromql(expr).selectors.map((sel) => sel.metric);
    const read = new Set(rules.flatMap((r) => metrics(r.expr)));
    for (let before = -1; before !== read.size; ) {
        before = read.size;
        recordingRules.filter((r) => "record" in r && read.has(r.record)).forEach((r) => metrics(r.expr).forEach((m) => read.add(m)));
    }
    return recordingRules.filter((r) => "record" in r && read.has(r.record));
}

/** The step a threshold moves by; see above. */
export function thresholdStep(value: number): number {
    return Number.isInteger(value) && Math.abs(value) <= 10 ? 1 : Math.abs(value) * 0.05;
}

/**
 * Mutants that no case can kill, by alert and by the move as the test names it
 * (`> 300 → > 285`, `for 15m → 16m`), each with its reason.
 */
export const EXEMPT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    KubePodCrashLooping: {
        // internal/store/pod.go, createPodContainerStatusWaitingReasonFamilyGenerator: "Skip creating series for running containers".
        ">= 1 → >= 0": "kube-state-metrics 2.x serves the waiting reason only while the container waits, always as 1: no series is below 1, so `>= 0` selects what `>= 1` selects",
    },
};

/**
 * Alerts whose cases are not at their boundary yet, and why. A listed alert whose mutants are
 * all killed fails the test, so the list only shrinks.
 */
export const NOT_YET_AT_BOUNDARY: Readonly<Record<string, string>> = {};

export interface Mutant {
    alert: string;
    /** The move, as messages and EXEMPT name it: `> 0.25 → > 0.2625`, `for 15m → 16m`. */
    how: string;
    rule: AlertingRule;
}

function minutes(duration: string | undefined): number {
    if (duration === undefined) {
        return 0;
    }
    const m = /^([0-9]+)(s|m|h|d)$/.exec(duration);
    assert.ok(m, `a for of one number and one unit, not ${duration}`);
    const n = Number(m[1]) * { s: 1 / 60, m: 1, h: 60, d: 1440 }[m[2] as "s" | "m" | "h" | "d"];
    assert.ok(Number.isInteger(n), `a for of whole minutes, not ${duration}`);
    return n;
}

/** A number as PromQL reads it, without floating-point noise (0.2625, not 0.26250000000000001). */
function literal(value: number): string {
    return String(Number(value.toPrecision(12)));
}

function moved(rule: AlertingRule, t: PromqlThreshold, value: number): AlertingRule {
    return { ...rule, expr: rule.expr.slice(0, t.from) + literal(value) + rule.expr.slice(t.to) };
}

export function mutantsOf(rule: AlertingRule): Mutant[] {
    const out: Mutant[] = [];
    for (const t of comparisonThresholds(rule.expr)) {
        const what = `${t.op} ${t.text}`;
        const step = thresholdStep(t.value);
        for (const value of [t.value + step, t.value - step]) {
            out.push({ alert: rule.alert, how: `${what} → ${t.op} ${literal(value)}`, rule: moved(rule, t, value) });
        }
    }
    const m = minutes(rule.for);
    for (const n of m > 0 ? [m + 1, m - 1] : [1]) {
        out.push({ alert: rule.alert, how: `for ${rule.for ?? "0m"} → ${n}m`, rule: { ...rule, for: `${n}m` } });
    }
    return out;
}

/** Whether an alert (a mutant, or the unchanged rule) passed every case, and the cases it failed. */
interface Outcome {
    passed: boolean;
    failedTests: string[];
}

/** How many promtool calls the test files are split into: enough that the CPUs finish close together, few enough that promtool's start costs little. */
const CALLS = 16;

/** The evaluations (one a minute, and the one at 0) that a case's eval_time such as `1h30m` asks for: a measure of its work, not a check. */
function evaluations(evalTime: string): number {
    const unit: Record<string, number> = { ms: 1 / 60000, s: 1 / 60, m: 1, h: 60, d: 1440 };
    return 1 + sum([...evalTime.matchAll(/([0-9.]+)(ms|s|m|h|d)/g)].map((m) => Number(m[1]) * unit[m[2]]));
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function run(files: string[], cwd: string): Promise<{ ok: boolean; text: string }> {
    return new Promise((resolve) => {
        execFile(requireBinary("promtool"), ["test", "rules", ...files], { cwd, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
            resolve({ ok: error === null, text: `${stdout}\n${stderr}` });
        });
    });
}

/**
 * Runs the unchanged rule and every mutant of each alert against the alert's cases. Each alert
 * gets one rule file, in which the rule and its mutants are alerts of their own (`b3`, `m17`,
 * names unique across the run), and one test file, in which each case expects of each of them
 * what it expects of the alert. The test files run in CALLS promtool calls of about equal work,
 * a CPU's worth at a time (tests/harness/pool.ts), the heaviest first; promtool names each
 * failing test and alert, which traces a failure to its mutant.
 */
async function promtoolOutcomes(entries: { id: string; rule: AlertingRule }[], dir: string, cases: Record<string, AlertCases>): Promise<Map<string, Outcome>> {
    const byAlert = new Map<string, { id: string; rule: AlertingRule }[]>();
    for (const e of entries) {
        byAlert.set(e.rule.alert, [...(byAlert.get(e.rule.alert) ?? []), e]);
    }
    const files: string[] = [];
    const idsOf = new Map<string, string[]>();
    /** promtool's work on a file: each case evaluates every rule of the file (the alert, its mutants, the recording rules they read) once a minute up to its eval_time. */
    const work = new Map<string, number>();
    for (const [alert, group] of byAlert) {
        const file = `alert-${files.length}`;
        const rules = group.map(({ id, rule }) => ({ ...rule, alert: id }));
        fs.writeFileSync(path.join(dir, `${file}.rules.yml`), stringify({ groups: [{ name: file, rules: [...recordingRulesRead(rules), ...rules] }] }, { lineWidth: 0 }));
        const tests = casesOf(cases[alert]).map((k) => {
            // Each rule alone: it must fire in a firing case that names its severity, or names none.
            const perRule = group.map(({ id, rule }) => unitTest([{ ...rule, alert: id }], k.case, k.fires && firesRule(k.case, rule.labels)));
            return { ...perRule[0], alert_rule_test: perRule.flatMap((t) => t.alert_rule_test), name: `${alert} ${k.name}` };
        });
        fs.writeFileSync(path.join(dir, `${file}.test.yml`), stringify({ rule_files: [`${file}.rules.yml`], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
        files.push(`${file}.test.yml`);
        idsOf.set(`${file}.test.yml`, group.map((e) => e.id));
        work.set(`${file}.test.yml`, sum(tests.map((t) => evaluations(t.alert_rule_test[0].eval_time))) * (recordingRulesRead(rules).length + rules.length));
    }
    // A few alerts hold most of the work (two take 8.6 s of promtool's CPU each, of 46 s in all), so
    // two calls of every other file were uneven (17.4 s against 28.5 s of CPU). Each file goes to
    // the lightest of CALLS calls, heaviest file first, and the calls run heaviest first.
    const calls: { files: string[]; work: number }[] = Array.from({ length: CALLS }, () => ({ files: [], work: 0 }));
    for (const f of [...files].sort((a, b) => work.get(b)! - work.get(a)!)) {
        const lightest = calls.reduce((a, b) => (b.work < a.work ? b : a));
        lightest.files.push(f);
        lightest.work += work.get(f)!;
    }
    const runs = await inPool(
        calls.filter((c) => c.files.length > 0).sort((a, b) => b.work - a.work),
        (c) => run(c.files, dir),
    );
    const failed = new Map<string, string[]>();
    let test = "";
    for (const line of runs.map((r) => r.text).join("\n").split("\n")) {
        const name = /^\s*name: (.*),\s*$/.exec(line);
        const alertname = /^\s*alertname: ([a-z0-9]+), time: /.exec(line);
        if (name) {
            test = name[1];
        } else if (alertname) {
            failed.set(alertname[1], [...(failed.get(alertname[1]) ?? []), test.replace(/^\S+ /, "")]);
        }
    }
    // A file that promtool could not run (a rule file it refused) names no failing alert.
    const text = runs.map((r) => r.text).join("\n");
    for (const [file, ids] of idsOf) {
        const succeeded = new RegExp(`Unit Testing:\\s+${file.replace(/\./g, "\\.")}\\n\\s+SUCCESS`).test(text);
        assert.ok(succeeded || ids.some((id) => failed.has(id)), `promtool failed on ${file} and named no failing alert:\n${text}`);
    }
    return new Map(entries.map(({ id }) => [id, { passed: !failed.has(id), failedTests: failed.get(id) ?? [] }]));
}

/** Every mutant of every default alert that has cases, with whether a case killed it. */
export async function mutationResults(
    rules: AlertingRule[] = alerts,
    cases: Record<string, AlertCases> = ALERT_CASES,
): Promise<{ baseline: Map<string, Outcome>; mutants: (Mutant & Outcome & { id: string })[] }> {
    const dir = tempDir("alert-boundaries");
    const withCases = rules.filter((r) => r.alert in cases);
    const mutants = withCases.flatMap(mutantsOf).map((m, i) => ({ ...m, id: `m${i}` }));
    const baselineEntries = withCases.map((rule, i) => ({ id: `b${i}`, rule }));
    const outcomes = await promtoolOutcomes([...baselineEntries, ...mutants], dir, cases);
    const baseline = new Map(baselineEntries.map((e) => [e.rule.alert, outcomes.get(e.id)!]));
    return { baseline, mutants: mutants.map((m) => ({ ...m, ...outcomes.get(m.id)! })) };
}

describe("the default alerts' cases sit at their boundaries (issue #29)", function () {
    let results: Awaited<ReturnType<typeof mutationResults>>;
    before(async function () {
        results = await mutationResults();
    });

    it("every alert's unchanged cases pass against the alert alone, so a failing mutant means a moved boundary", () => {
        const failing = [...results.baseline].filter(([, o]) => !o.passed).map(([alert, o]) => `${alert}: ${o.failedTests.join(", ")}`);
        assert.deepStrictEqual(failing, []);
    });

    it("every threshold moved a step each way, and every for moved a minute each way, fails at least one of the alert's cases", () => {
        const survivors = results.mutants
            .filter((m) => m.passed && !(m.alert in NOT_YET_AT_BOUNDARY) && EXEMPT[m.alert]?.[m.how] === undefined)
            .map((m) => `${m.alert}: ${m.how}`);
        assert.deepStrictEqual(survivors, [], `${survivors.length} mutants pass every case of their alert; move the cases to the boundary (tests/harness/alert-cases.ts):\n  ${survivors.join("\n  ")}`);
    });

    it("every alert with a for has an early case, one evaluation before the for runs out", () => {
        const missing = alerts.filter((a) => minutes(a.for) > 0 && ALERT_CASES[a.alert] && !ALERT_CASES[a.alert].early && !(a.alert in NOT_YET_AT_BOUNDARY)).map((a) => a.alert);
        assert.deepStrictEqual(missing, []);
    });

    it("the exemptions and the not-yet list name alerts that exist, and mutants that exist and survive", () => {
        const names = new Set(alerts.map((a) => a.alert));
        for (const [alert, moves] of Object.entries(EXEMPT)) {
            assert.ok(names.has(alert), `EXEMPT names ${alert}, which is no default alert`);
            for (const how of Object.keys(moves)) {
                const mutant = results.mutants.find((m) => m.alert === alert && m.how === how);
                assert.ok(mutant, `EXEMPT names ${alert}'s mutant ${how}, which the test does not make`);
                assert.ok(mutant.passed, `EXEMPT names ${alert}'s mutant ${how}, but a case kills it: drop the exemption`);
            }
        }
        for (const alert of Object.keys(NOT_YET_AT_BOUNDARY)) {
            assert.ok(names.has(alert), `NOT_YET_AT_BOUNDARY names ${alert}, which is no default alert`);
            const survivors = results.mutants.filter((m) => m.alert === alert && m.passed && EXEMPT[alert]?.[m.how] === undefined);
            assert.ok(survivors.length > 0, `${alert}'s cases now kill every mutant: drop it from NOT_YET_AT_BOUNDARY`);
        }
    });

    it("sanity: the test catches what issue #29 found, CPUThrottlingHigh moved from 25 % to 40 % and its for from 15m to 5m", async () => {
        const rule = alerts.find((a) => a.alert === "CPUThrottlingHigh")!;
        const t = comparisonThresholds(rule.expr).find((x) => x.value === 0.25)!;
        const far = { ...moved(rule, t, 0.4), for: "5m" };
        const { baseline } = await mutationResults([far]);
        assert.strictEqual(baseline.get("CPUThrottlingHigh")!.passed, false, "the far mutant passes CPUThrottlingHigh's cases");
    });
});

/**
 * The alerts the release lines after 2.11 have in a form of their own (release-lines.ts,
 * selfHealth): those 2.11 lacks, and those that read another family there. The default
 * settings run 2.11, so these run against the newest line's rules, with their own cases.
 */
describe("the later release lines' own alerts sit at their boundaries", function () {
    const newest = defaultRuleGroups(settingsWith({ metrics: { image: "quay.io/prometheus/prometheus:v3.5.0" } })).flatMap((g) => g.rules.filter(isAlertingRule));
    const lineOnly = newest.filter((r) => !alerts.some((a) => a.alert === r.alert && a.expr === r.expr));

    it("every alert the 2.11 line lacks or writes otherwise has cases there, and no case is stale", () => {
        assert.deepStrictEqual([...new Set(lineOnly.map((r) => r.alert))].sort(), Object.keys(PROMETHEUS_LINE_ALERT_CASES).sort());
    });

    it("their cases pass, and every mutant fails one", async () => {
        const { baseline, mutants } = await mutationResults(lineOnly, PROMETHEUS_LINE_ALERT_CASES);
        assert.deepStrictEqual([...baseline].filter(([, o]) => !o.passed).map(([alert, o]) => `${alert}: ${o.failedTests.join(", ")}`), []);
        assert.deepStrictEqual(mutants.filter((m) => m.passed).map((m) => `${m.alert}: ${m.how}`), []);
        assert.ok(mutants.length >= 2 * lineOnly.length);
    });
});

describe("mutants", () => {
    it("moves each constant of a comparison, wherever it sits, and the for", () => {
        const rule: AlertingRule = {
            alert: "X", expr: 'sum(up{job="a"} == bool 0) > 0 and x < 14 * 86400 and y > 0.25', for: "15m",
            labels: { severity: "warning" }, annotations: { summary: "s", description: "d" },
        };
        assert.deepStrictEqual(mutantsOf(rule).map((m) => m.how), [
            "> 0 → > 1", "> 0 → > -1", "== 0 → == 1", "== 0 → == -1", "< 14 * 86400 → < 1270080", "< 14 * 86400 → < 1149120",
            "> 0.25 → > 0.2625", "> 0.25 → > 0.2375", "for 15m → 16m", "for 15m → 14m",
        ]);
        assert.strictEqual(mutantsOf(rule)[2].rule.expr, 'sum(up{job="a"} == bool 1) > 0 and x < 14 * 86400 and y > 0.25');
        assert.deepStrictEqual(mutantsOf({ ...rule, expr: "vector(1)", for: undefined }).map((m) => m.how), ["for 0m → 1m"]);
        // A constant on the left, a negative one, and a comparison of two series (no constant).
        assert.deepStrictEqual(mutantsOf({ ...rule, expr: "0.9 < a or b < -0.05 or c != d", for: "1h" }).map((m) => m.rule.expr), [
            "0.945 < a or b < -0.05 or c != d", "0.855 < a or b < -0.05 or c != d",
            "0.9 < a or b < -0.0475 or c != d", "0.9 < a or b < -0.0525 or c != d",
            "0.9 < a or b < -0.05 or c != d", "0.9 < a or b < -0.05 or c != d",
        ]);
    });
});
