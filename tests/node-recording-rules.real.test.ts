import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { nodeRecordingRules, nodeRecordsGroup } from "../components/node-exporter/recording-rules";
import { stackRuleFiles } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";
import { NODE_RECORD_CASES } from "./harness/node-record-cases";
import { promtool, tempDir } from "./harness/prometheus";

/**
 * The node-exporter recording rules that the USE Method boards read: each records the value its
 * case expects, on the rendered rule file, in one promtool run for all of them.
 */
const GROUP_FILE = `defaults-${nodeRecordsGroup().name}.yml`;

describe("node-exporter recording rules (promtool test rules)", () => {
    it("every node recording rule has a case, and no case is stale", () => {
        assert.deepStrictEqual(Object.keys(NODE_RECORD_CASES).sort(), nodeRecordingRules().map((r) => r.record).sort());
    });

    it("each records the value its case expects", () => {
        const dir = tempDir("node-recording-rules");
        const files = stackRuleFiles(everyAlertSettings());
        assert.ok(files[GROUP_FILE] !== undefined, `the stack renders ${GROUP_FILE}`);
        fs.writeFileSync(path.join(dir, GROUP_FILE), files[GROUP_FILE]);
        const tests = Object.entries(NODE_RECORD_CASES).flatMap(([record, cases]) =>
            cases.map((c) => ({
                interval: "1m",
                input_series: c.series,
                promql_expr_test: [{ expr: record, eval_time: c.at, exp_samples: c.expect.map((e) => ({ labels: `${record}{${Object.entries(e.labels).map(([k, v]) => `${k}="${v}"`).join(",")}}`, value: e.value })) }],
            })),
        );
        const testFile = path.join(dir, "test-node-records.yml");
        fs.writeFileSync(testFile, stringify({ rule_files: [GROUP_FILE], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
        promtool("test", "rules", testFile);
    });
});
