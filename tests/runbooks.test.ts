import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { AlertingRule, isAlertingRule } from "../components/common/rules/types";
import { TEAM_RULE_FILE_REFUSED, teamRulesContainers } from "../components/prometheus/team-rules";
import { PROMETHEUS_RELEASES } from "../prometheus-releases/release-lines";
import { everyDefaultGroupOf, stackRuleFiles } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { configErrorOf, problemAt, settingsWith } from "./harness/stack-config";
import { anchorsOf } from "./markdown-anchors";

/**
 * Every alert links a runbook (docs/alerting.md#runbooks): a runbooks.prometheus-operator.dev
 * page, or its section of docs/runbooks.md, by `runbook_url` under alertRules.runbookBaseUrl and
 * by the repository path `runbook` without it.
 */
const ROOT = path.join(__dirname, "..");
const RUNBOOKS = fs.readFileSync(path.join(ROOT, "docs/runbooks.md"), "utf8");
const PUBLIC = /^https:\/\/runbooks\.prometheus-operator\.dev\/runbooks\/(alertmanager|etcd|general|grafana|kube-state-metrics|kubernetes|node|prometheus|prometheus-operator)\/([a-z0-9]+)$/;
/**
 * kubernetes-mixin's *InstanceUnreachable alerts, which the public site has no page for, link their
 * component's *Down page on purpose (components/control-plane/instance-unreachable-alert.ts).
 */
const SHARED_PAGES: Readonly<Record<string, string>> = {
    KubeAPIInstanceUnreachable: "kubeapidown",
    KubeletInstanceUnreachable: "kubeletdown",
    KubeSchedulerInstanceUnreachable: "kubeschedulerdown",
    KubeControllerManagerInstanceUnreachable: "kubecontrollermanagerdown",
};
const BASE = "https://git.example.com/ops/cluster-monitoring/-/blob/main/docs";

/** Every shipped default alert rule, on every release line, with every job and component on. */
const everyRule = (base?: string): { line: string; rule: AlertingRule }[] =>
    PROMETHEUS_RELEASES.flatMap((r) => everyDefaultGroupOf(r, base).flatMap((g) => g.rules.filter(isAlertingRule).map((rule) => ({ line: r.line, rule }))));

/** What is wrong with the runbook of each rule, without a base URL: none, both, a public page of another name, a missing section. */
function runbookProblems(rules: { line: string; rule: AlertingRule }[], anchors: Set<string>): string[] {
    return rules.flatMap(({ line, rule: r }) => {
        const url = r.annotations.runbook_url;
        const own = r.annotations.runbook;
        const at = `${r.alert} (${line})`;
        if (url !== undefined && own !== undefined) return [`${at}: both runbook_url and runbook`];
        if (url !== undefined) {
            const m = PUBLIC.exec(url);
            return m && (m[2] === r.alert.toLowerCase() || m[2] === SHARED_PAGES[r.alert]) ? [] : [`${at}: runbook_url ${url} is no runbooks.prometheus-operator.dev page of its name`];
        }
        if (own === undefined) return [`${at}: no runbook at all`];
        const anchor = own.startsWith("docs/runbooks.md#") ? own.slice("docs/runbooks.md#".length) : undefined;
        return anchor !== undefined && anchors.has(anchor) ? [] : [`${at}: ${own} names no heading of docs/runbooks.md`];
    });
}

