import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { defaultRuleGroups, stackRuleFiles } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { DAY_ONE_RECORD_CASES } from "./harness/alert-cases-day-one";
import { RESOURCE_RECORD_CASES } from "./harness/alert-cases-resources";
import { promtool, tempDir } from "./harness/prometheus";
import { BURN_RATE_WINDOWS, burnRateRecord } from "../components/apiserver/slo-rules";
import { NODE_RECORD_CASES } from "./harness/node-record-cases";
import { AVAILABILITY_RECORDS } from "../components/apiserver/availability-rules";
import { DASHBOARD_RECORD_CASES } from "./harness/dashboard-record-cases";
import { KUBE_PROMETHEUS_RECORD_CASES } from "./harness/kube-prometheus-record-cases";

/**
 * Every default recording rule has a promtool case with a known input and its exact output
 * (promql_expr_test on the recorded name), run against the rendered rule file of its group.
 */
const settings = everyAlertSettings();
const groups = defaultRuleGroups(settings);
/** The API server's burn rates have their cases in tests/apiserver-slo.real.test.ts: every window, read and write, 2.x and 3.x bucket bounds. */
const BURN_RATES = new Set(BURN_RATE_WINDOWS.map(burnRateRecord));
const RECORD_CASES = { ...DAY_ONE_RECORD_CASES, ...RESOURCE_RECORD_CASES, ...DASHBOARD_RECORD_CASES, ...KUBE_PROMETHEUS_RECORD_CASES };
/**
 * The node-exporter records have theirs in tests/node-recording-rules.real.test.ts, in one promtool run;
 * the API server's 30-day chain in tests/apiserver-availability.real.test.ts, over 730 hours at 1h steps.
 */
const OWN_CASES = new Set([...BURN_RATES, ...Object.keys(NODE_RECORD_CASES), ...Object.values(AVAILABILITY_RECORDS)]);
/** One entry per recorded name: the rules of one name (the workload kinds of namespace_workload_pod:kube_pod_owner:relabel) share their case. */
const records = groups
    .flatMap((g) => g.rules.flatMap((r) => ("record" in r && !OWN_CASES.has(r.record) ? [{ group: g.name, record: r.record }] : [])))
    .filter((r, i, all) => all.findIndex((x) => x.record === r.record) === i);

describe("default recording rules (promtool test rules)", () => {
    it("every recording rule has a case, and no case is stale", () => {
        assert.deepStrictEqual(Object.keys(RECORD_CASES).sort(), records.map((r) => r.record).sort());
    });

    it("each records the value its case expects", () => {
        const dir = tempDir("recording-rules");
        const files = stackRuleFiles(settings);
        for (const [name, text] of Object.entries(files)) {
            fs.writeFileSync(path.join(dir, name), text);
        }
        // One promtool run for every record: each test file still loads only its record's group.
        const testFiles: string[] = [];
        for (const { group, record } of records) {
            const tests = RECORD_CASES[record].map((c) => ({
                interval: "1m",
                input_series: c.series,
                promql_expr_test: [{ expr: record, eval_time: c.at, exp_samples: c.expect.map((e) => ({ labels: `${record}{${Object.entries(e.labels).map(([k, v]) => `${k}="${v}"`).join(",")}}`, value: e.value })) }],
            }));
            const testFile = path.join(dir, `test-${record.replace(/:/g, "_")}.yml`);
            fs.writeFileSync(testFile, stringify({ rule_files: [`defaults-${group}.yml`], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
            testFiles.push(testFile);
        }
        promtool("test", "rules", ...testFiles);
    });
});
