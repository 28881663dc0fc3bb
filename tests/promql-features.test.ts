import * as assert from "assert";
import * as path from "path";
import { checkTeamFiles } from "../components/teams/check";
import { contractOfStack } from "../render/team-check";
import { TeamContract } from "../components/teams/contract";
import { statefulSet } from "../components/prometheus/statefulset";
import { withWorkloadHatch } from "../components/common/workload-hatch";
import { enabledFeatures, promqlDialectOf, promqlFeaturesOf } from "../prometheus-releases/promql-features";
import { analyzePromql, PROMQL_3 } from "../prometheus-releases/promql";
import { promqlDialectOfMetrics, resolveRelease } from "../prometheus-releases/release-lines";
import { problemAt, problemsOfConfig, requiredConfig, settingsWith } from "./harness/stack-config";
import { ConfigError, ConfigProblem, plainConfigSource } from "../config";
import { loadStackSettings } from "../stack";

/**
 * Issue #41, class 10: a rule is held to what the stack's Prometheus evaluates, with the
 * --enable-feature flags its metrics.extra.args pass (prometheus-releases/promql-features.ts).
 * The facts are those of the sources at v2.53.0, v2.55.0, v3.5.0, v3.7.0, v3.10.0 and v3.14.0:
 * promql/parser/functions.go (`Experimental: true`), parse.go (limitk/limit_ratio,
 * experimentalDurationExpr, setSmoothed/setAnchored), generated_parser.y (STEP, RANGE) and
 * cmd/prometheus/main.go's --enable-feature switch.
 *
 * No case is compared with Debian's promtool 2.42: v2.42.0's functions.go has no Experimental
 * field and its --enable-feature (cmd/promtool/main.go) only warns on an option it does not
 * know, so none of these rules is the same at 2.42 and at a line the program drives (2.11 has
 * no --enable-feature at all; 2.53 on gate what 2.42 lacks). They stand on the sources only.
 */

const RULE_EXPR = "alertRules.groups[0].rules[0].expr";
const EXP = "--enable-feature=promql-experimental-functions";
const DUR = "--enable-feature=promql-duration-expr";
const RANGES = "--enable-feature=promql-extended-range-selectors";
const image = (v: string) => `quay.io/prometheus/prometheus:v${v}`;

function config(version: string, args: string[] | undefined, expr: string): Record<string, any> {
    const c = requiredConfig();
    c.metrics = { ...c.metrics, image: image(version), ...(args ? { extra: { args } } : {}) };
    c.alertRules = { groups: [{ name: "team", rules: [{ record: "team:odd", expr }] }] };
    return c;
}

