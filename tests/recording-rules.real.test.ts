import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { defaultRuleGroups, ruleContext, stackRuleFiles } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { DAY_ONE_RECORD_CASES } from "./harness/alert-cases-day-one";
import { promtool, tempDir } from "./harness/prometheus";
import { BURN_RATE_WINDOWS, burnRateRecord } from "../components/apiserver/slo-rules";
import { NODE_RECORD_CASES } from "./harness/node-record-cases";

/**
 * Every default recording rule has a promtool case with a known input and its exact output
 * (promql_expr_test on the recorded name), run against the rendered rule file of its group.
 */
const settings = everyAlertSettings();
const groups = defaultRuleGroups(ruleContext(settings));
/** The API server's burn rates have their cases in tests/apiserver-slo.real.test.ts: every window, read and write, 2.x and 3.x bucket bounds. */
const BURN_RATES = new Set(BURN_RATE_WINDOWS.map(burnRateRecord));
/** The node-exporter records have theirs in tests/node-recording-rules.real.test.ts, in one promtool run. */
const OWN_CASES = new Set([...BURN_RATES, ...Object.keys(NODE_RECORD_CASES)]);
const records = groups.flatMap((g) => g.rules.flatMap((r) => ("record" in r && !OWN_CASES.has(r.record) ? [{ group: g.name, record: r.record }] : [])));

describe("default recording rules (promtool test rules)", () => {
    it("every recording rule has a case, and no case is stale", () => {
        assert.deepStrictEqual(Object.keys(DAY_ONE_RECORD_CASES).sort(), records.map((r) => r.record).sort());
    });

    it("each records the value its case expects", () => {
        const dir = tempDir("recording-rules");
        const files = stackRuleFiles(settings);
        for (const [name, text] of Object.entries(files)) {
            fs.writeFileSync(path.join(dir, name), text);
        }
        for (const { group, record } of records) {
            const tests = DAY_ONE_RECORD_CASES[record].map((c) => ({
                interval: "1m",
                input_series: c.series,
                promql_expr_test: [{ expr: record, eval_time: c.at, exp_samples: c.expect.map((e) => ({ labels: `${record}{${Object.entries(e.labels).map(([k, v]) => `${k}="${v}"`).join(",")}}`, value: e.value })) }],
            }));
            const testFile = path.join(dir, `test-${record.replace(/:/g, "_")}.yml`);
            fs.writeFileSync(testFile, stringify({ rule_files: [`defaults-${group}.yml`], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
            promtool("test", "rules", testFile);
        }
    });
});
