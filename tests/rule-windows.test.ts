import * as assert from "assert";
import { windowsLongerThan } from "../components/common/rules/windows";
import { RuleGroup } from "../components/common/rules/types";
import { productionChecklist } from "../stack/production-checklist";
import { settingsWithGrafana } from "./harness/stack-config";
import { everyAlertSettings } from "./harness/alert-cases";

/**
 * Issue #42: a rule reading a range longer than metrics.retention covers only what is held; the
 * production checklist names each one beside the stack's retention.
 */
const group = (expr: string): RuleGroup => ({ name: "g", rules: [{ record: "r:x:increase30d", expr }] });

describe("rules whose range exceeds the retention (components/common/rules/windows.ts)", () => {
    it("a range just longer than the retention is named, one as long or shorter is not", () => {
        assert.deepStrictEqual(windowsLongerThan([group("avg_over_time(x[30d])")], "29d"), [{ name: "r:x:increase30d", window: "30d" }]);
        assert.deepStrictEqual(windowsLongerThan([group("avg_over_time(x[30d])")], "30d"), []);
        assert.deepStrictEqual(windowsLongerThan([group("avg_over_time(x[30d])")], "90d"), []);
    });

    it("reads subquery ranges and compound durations, and keeps each name's longest range", () => {
        assert.deepStrictEqual(windowsLongerThan([group("max_over_time(rate(x[5m])[2d:1m]) + avg_over_time(x[1d12h])")], "1d"), [{ name: "r:x:increase30d", window: "2d" }]);
    });

    it("a record reading a long-window record inherits its window; a longer name sharing the prefix does not", () => {
        const groups: RuleGroup[] = [
            { name: "g", rules: [{ record: "a:x:increase30d", expr: "avg_over_time(a:x:increase1h[30d])" }, { record: "a:ratio", expr: "1 - a:x:increase30d / 2" }, { record: "b", expr: "a:x:increase30d_other + 1" }] },
        ];
        assert.deepStrictEqual(windowsLongerThan(groups, "20d").map((l) => l.name), ["a:ratio", "a:x:increase30d"]);
    });

    it("the checklist of a stack on the default 20 days names the 30-day availability; on 90 days it names none", () => {
        const short = productionChecklist({ stack: "x", settings: everyAlertSettings(), objects: [], images: [], secretKeys: [], generated: [] });
        assert.match(short, /Rules reading further back than the retention \(metrics\.retention 20d\):\n( {4}WARNING .*\n)*? {4}WARNING apiserver_request:availability30d reads \[30d\]/);
        const s = everyAlertSettings();
        const long = productionChecklist({ stack: "x", settings: { ...s, metrics: { ...s.metrics, retention: "90d" } }, objects: [], images: [], secretKeys: [], generated: [] });
        assert.match(long, /Rules reading further back than the retention \(metrics\.retention 90d\):\n {4}none\n/);
    });

    it("with the default rules off, there is nothing to name", () => {
        const s = settingsWithGrafana({ alertRules: { defaults: false } });
        assert.match(productionChecklist({ stack: "x", settings: s, objects: [], images: [], secretKeys: [], generated: [] }), /retention \(metrics\.retention 20d\):\n {4}none\n/);
    });
});
