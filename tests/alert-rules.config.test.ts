import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { ruleFiles } from "../components/common/rules/rule-files";
import { stackRuleFiles } from "../stack/rule-groups";
import { ConfigError } from "../config";
import { promtool, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/** A stack's own rule groups (docs/alerting.md#write-and-test-a-custom-rule), validated before any resource. */
const alert = (over: Record<string, unknown> = {}) => ({
    alert: "PaymentsQueueStuck",
    expr: 'sum(rate(payments_processed_total{job="payments"}[5m])) == 0',
    for: "15m",
    labels: { severity: "critical", team: "payments" },
    annotations: { summary: "Payments are not processed.", description: "No payment for 15 minutes." },
    ...over,
});

function problems(groups: unknown[]): ConfigError["problems"] {
    try {
        settingsWith({ alertRules: { groups } });
    } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

function problemAt(groups: unknown[], key: string) {
    const all = problems(groups);
    const p = all.find((x) => x.key === key);
    assert.ok(p, `no problem at ${key}; got ${JSON.stringify(all)}`);
    return p;
}

const EXPR = "cluster-monitoring:alertRules.groups[0].rules[0].expr";

describe("a stack's own alert rules", () => {
    it("become custom-<group>.yml beside the defaults, and promtool accepts the file", () => {
        const s = settingsWith({ alertRules: { groups: [{ name: "team-payments", rules: [alert(), { record: "payments:rate5m", expr: "sum(rate(payments_processed_total[5m]))" }] }] } });
        const files = stackRuleFiles(s);
        const file = parse(files["custom-team-payments.yml"]);
        assert.deepStrictEqual(file.groups[0].rules[1], { record: "payments:rate5m", expr: "sum(rate(payments_processed_total[5m]))" });
        const dir = tempDir("custom-rules");
        fs.writeFileSync(path.join(dir, "custom.yml"), files["custom-team-payments.yml"]);
        assert.match(promtool("check", "rules", path.join(dir, "custom.yml")), /SUCCESS: 2 rules found/);
    });

    it("a syntax error names the key and the line and column", () => {
        const p = problemAt([{ name: "a", rules: [alert({ expr: "sum(rate(x[5m]) >" })] }], EXPR);
        assert.strictEqual(p.got, "sum(rate(x[5m]) >");
        assert.match(p.expected, /syntax error .* \(at line 1, column 18\)/);
    });

    it("a position on a later line of a multi-line expression", () => {
        const p = problemAt([{ name: "a", rules: [alert({ expr: "sum(up)\n  / on() group(up)" })] }], EXPR);
        assert.match(p.expected, /`group` is not available in Prometheus v2\.11\.1 \(it came in 2\.20\); use max by .* \(at line 2, column 10\)/);
    });

    for (const [expr, what] of [
        ["last_over_time(up[5m]) == 0", "`last_over_time` is not available"],
        ["up @ 1700000000", "@ modifier"],
        ["present_over_time(up[5m])", "`present_over_time` is not available"],
    ]) {
        it(`refuses ${what}, which v2.11.1 lacks`, () => {
            assert.match(problemAt([{ name: "a", rules: [alert({ expr })] }], EXPR).expected, new RegExp(what));
        });
    }

    it("refuses keep_firing_for on an alert and limit on a group, fields v2.11.1 lacks", () => {
        problemAt([{ name: "a", rules: [alert({ keep_firing_for: "5m" })] }], "cluster-monitoring:alertRules.groups[0].rules[0].keep_firing_for");
        problemAt([{ name: "a", limit: 10, rules: [alert()] }], "cluster-monitoring:alertRules.groups[0].limit");
    });

    it("needs a severity, a summary and a description on an alert; refuses for on a recording rule", () => {
        assert.match(problemAt([{ name: "a", rules: [alert({ labels: { team: "x" } })] }], "cluster-monitoring:alertRules.groups[0].rules[0].labels").expected, /severity/);
        assert.match(problemAt([{ name: "a", rules: [alert({ annotations: { summary: "s" } })] }], "cluster-monitoring:alertRules.groups[0].rules[0].annotations").expected, /description/);
        problemAt([{ name: "a", rules: [{ record: "x:y", expr: "up", for: "5m" }] }], "cluster-monitoring:alertRules.groups[0].rules[0].for");
    });

    it("refuses a duration v2.11 cannot parse, and a group name used twice", () => {
        problemAt([{ name: "a", rules: [alert({ for: "1h30m" })] }], "cluster-monitoring:alertRules.groups[0].rules[0].for");
        problemAt([{ name: "a", rules: [alert()] }, { name: "a", rules: [alert()] }], "cluster-monitoring:alertRules.groups[1].name");
    });

    it("default alerts can be switched off one by one, or all", () => {
        const one = settingsWith({ alertRules: { disabled: ["CPUThrottlingHigh"] } });
        assert.doesNotMatch(Object.values(stackRuleFiles(one)).join(), /CPUThrottlingHigh/);
        try {
            settingsWith({ alertRules: { disabled: ["CPUThrottlingHgih"] } });
            assert.fail("a misspelt alert name must be refused");
        } catch (e) {
            assert.ok(e instanceof ConfigError && e.problems.some((p) => p.key === "cluster-monitoring:alertRules.disabled[0]"), String(e));
        }
        const none = settingsWith({ alertRules: { defaults: false } });
        assert.deepStrictEqual(Object.keys(stackRuleFiles(none)), []);
    });
});
