import * as assert from "assert";
import { parse } from "yaml";
import { ConfigError } from "../config/problems";
import { thresholdsOf, withThreshold } from "../components/common/rules/thresholds";
import { alertCatalog, stackRuleFiles } from "../stack/rule-groups";
import { settingsWith } from "./harness/stack-config";

/** alertRules.overrides and renamed alerts: a stack changes a default alert without copying it, and an old name is refused with the new one. */
function rule(files: Record<string, string>, alert: string, severity?: string): any {
    const rules = Object.values(files).flatMap((f) => parse(f).groups.flatMap((g: any) => g.rules));
    const found = rules.filter((r: any) => r.alert === alert && (severity === undefined || r.labels.severity === severity));
    assert.strictEqual(found.length, 1, `${alert} ${severity ?? ""}: ${found.length} rules`);
    return found[0];
}

function problems(alertRules: Record<string, unknown>, extra: Record<string, Record<string, unknown>> = {}): { key: string; got: unknown; expected: string }[] {
    try {
        settingsWith({ alertRules, ...extra });
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    assert.fail("the stack must be refused");
}

describe("thresholds of an alert's expression", () => {
    it("finds the number an ordering comparison sets the expression against, not durations, bool counts or states", () => {
        assert.deepStrictEqual(thresholdsOf("sum(rate(a[5m])) / sum(rate(b[5m])) > 0.25").map((t) => t.value), [0.25]);
        assert.deepStrictEqual(thresholdsOf("sum(up == bool 0) > 0").map((t) => t.value), [0]);
        assert.deepStrictEqual(thresholdsOf("x == 1").map((t) => t.value), []);
        assert.deepStrictEqual(thresholdsOf("a > 0.1 and b > 0.1").map((t) => t.value), [0.1, 0.1]);
    });
    it("replaces the one threshold in place, and refuses an expression with several", () => {
        assert.strictEqual(withThreshold("rate(a[5m]) > 0.25", 0.4), "rate(a[5m]) > 0.4");
        assert.strictEqual(withThreshold("a > 0.1 and b > 0.1", 0.2), undefined);
    });
});

describe("alertRules.overrides", () => {
    it("sets a default alert's threshold, for and severity, and its description says so", () => {
        const s = settingsWith({ alertRules: { overrides: { CPUThrottlingHigh: { threshold: 0.5, for: "30m", severity: "warning" } } } });
        const r = rule(stackRuleFiles(s), "CPUThrottlingHigh");
        assert.match(r.expr, /> 0\.5$/);
        assert.strictEqual(r.for, "30m");
        assert.strictEqual(r.labels.severity, "warning");
        assert.match(r.annotations.description, /This stack overrides: threshold 0\.5, for 30m, severity warning/);
        const untouched = rule(stackRuleFiles(settingsWith()), "CPUThrottlingHigh");
        assert.match(untouched.expr, /> 0\.25$/);
        assert.strictEqual(untouched.labels.severity, "info");
    });

    it("names a rule of an alert with one rule per severity by Name/<severity>, and changes that rule only", () => {
        const keys = Object.keys(alertCatalog().overridableRules);
        assert.ok(keys.includes("KubePersistentVolumeFillingUp/critical") && !keys.includes("KubePersistentVolumeFillingUp"), keys.join(", "));
        // The burn-rate pairs share a severity two by two: no key can tell them apart.
        assert.ok(!keys.some((k) => k.startsWith("KubeAPIErrorBudgetBurn")));
        const s = settingsWith({ alertRules: { overrides: { "KubePersistentVolumeFillingUp/critical": { for: "42m" } } } });
        const files = stackRuleFiles(s);
        assert.strictEqual(rule(files, "KubePersistentVolumeFillingUp", "critical").for, "42m");
        assert.strictEqual(rule(files, "KubePersistentVolumeFillingUp", "warning").for, "1h");
    });

    it("refuses, naming the key: an unknown alert, an empty override, a threshold an alert lacks, an override of a disabled alert or of no defaults", () => {
        const at = (p: { key: string }[]) => p.map((x) => x.key);
        const K = "cluster-monitoring:alertRules";
        assert.deepStrictEqual(at(problems({ overrides: { CPUThrottlingHgih: { for: "5m" } } })), [`${K}.overrides.CPUThrottlingHgih`]);
        assert.match(problems({ overrides: { CPUThrottlingHigh: {} } })[0].expected, /an empty override changes nothing/);
        const absent = problems({ overrides: { KubeAPIDown: { threshold: 2 } } });
        assert.deepStrictEqual(at(absent), [`${K}.overrides.KubeAPIDown.threshold`]);
        assert.match(absent[0].expected, /compares against no single number/);
        assert.match(problems({ disabled: ["CPUThrottlingHigh"], overrides: { CPUThrottlingHigh: { for: "5m" } } })[0].expected, /alertRules.disabled leaves CPUThrottlingHigh out/);
        assert.match(problems({ defaults: false, overrides: { CPUThrottlingHigh: { for: "5m" } } })[0].expected, /defaults is false/);
        assert.deepStrictEqual(at(problems({ overrides: { CPUThrottlingHigh: { severity: "page" } } })), [`${K}.overrides.CPUThrottlingHigh.severity`]);
        assert.deepStrictEqual(at(problems({ overrides: { CPUThrottlingHigh: { threshold: "high" } } })), [`${K}.overrides.CPUThrottlingHigh.threshold`]);
    });
});

describe("renamed alerts", () => {
    it("KubeAPIErrorsHigh is now KubeAPIErrorBudgetBurn: disabled, overrides and a team's alertname matcher name the new one", () => {
        assert.strictEqual(alertCatalog().renamedAlerts.KubeAPIErrorsHigh, "KubeAPIErrorBudgetBurn");
        assert.ok(alertCatalog().defaultAlertNames.includes("KubeAPIErrorBudgetBurn"));
        assert.ok(!alertCatalog().defaultAlertNames.includes("KubeAPIErrorsHigh"));
        const disabled = problems({ disabled: ["KubeAPIErrorsHigh"] });
        assert.deepStrictEqual(disabled.map((p) => p.key), ["cluster-monitoring:alertRules.disabled[0]"]);
        assert.match(disabled[0].expected, /renamed KubeAPIErrorBudgetBurn/);
        assert.match(problems({ overrides: { KubeAPIErrorsHigh: { for: "5m" } } })[0].expected, /renamed KubeAPIErrorBudgetBurn/);
        const team = problems({}, { alertmanager: { slack: { channel: "#alerts" }, teams: [{ name: "api", matchers: { alertname: "KubeAPIErrorsHigh" }, slackChannel: "#api" }] } });
        assert.ok(team.some((p) => p.key === "cluster-monitoring:alertmanager.teams[0].matchers.alertname" && /renamed KubeAPIErrorBudgetBurn/.test(p.expected)), JSON.stringify(team));
    });
    it("PrometheusConfigReloadFailed is now PrometheusBadConfig and PrometheusNotificationsFailing PrometheusErrorSendingAlertsToAnyAlertmanager: each old name is refused with the new one", () => {
        for (const [old, now] of [["PrometheusConfigReloadFailed", "PrometheusBadConfig"], ["PrometheusNotificationsFailing", "PrometheusErrorSendingAlertsToAnyAlertmanager"]]) {
            assert.ok(alertCatalog().defaultAlertNames.includes(now) && !alertCatalog().defaultAlertNames.includes(old), old);
            const renamed = new RegExp(`renamed ${now}`);
            assert.match(problems({ disabled: [old] })[0].expected, renamed);
            assert.match(problems({ overrides: { [old]: { for: "5m" } } })[0].expected, renamed);
            const team = problems({}, { alertmanager: { slack: { channel: "#alerts" }, teams: [{ name: "ops", matchers: { alertname: old }, slackChannel: "#ops" }] } });
            assert.ok(team.some((p) => p.key === "cluster-monitoring:alertmanager.teams[0].matchers.alertname" && renamed.test(p.expected)), JSON.stringify(team));
        }
    });
});
