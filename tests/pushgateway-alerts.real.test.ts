import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { pushgatewayGroup } from "../components/pushgateway";
import { AlertingRule, isAlertingRule } from "../components/common/rules/types";
import { analyzePromql, comparisonThresholds, PromqlThreshold } from "../prometheus-releases/promql";
import { PROMETHEUS_RELEASES } from "../prometheus-releases/release-lines";
import { renderRuleFile } from "../components/common/rules/rule-files";
import { everyDefaultGroupOf, stackRuleFiles } from "../stack/rule-groups";
import { AlertCases, bounded, casesOf, s } from "./harness/alert-case-format";
import { unitTest } from "./harness/alert-unit-test";
import { promtool, promtoolAsync, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * The Pushgateway's alerts (components/pushgateway/alerts.ts) on Debian's promtool, in the case
 * format of tests/harness/alert-cases.ts: each fires in one case, stays silent just short of it,
 * and, with a `for`, one evaluation before it runs out. Then, as tests/alert-boundaries.real.test.ts
 * does for the built-in alerts, every constant of a comparison is moved a step each way (1 for a
 * small integer, 5 % otherwise) and the `for` a minute each way (to 1m without one), and each
 * mutant must fail one of the alert's own cases: cases far from the boundary would let it pass.
 */

const GATEWAY_UP = 'job="pushgateway",instance="10.0.0.5:9091",namespace="monitoring"';
const BACKUP = 'job="nightly-backup",namespace="monitoring"';
const BACKUP_LABELS = { job: "nightly-backup", namespace: "monitoring" };
const REPORT = 'job="report",namespace="monitoring"';
const REPORT_LABELS = { job: "report", namespace: "monitoring" };
/** `value` at every minute from 0 to `minutes`. */
const flat = (value: number, minutes: number) => `${value}+0x${minutes}`;
/** A day and an hour and a bit of one sample a minute: the stale alert's threshold and `for`. */
const DAY_AND_HOUR = 1510;

/** A group pushed at `pushedAt` seconds and not again. */
const pushedOnce = (pushedAt: number) => [s(`push_time_seconds{${BACKUP}}`, flat(pushedAt, DAY_AND_HOUR)), s(`push_failure_time_seconds{${BACKUP}}`, flat(0, DAY_AND_HOUR))];

export const PUSHGATEWAY_ALERT_CASES: Record<string, AlertCases> = {
    // absent() of a comparison carries no label of its selector: the alert has none but its own.
    PushgatewayDown: {
        ...bounded({
            fires: { series: [s(`up{${GATEWAY_UP}}`, flat(0, 15))], at: "10m" },
            silent: { series: [s(`up{${GATEWAY_UP}}`, flat(1, 15))], at: "10m" },
        }),
        scenarios: [
            { name: "no gateway target at all (no endpoints)", fires: true, case: { series: [s('up{job="kubelet",instance="node-1"}', flat(1, 15))], at: "10m" } },
            { name: "one of two gateway targets answers", fires: false, case: { series: [s(`up{${GATEWAY_UP}}`, flat(0, 15)), s('up{job="pushgateway",instance="10.0.0.6:9091",namespace="monitoring"}', flat(1, 15))], at: "10m" } },
        ],
    },
    // Pushed at 1 s, a group is more than a day old from 1441m on, and an hour later, at 1501m, the alert fires.
    PushgatewayPushStale: {
        ...bounded({
            fires: { series: pushedOnce(1), at: "1501m", labels: BACKUP_LABELS },
            // Pushed an hour later: it passes the day only at 1501m, and has not been past it for an hour.
            silent: { series: pushedOnce(3600), at: "1501m" },
        }),
        scenarios: [
            {
                name: "a group whose only push was refused (push_time_seconds 0): PushgatewayPushFailed's",
                fires: false,
                case: { series: [s(`push_time_seconds{${BACKUP}}`, flat(0, DAY_AND_HOUR)), s(`push_failure_time_seconds{${BACKUP}}`, flat(60, DAY_AND_HOUR))], at: "1501m" },
            },
            {
                name: "a daily job that pushes again after 24 hours",
                fires: false,
                case: { series: [s(`push_time_seconds{${BACKUP}}`, `${flat(1, 1440)} ${flat(86401, DAY_AND_HOUR - 1441)}`)], at: "1501m" },
            },
        ],
    },
    // No `for`: a refused push fires at the first evaluation after it, the 5th minute.
    PushgatewayPushFailed: {
        fires: { series: [s(`push_time_seconds{${REPORT}}`, flat(60, 15)), s(`push_failure_time_seconds{${REPORT}}`, `${flat(0, 4)} ${flat(300, 10)}`)], at: "5m", labels: REPORT_LABELS },
        silent: { series: [s(`push_time_seconds{${REPORT}}`, flat(60, 15)), s(`push_failure_time_seconds{${REPORT}}`, `${flat(0, 4)} ${flat(60, 10)}`)], at: "5m" },
        scenarios: [
            {
                name: "the refused push is the group's first (push_time_seconds 0)",
                fires: true,
                case: { series: [s(`push_time_seconds{${REPORT}}`, flat(0, 15)), s(`push_failure_time_seconds{${REPORT}}`, `${flat(0, 4)} ${flat(300, 10)}`)], at: "5m", labels: REPORT_LABELS },
            },
            {
                name: "a push succeeds after the refused one",
                fires: false,
                case: { series: [s(`push_time_seconds{${REPORT}}`, `${flat(60, 5)} ${flat(360, 9)}`), s(`push_failure_time_seconds{${REPORT}}`, `${flat(0, 4)} ${flat(300, 10)}`)], at: "7m" },
            },
        ],
    },
};

const rules = pushgatewayGroup().rules.filter(isAlertingRule);

/** Runs `cases` of one alert against `rule` in one promtool call; resolves to promtool's error, or undefined when every case passed. */
async function failureOf(rule: AlertingRule, cases: AlertCases, dir: string): Promise<string | undefined> {
    const ruleFile = path.join(dir, "rules.yml");
    fs.writeFileSync(ruleFile, renderRuleFile({ groups: [{ name: "pushgateway", rules: [rule] }] }));
    const tests = casesOf(cases).map((c) => unitTest([rule], c.case, c.fires));
    const testFile = path.join(dir, "tests.yml");
    fs.writeFileSync(testFile, stringify({ rule_files: [ruleFile], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
    return promtoolAsync("test", "rules", testFile).then(
        () => undefined,
        (e: Error) => e.message,
    );
}

function minutes(duration: string | undefined): number {
    const m = /^([0-9]+)(m|h)$/.exec(duration ?? "0m")!;
    return Number(m[1]) * (m[2] === "h" ? 60 : 1);
}

const step = (value: number) => (Number.isInteger(value) && Math.abs(value) <= 10 ? 1 : Math.abs(value) * 0.05);
const moved = (rule: AlertingRule, t: PromqlThreshold, value: number): AlertingRule => ({ ...rule, expr: rule.expr.slice(0, t.from) + String(Number(value.toPrecision(12))) + rule.expr.slice(t.to) });

/** Each mutant of a rule, named by its move. */
function mutantsOf(rule: AlertingRule): { how: string; rule: AlertingRule }[] {
    const out = comparisonThresholds(rule.expr).flatMap((t) => [t.value + step(t.value), t.value - step(t.value)].map((v) => ({ how: `${t.op} ${t.text} → ${t.op} ${v}`, rule: moved(rule, t, v) })));
    const m = minutes(rule.for);
    for (const n of m > 0 ? [m + 1, m - 1] : [1]) {
        out.push({ how: `for ${rule.for ?? "0m"} → ${n}m`, rule: { ...rule, for: `${n}m` } });
    }
    return out;
}

describe("the Pushgateway's alerts (promtool)", () => {
    it("every alert has cases, and every case names an alert of the group", () => {
        assert.deepStrictEqual(rules.map((r) => r.alert).sort(), Object.keys(PUSHGATEWAY_ALERT_CASES).sort());
        for (const r of rules) {
            assert.ok(r.for === undefined || PUSHGATEWAY_ALERT_CASES[r.alert].early, `${r.alert} has a for, and needs an early case`);
        }
    });

    it("the group's rule file passes promtool check rules", () => {
        const dir = tempDir("pushgateway-rules");
        const file = path.join(dir, "defaults-pushgateway.yml");
        fs.writeFileSync(file, renderRuleFile({ groups: [pushgatewayGroup()] }));
        assert.match(promtool("check", "rules", file), /SUCCESS: 3 rules found/);
    });

    it("every expression parses, with only the functions and syntax of each release line, 2.11 first", () => {
        for (const release of PROMETHEUS_RELEASES) {
            for (const r of rules) {
                assert.deepStrictEqual(analyzePromql(r.expr, release.promql).problems, [], `${r.alert} on ${release.line}`);
            }
        }
    });

    for (const r of rules) {
        it(`${r.alert}: fires in its firing cases, stays silent in the others`, async () => {
            const failure = await failureOf(r, PUSHGATEWAY_ALERT_CASES[r.alert], tempDir(`pushgateway-${r.alert}`));
            assert.strictEqual(failure, undefined);
        });

        it(`${r.alert}: every move of its thresholds and of its for fails one of its cases`, async () => {
            const mutants = mutantsOf(r);
            assert.ok(mutants.length >= 1);
            const survivors: string[] = [];
            for (const m of mutants) {
                if ((await failureOf(m.rule, PUSHGATEWAY_ALERT_CASES[r.alert], tempDir(`pushgateway-mutant-${r.alert}`))) === undefined) {
                    survivors.push(m.how);
                }
            }
            assert.deepStrictEqual(survivors, [], `${r.alert}: mutants its cases let pass`);
        });
    }

    it("the stack's rule file carries the group only while the gateway runs, with the runbook of each alert, and alertRules reaches it", () => {
        assert.strictEqual(stackRuleFiles(settingsWith())["defaults-pushgateway.yml"], undefined);
        const on = { pushgateway: { enabled: true, pusherNamespaces: ["batch"] } };
        const file = stackRuleFiles(settingsWith(on))["defaults-pushgateway.yml"];
        assert.ok(file, "defaults-pushgateway.yml");
        for (const r of rules) {
            assert.ok(file.includes(`runbook: docs/runbooks.md#${r.alert.toLowerCase()}`), r.alert);
        }
        const changed = stackRuleFiles(settingsWith({ ...on, alertRules: { disabled: ["PushgatewayPushFailed"], overrides: { PushgatewayPushStale: { threshold: 172800 } } } }))["defaults-pushgateway.yml"];
        assert.ok(!changed.includes("PushgatewayPushFailed"));
        assert.match(changed, /expr: time\(\) - \(push_time_seconds != 0\) > 172800/);
    });

    it("every line's catalog of default alerts names them, whatever the stack runs (alertRules.disabled and overrides may)", () => {
        for (const release of PROMETHEUS_RELEASES) {
            const names = everyDefaultGroupOf(release).flatMap((g) => g.rules.filter(isAlertingRule).map((x) => x.alert));
            assert.deepStrictEqual(rules.map((r) => r.alert).filter((a) => !names.includes(a)), [], release.line);
        }
    });
});