describe("runbooks", () => {
    it("every shipped alert, on every release line, has a public runbook or a section of docs/runbooks.md", () => {
        const rules = everyRule();
        assert.ok(rules.length > 300, "the rules of every line");
        assert.deepStrictEqual(runbookProblems(rules, anchorsOf(RUNBOOKS)), []);
    });

    it("the check fails on a missing section, a stray runbook path, and an alert with neither", () => {
        const rules = everyRule();
        const own = rules.find(({ rule }) => rule.alert === "KubeNodePressure")!;
        const fewer = anchorsOf(RUNBOOKS.replace(/^### KubeNodePressure$/m, "### Node pressure"));
        assert.deepStrictEqual(runbookProblems([own], fewer), ["KubeNodePressure (2.11): docs/runbooks.md#kubenodepressure names no heading of docs/runbooks.md"]);
        const bare = { line: "x", rule: { ...own.rule, annotations: { summary: "s", description: "d" } } };
        assert.deepStrictEqual(runbookProblems([bare], anchorsOf(RUNBOOKS)), ["KubeNodePressure (x): no runbook at all"]);
        const wrong = { line: "x", rule: { ...own.rule, annotations: { summary: "s", description: "d", runbook_url: "https://runbooks.prometheus-operator.dev/runbooks/node/nodememoryhighutilization" } } };
        assert.match(runbookProblems([wrong], anchorsOf(RUNBOOKS))[0], /is no runbooks.prometheus-operator.dev page of its name/);
    });

    it("docs/runbooks.md has a section for no alert that has a public page, and none for an alert that does not exist", () => {
        const rules = everyRule().map(({ rule }) => rule);
        const own = new Set([...rules.filter((r) => r.annotations.runbook !== undefined).map((r) => r.alert.toLowerCase()), TEAM_RULE_FILE_REFUSED.toLowerCase()]);
        const sections = [...RUNBOOKS.matchAll(/^### (\S+)$/gm)].map((m) => m[1].toLowerCase());
        assert.deepStrictEqual(sections.filter((s) => !own.has(s)), []);
        assert.deepStrictEqual([...own].filter((a) => !sections.includes(a)), []);
    });

    it("with alertRules.runbookBaseUrl every alert, on every release line, carries a runbook_url, the own ones <base>/runbooks.md#<anchor>", () => {
        for (const base of [BASE, `${BASE}/`]) {
            const problems = everyRule(base).flatMap(({ line, rule: r }) => {
                const url = r.annotations.runbook_url;
                if (r.annotations.runbook !== undefined) return [`${r.alert} (${line}): still a runbook path`];
                if (url === undefined) return [`${r.alert} (${line}): no runbook_url`];
                return PUBLIC.test(url) || url === `${BASE}/runbooks.md#${r.alert.toLowerCase()}` ? [] : [`${r.alert} (${line}): ${url}`];
            });
            assert.deepStrictEqual(problems, [], base);
        }
    });

    it("the stack's rule files carry them: the runbook path by default, runbook_url with the base", () => {
        const annotations = (files: Record<string, string>) =>
            Object.values(files).flatMap((f) => (parse(f).groups as any[]).flatMap((g) => g.rules.filter((r: any) => r.alert !== undefined).map((r: any) => ({ alert: r.alert, ...r.annotations }))));
        const without = annotations(stackRuleFiles(everyAlertSettings()));
        assert.ok(without.some((a) => a.alert === "FluentdDown" && a.runbook === "docs/runbooks.md#fluentddown" && a.runbook_url === undefined));
        const s = settingsWith({ alertRules: { runbookBaseUrl: BASE } });
        const withBase = annotations(stackRuleFiles(s));
        assert.ok(withBase.length > 50);
        assert.deepStrictEqual(withBase.filter((a) => a.runbook_url === undefined || a.runbook !== undefined).map((a) => a.alert), []);
        assert.ok(withBase.some((a) => a.alert === "FluentdDown" && a.runbook_url === `${BASE}/runbooks.md#fluentddown`));
    });

    it("TeamRuleFileRefused, written by the team rules checker, points at its section the same way", () => {
        const env = (s: ReturnType<typeof settingsWith>) =>
            Object.fromEntries((teamRulesContainers(s.metrics, s.alertRules.runbookBaseUrl).find((c) => c.name === "team-rules-check")!.env as any[]).map((e) => [e.name, e.value]));
        const without = env(settingsWith({ metrics: { teamRules: { namespaces: ["shop"] } } }));
        assert.strictEqual(without.TEAM_RULES_RUNBOOK_KEY, "runbook");
        assert.strictEqual(without.TEAM_RULES_RUNBOOK, "docs/runbooks.md#teamrulefilerefused");
        assert.ok(anchorsOf(RUNBOOKS).has("teamrulefilerefused"));
        const withBase = env(settingsWith({ metrics: { teamRules: { namespaces: ["shop"] } }, alertRules: { runbookBaseUrl: BASE } }));
        assert.strictEqual(withBase.TEAM_RULES_RUNBOOK_KEY, "runbook_url");
        assert.strictEqual(withBase.TEAM_RULES_RUNBOOK, `${BASE}/runbooks.md#teamrulefilerefused`);
    });

    it("a bad alertRules.runbookBaseUrl is refused at load, naming the key, with every other problem", () => {
        const KEY = "cluster-monitoring:alertRules.runbookBaseUrl";
        const cases: [string, RegExp][] = [
            ["git.example.com/docs", /absolute http:\/\/ or https:\/\/ URL/],
            ["ftp://git.example.com/docs", /absolute http:\/\/ or https:\/\/ URL/],
            ["https://ops:hunter2@git.example.com/docs", /without a user name or password/],
            ["https://git.example.com/docs?ref=main", /without a \?query/],
            ["https://git.example.com/docs#top", /without a #fragment/],
            [`${BASE}/runbooks.md`, /not of a page in it/],
        ];
        for (const [value, expected] of cases) {
            const e = configErrorOf({ alertRules: { runbookBaseUrl: value, disabled: ["NoSuchAlert"] } });
            const p = problemAt(e, KEY);
            assert.match(p.expected, expected, value);
            assert.ok(!String(p.got).includes("hunter2"), "the password is masked");
            assert.ok(problemAt(e, "cluster-monitoring:alertRules.disabled[0]"), "every problem at once");
        }
        const off = problemAt(configErrorOf({ alertRules: { runbookBaseUrl: BASE, defaults: false } }), KEY);
        assert.match(off.expected, /nothing while cluster-monitoring:alertRules.defaults is false and cluster-monitoring:metrics.teamRules is unset/);
        // Beside another problem of alertRules, at once.
        const both = configErrorOf({ alertRules: { runbookBaseUrl: BASE, defaults: false, disabled: ["NoSuchAlert"] } });
        assert.match(problemAt(both, KEY).expected, /nothing while/);
        assert.ok(problemAt(both, "cluster-monitoring:alertRules.disabled[0]"));
        // With team rules on, the checker's TeamRuleFileRefused still links its runbook through it.
        assert.doesNotThrow(() => settingsWith({ alertRules: { runbookBaseUrl: BASE, defaults: false }, metrics: { teamRules: { namespaces: ["team-a"] } } }));
    });
});
