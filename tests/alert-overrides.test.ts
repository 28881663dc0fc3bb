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

describe("alertRules.overrides of alerts that compare two series", () => {
    const K = "cluster-monitoring:alertRules";
    const TWO_TARGETS = [{ url: "https://a.example.com/api/v1/write" }, { url: "https://b.example.com/push", queue: { maxShards: 50 } }];
    for (const alert of ["KubeCPUOvercommit", "KubeMemoryOvercommit"]) {
        it(`${alert}: for and severity apply, alertRules.disabled switches it off, a threshold is refused naming the key and why`, () => {
            const s = settingsWith({ alertRules: { overrides: { [alert]: { for: "1h", severity: "info" } } } });
            const r = rule(stackRuleFiles(s), alert);
            assert.strictEqual(r.for, "1h");
            assert.strictEqual(r.labels.severity, "info");
            assert.match(r.annotations.description, /This stack overrides: for 1h, severity info/);
            const off = Object.values(stackRuleFiles(settingsWith({ alertRules: { disabled: [alert] } }))).join("\n");
            assert.doesNotMatch(off, new RegExp(`alert: ${alert}\\b`));
            const refused = problems({ overrides: { [alert]: { threshold: 1.2, for: "1h" } } });
            assert.deepStrictEqual(refused.map((p) => p.key), [`${K}.overrides.${alert}.threshold`]);
            assert.strictEqual(refused[0].got, 1.2);
            assert.match(refused[0].expected, new RegExp(`no threshold for ${alert}: its expression compares two series \\(>\\), not a series with a number, so a threshold would change nothing`));
        });
    }

    it("PrometheusRemoteWriteDesiredShards: a threshold is refused at load on every line, saying why on each (it once passed the check on 2.11 and failed the render)", () => {
        for (const image of ["quay.io/prometheus/prometheus:v2.11.1", "quay.io/prometheus/prometheus:v2.53.5"]) {
            const refused = problems({ overrides: { PrometheusRemoteWriteDesiredShards: { threshold: 10 } } }, { metrics: { image, remoteWrite: TWO_TARGETS } });
            assert.deepStrictEqual(refused.map((p) => p.key), [`${K}.overrides.PrometheusRemoteWriteDesiredShards.threshold`], image);
            assert.match(refused[0].expected, /several numbers, no single one on 2\.11; its expression compares two series \(>\), not a series with a number, so a threshold would change nothing on 2\.53, 2\.55, 3\.5 to 3\.14/);
        }
        const s = settingsWith({ metrics: { image: "quay.io/prometheus/prometheus:v2.53.5", remoteWrite: TWO_TARGETS }, alertRules: { overrides: { PrometheusRemoteWriteDesiredShards: { for: "30m", severity: "critical" } } } });
        const r = rule(stackRuleFiles(s), "PrometheusRemoteWriteDesiredShards");
        assert.strictEqual(r.for, "30m");
        assert.strictEqual(r.labels.severity, "critical");
    });

    it("PrometheusRemoteStorageFailures keeps one threshold on every line, though later lines compare samples, histograms and exemplars each", () => {
        for (const image of ["quay.io/prometheus/prometheus:v2.11.1", "quay.io/prometheus/prometheus:v3.5.0"]) {
            const s = settingsWith({ metrics: { image, remoteWrite: TWO_TARGETS }, alertRules: { overrides: { PrometheusRemoteStorageFailures: { threshold: 0.05 } } } });
            const r = rule(stackRuleFiles(s), "PrometheusRemoteStorageFailures");
            assert.match(r.expr, /\) > 0\.05$/, image);
            assert.deepStrictEqual(thresholdsOf(r.expr).map((t) => t.value), [0.05], image);
        }
        assert.strictEqual(alertCatalog().overridableRules.PrometheusKubernetesListWatchFailures.threshold, true);
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
