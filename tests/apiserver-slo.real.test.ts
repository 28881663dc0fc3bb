import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { APISERVER_SERIES_RULES, dropSeries } from "../components/apiserver/families";
import { apiserverSloGroup, apiserverSloLongGroup, BURN_RATE_WINDOWS, burnRateRecord } from "../components/apiserver/slo-rules";
import { analyzePromql } from "../prometheus-releases/promql";
import { promtool, tempDir } from "./harness/prometheus";
import { defaultRuleGroups } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";

/**
 * The API server's burn-rate recording rules on Debian's promtool, from a known mix of requests:
 * each window's burn rate is the share of requests that were slow or failed. The same input with
 * 3.x's float bounds (`le="1.0"`) must give the same burn rates.
 */
const JOB = 'job="apiserver"';

/** Per minute: reads of one object (100, 5 slow), of a namespace (50, 10 slow), of the cluster (50, none slow), 10 GETs failed; writes 64, 4 slow, 8 failed. */
function requests(bound: (le: string) => string) {
    const s = (series: string, perMinute: number) => ({ series, values: `0+${perMinute}x90` });
    return [
        s(`apiserver_request_total{${JOB},verb="GET",scope="resource",code="200"}`, 90),
        s(`apiserver_request_total{${JOB},verb="GET",scope="resource",code="500"}`, 10),
        s(`apiserver_request_duration_seconds_count{${JOB},verb="GET",scope="resource"}`, 100),
        s(`apiserver_request_duration_seconds_bucket{${JOB},verb="GET",scope="resource",le="${bound("1")}"}`, 95),
        s(`apiserver_request_total{${JOB},verb="LIST",scope="namespace",code="200"}`, 50),
        s(`apiserver_request_duration_seconds_count{${JOB},verb="LIST",scope="namespace"}`, 50),
        s(`apiserver_request_duration_seconds_bucket{${JOB},verb="LIST",scope="namespace",le="${bound("5")}"}`, 40),
        // A LIST of the namespace answered within 1 s is also under 5 s: its bucket at 1 must not count twice.
        s(`apiserver_request_duration_seconds_bucket{${JOB},verb="LIST",scope="namespace",le="${bound("1")}"}`, 30),
        s(`apiserver_request_total{${JOB},verb="LIST",scope="cluster",code="200"}`, 50),
        s(`apiserver_request_duration_seconds_count{${JOB},verb="LIST",scope="cluster"}`, 50),
        s(`apiserver_request_duration_seconds_bucket{${JOB},verb="LIST",scope="cluster",le="${bound("30")}"}`, 50),
        s(`apiserver_request_total{${JOB},verb="POST",scope="resource",code="201"}`, 56),
        s(`apiserver_request_total{${JOB},verb="POST",scope="resource",code="503"}`, 8),
        s(`apiserver_request_duration_seconds_count{${JOB},verb="POST",scope="resource"}`, 64),
        s(`apiserver_request_duration_seconds_bucket{${JOB},verb="POST",scope="resource",le="${bound("1")}"}`, 60),
        // Watches last as long as their clients; they are neither reads nor writes here.
        s(`apiserver_request_total{${JOB},verb="WATCH",scope="cluster",code="200"}`, 1000),
        s(`apiserver_request_duration_seconds_count{${JOB},verb="WATCH",scope="cluster"}`, 1000),
    ];
}

const READ_BURN = (15 + 10) / 200;
const WRITE_BURN = (4 + 8) / 64;

function runCase(name: string, bound: (le: string) => string): string {
    const dir = tempDir(`slo-${name}`);
    const rules = path.join(dir, "slo.yml");
    fs.writeFileSync(rules, stringify({ groups: [apiserverSloLongGroup(), apiserverSloGroup()] }, { lineWidth: 0 }));
    // Windows longer than the input still see a constant mix, so every window gives the same share.
    const tests = [
        {
            interval: "1m",
            input_series: requests(bound),
            promql_expr_test: BURN_RATE_WINDOWS.map((w) => ({
                // Rounded: promtool compares floats exactly, and rates of rates differ in the last bits.
                expr: `round(${burnRateRecord(w)}, 0.000001)`,
                eval_time: "60m",
                exp_samples: [
                    { labels: '{verb="read"}', value: READ_BURN },
                    { labels: '{verb="write"}', value: WRITE_BURN },
                ],
            })),
        },
    ];
    const file = path.join(dir, "test.yml");
    fs.writeFileSync(file, stringify({ rule_files: ["slo.yml"], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
    return file;
}

describe("the API server's burn-rate recording rules", () => {
    it("are the default rules' burn rates, each window read and write: the cases below cover every one", () => {
        const shipped = defaultRuleGroups(everyAlertSettings()).flatMap((g) => g.rules.flatMap((r) => ("record" in r && r.record.startsWith("apiserver_request:burnrate") ? [`${r.record} ${r.labels?.verb}`] : [])));
        assert.deepStrictEqual(shipped.sort(), BURN_RATE_WINDOWS.flatMap((w) => [`${burnRateRecord(w)} read`, `${burnRateRecord(w)} write`]).sort());
    });

    it("pass promtool check rules, and every expression is v2.11.1 PromQL", () => {
        const dir = tempDir("slo-check");
        const file = path.join(dir, "slo.yml");
        fs.writeFileSync(file, stringify({ groups: [apiserverSloLongGroup(), apiserverSloGroup()] }, { lineWidth: 0 }));
        promtool("check", "rules", file);
        for (const r of [apiserverSloLongGroup(), apiserverSloGroup()].flatMap((g) => g.rules)) assert.deepStrictEqual(analyzePromql(r.expr).problems, [], r.expr);
    });

    it("record the share of slow or failed reads and writes in every window, from known requests (2.x bounds: le=\"1\")", () => {
        promtool("test", "rules", runCase("2x", (le) => le));
    });

    it("record the same shares from 3.x's float bounds (le=\"1.0\")", () => {
        promtool("test", "rules", runCase("3x", (le) => `${le}.0`));
    });

    it("a wrong expected share fails, so the cases can fail", () => {
        const file = runCase("wrong", (le) => le);
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/value: 0\.125\b/, "value: 0.12"));
        assert.throws(() => promtool("test", "rules", file), /burnrate/);
    });
});

describe("the API server's bucket thinning on 3.x", () => {
    const le = APISERVER_SERIES_RULES.find((r) => r.label === "le")!;
    const regex = new RegExp(`^(?:${dropSeries(le).regex})$`);
    it("drops each thinned bound in both forms: le=\"3\" as 2.x writes it, le=\"3.0\" as 3.x does", () => {
        for (const v of le.values) {
            assert.ok(regex.test(`${le.family};${v}`), v);
            if (/^[0-9]+$/.test(v)) assert.ok(regex.test(`${le.family};${v}.0`), `${v}.0`);
        }
    });
    it("keeps the bounds the burn rates read, 1, 5 and 30, in both forms", () => {
        for (const v of ["1", "1.0", "5", "5.0", "30", "30.0", "+Inf", "0.05"]) assert.ok(!regex.test(`${le.family};${v}`), v);
    });
});