/** The problems of the stack config, or [] when it loads. */
function problems(c: Record<string, any>): ConfigProblem[] {
    try {
        loadStackSettings(plainConfigSource(c));
        return [];
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
}

/** [version, expression, the flag that enables it there] */
const GATED: [string, string, string][] = [
    ["2.53.0", "mad_over_time(up[5m]) > 0", EXP],
    ["2.53.0", 'sort_by_label(up, "job")', EXP],
    ["2.55.1", "limitk(2, up)", EXP],
    ["2.55.1", "limit_ratio(0.5, up)", EXP],
    ["2.55.1", "info(up)", EXP],
    ["3.5.0", "double_exponential_smoothing(up[10m], 0.5, 0.5)", EXP],
    ["3.5.0", "ts_of_max_over_time(up[5m])", EXP],
    ["3.5.0", "limitk(2, up)", EXP],
    ["3.5.0", "rate(up[5m*2])", DUR],
    ["3.5.0", "up offset (1h+5m)", DUR],
    ["3.7.0", "first_over_time(up[5m])", EXP],
    ["3.7.0", "rate(up[step()])", DUR],
    ["3.7.0", "rate(up[5m] smoothed)", RANGES],
    ["3.7.0", "up anchored", RANGES],
    ["3.11.0", 'histogram_quantiles(up, "q", 0.5)', EXP],
    ["3.14.0", "sort_by_label_desc(up, \"job\")", EXP],
    ["3.14.0", "start_timestamp(up)", EXP],
];

/** [version, expression, what the message says]: refused with every flag, since the minor has no flag for it. */
const NO_FLAG: [string, string, RegExp][] = [
    ["2.11.1", "mad_over_time(up[5m])", /Prometheus v2\.11\.1, which has no feature flag that enables it: it is an experimental function, behind --enable-feature=promql-experimental-functions on Prometheus 2\.53 to 2\.55, 3\.5 to 3\.14/],
    ["2.53.0", "limitk(2, up)", /Prometheus 2\.53\.0 with --enable-feature=promql-experimental-functions,promql-duration-expr,promql-extended-range-selectors, which has no feature flag that enables it: .* on Prometheus 2\.55, 3\.5 to 3\.14/],
    ["2.53.0", "info(up)", /which has no feature flag that enables it/],
    ["2.55.1", "double_exponential_smoothing(up[10m], 0.5, 0.5)", /on Prometheus 3\.5 to 3\.14/],
    ["3.5.0", "first_over_time(up[5m])", /on Prometheus 3\.7 to 3\.13/],
    ["3.5.0", "rate(up[5m] smoothed)", /the smoothed modifier/],
    ["2.55.1", "rate(up[5m*2])", /the duration "5m\*2"/],
    ["3.5.0", "rate(up[step()])", /the duration "step\(\)"/],
];

describe("PromQL with the feature flags a stack passes (#41, class 10)", () => {
    describe("refused without the flag, naming the key and the flag; accepted with it", () => {
        for (const [version, expr, flag] of GATED) {
            it(`${version}: ${expr} needs ${flag}`, () => {
                const refused = problemAt(problems(config(version, undefined, expr)), `cluster-monitoring:${RULE_EXPR}`);
                assert.ok(refused.expected.includes(`${flag} in metrics.extra.args`), refused.expected);
                // Another feature is not this one.
                const other = problems(config(version, ["--enable-feature=exemplar-storage"], expr));
                assert.ok(other.some((p) => p.key === `cluster-monitoring:${RULE_EXPR}`), `${expr} accepted with exemplar-storage alone`);
                assert.deepStrictEqual(problems(config(version, [flag], expr)), []);
                // The flag among others, or in a list of its own.
                assert.deepStrictEqual(problems(config(version, ["--enable-feature=exemplar-storage", `${flag},exemplar-storage`], expr)), []);
            });
        }
    });

    describe("refused with every flag where the minor has none for it", () => {
        for (const [version, expr, says] of NO_FLAG) {
            it(`${version}: ${expr}`, () => {
                const args = version === "2.11.1" ? undefined : [`${EXP},promql-duration-expr,promql-extended-range-selectors`];
                const found = problemAt(problems(config(version, args, expr)), `cluster-monitoring:${RULE_EXPR}`);
                assert.match(found.expected, says);
            });
        }
    });

    it("3.14: duration arithmetic is on without a flag (v3.14.0 main.go defaults ExperimentalDurationExpr), first_over_time is stable", () => {
        assert.deepStrictEqual(problems(config("3.14.0", undefined, "rate(up[5m*2]) > 0 and first_over_time(up[5m]) > 0")), []);
        // 3.13: both still behind their flags.
        assert.strictEqual(problems(config("3.13.0", undefined, "rate(up[5m*2]) > 0")).length, 1);
        assert.strictEqual(problems(config("3.13.0", undefined, "first_over_time(up[5m]) > 0")).length, 1);
    });

    it("the check reads the flags the StatefulSet's container gets: one reading of metrics.extra.args", () => {
        const s = settingsWith({ metrics: { image: image("3.7.0"), extra: { args: ["--enable-feature=exemplar-storage", `${EXP},promql-extended-range-selectors`] } } });
        const sts = withWorkloadHatch(statefulSet(s.metrics, { scrapeJobs: [], ruleFiles: {} }), s.metrics.name, s.metrics.extra) as any;
        const args: string[] = sts.spec.template.spec.containers.find((c: any) => c.name === s.metrics.name).args;
        const resolved = resolveRelease(s.metrics.image, s.metrics.prometheusVersion);
        assert.ok("release" in resolved);
        const fromPod = promqlDialectOf(resolved.release, resolved.version, enabledFeatures(args));
        const fromSettings = promqlDialectOfMetrics(s.metrics);
        for (const expr of ["limitk(2, up)", "rate(up[5m] smoothed)", "rate(up[5m*2])", "mad_over_time(up[5m])"]) {
            assert.deepStrictEqual(analyzePromql(expr, fromSettings).problems, analyzePromql(expr, fromPod).problems, expr);
        }
        assert.deepStrictEqual(analyzePromql("rate(up[5m*2])", fromPod).problems.length, 2, "duration-expr is not among the pod's flags");
        assert.deepStrictEqual(promqlFeaturesOf(args), ["promql-experimental-functions", "promql-extended-range-selectors"]);
    });

    it("a stack file with the flag and an experimental function in alertRules loads; without it, the rule is reported with every other problem of the file in one run", () => {
        const expr = "limitk(3, rate(http_requests_total[5m])) > 10";
        const withFlag = config("3.5.0", [EXP], expr);
        assert.deepStrictEqual(problems(withFlag), []);
        const broken = config("3.5.0", ["--enable-feature=exemplar-storage"], expr);
        broken.metrics.retention = "forever";
        broken.alertRules.groups.push({ name: "team", rules: [{ record: "team:other", expr: "mad_over_time(up[5m]) > 1" }] });
        broken.alertmanager = { groupWait: "soon" };
        const found = problemsOfConfig(broken);
        const keys = found.map((p) => p.key);
        for (const key of [`cluster-monitoring:${RULE_EXPR}`, "cluster-monitoring:alertRules.groups[1].rules[0].expr", "cluster-monitoring:alertRules.groups[1].name", "cluster-monitoring:metrics.retention"]) {
            assert.ok(keys.includes(key), `${key} missing from ${keys.join(", ")}`);
        }
        assert.ok(keys.some((k) => k.startsWith("cluster-monitoring:alertmanager")), keys.join(", "));
        // The flag is read while metrics itself is wrong: the rule is judged as it will be once retention is fixed.
        const flaggedButBroken = config("3.5.0", [EXP], expr);
        flaggedButBroken.metrics.retention = "forever";
        assert.deepStrictEqual(problemsOfConfig(flaggedButBroken).map((p) => p.key), ["cluster-monitoring:metrics.retention"]);
        assert.match(problemAt(found, `cluster-monitoring:${RULE_EXPR}`).expected, /`limitk` is not available in Prometheus 3\.5\.0 without PromQL feature flags: it is an experimental aggregation there, enabled by --enable-feature=promql-experimental-functions in metrics\.extra\.args/);
    });

    it("every function a flag enables is accepted as a call, 3.13's max_of and min_of too, which the grammar the program parses with does not know yet", () => {
        const all = promqlDialectOf({ promql: PROMQL_3 }, "3.13.0", ["promql-experimental-functions"]);
        const refused = [...all.functions].filter((f) => !PROMQL_3.functions.has(f)).filter((f) => analyzePromql(`${f}(up)`, all).problems.length > 0);
        assert.deepStrictEqual(refused, []);
        assert.deepStrictEqual(problems(config("3.13.0", [EXP], "max_of(up, vector(1)) > 0")), []);
        assert.match(problemAt(problems(config("3.12.0", [EXP], "max_of(up, vector(1)) > 0")), `cluster-monitoring:${RULE_EXPR}`).expected, /`max_of` is not available in Prometheus 3\.12\.0 with --enable-feature=promql-experimental-functions, which has no feature flag that enables it: .* on Prometheus 3\.13 to 3\.14/);
    });

    describe("team files: checked with the features the platform's contract publishes", () => {
        let contract: TeamContract;
        before(async () => {
            contract = await contractOfStack("dev", path.resolve(__dirname, ".."));
        });
        const rules = (expr: string) => ({
            path: "rules.yaml",
            text: JSON.stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "r", namespace: "demo", labels: { prometheus_rule: "1" } }, data: { "r.yml": JSON.stringify({ groups: [{ name: "g", rules: [{ alert: "A", expr }] }] }) } }),
        });
        it("3.5.0 with promql-experimental-functions accepts mad_over_time; the same contract without it refuses it, naming the flag", () => {
            const on = { ...contract, rules: { ...contract.rules, namespaces: "all" as const }, prometheus: { version: "3.5.0", line: "3.5 to 3.14", promqlFeatures: ["promql-experimental-functions"] } };
            assert.deepStrictEqual(checkTeamFiles([rules("mad_over_time(up[5m]) > 1")], on), []);
            const off = { ...on, prometheus: { version: "3.5.0", line: "3.5 to 3.14" } };
            const refused = checkTeamFiles([rules("mad_over_time(up[5m]) > 1")], off);
            assert.strictEqual(refused.length, 1, JSON.stringify(refused));
            assert.match(refused[0].expected, /enabled by --enable-feature=promql-experimental-functions/);
        });
        it("the dev stack publishes no PromQL feature (it passes none)", () => {
            assert.deepStrictEqual(contract.prometheus.promqlFeatures, []);
        });
    });
});
