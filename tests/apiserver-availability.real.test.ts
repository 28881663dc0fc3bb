import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { apiserverAvailabilityGroup, AVAILABILITY_RECORDS } from "../components/apiserver/availability-rules";
import { APISERVER_SERIES_RULES, dropSeries } from "../components/apiserver/families";
import { analyzePromql, PROMQL_DIALECTS } from "../prometheus-releases/promql";
import { promtool, tempDir } from "./harness/prometheus";
import { defaultRuleGroups } from "../stack/rule-groups";
import { everyAlertSettings } from "./harness/alert-cases";

/**
 * The API server's 30-day availability chain (kubernetes-mixin's names) on Debian's promtool,
 * from a known mix of requests as the API server writes them, in 2.x's bounds (le="1") and 3.x's
 * (le="1.0"). Two spans: 730 hours, more than the 30-day window, where the 30-day increase is the
 * requests of those 30 days; and 2 hours, a Prometheus whose retention or age is shorter than the
 * window, where the 30-day figure is the mean hour held scaled to 30 days.
 */
const API = 'job="apiserver",instance="10.0.0.1:6443",namespace="default",service="kubernetes",component="apiserver",group="",version="v1",dry_run="",subresource=""';

/**
 * Per minute: GETs of one object 100 (5 slower than 1 s, 10 answered 500), LISTs of a namespace 50
 * (10 slower than 5 s), LISTs of the cluster 50 (none slower than 30 s): 25 of 200 reads failed the
 * objective. POSTs 56 (4 slower than 1 s, 10 answered 503): 14 of 56 writes. All: 39 of 256.
 * A WATCH, which the objective leaves out, and a bucket at a bound no scope reads (0.05).
 */
function requests(bound: (le: string) => string, perStep: (perMinute: number) => number, steps: number) {
    const s = (name: string, labels: string, perMinute: number) => ({ series: `${name}{${API},${labels}}`, values: `0+${perStep(perMinute)}x${steps}` });
    const total = "apiserver_request_total";
    const count = "apiserver_request_duration_seconds_count";
    const bucket = "apiserver_request_duration_seconds_bucket";
    return [
        s(total, 'verb="GET",resource="pods",scope="resource",code="200"', 90),
        s(total, 'verb="GET",resource="pods",scope="resource",code="500"', 10),
        s(count, 'verb="GET",resource="pods",scope="resource"', 100),
        s(bucket, `verb="GET",resource="pods",scope="resource",le="${bound("1")}"`, 95),
        s(bucket, 'verb="GET",resource="pods",scope="resource",le="0.05"', 20),
        s(total, 'verb="LIST",resource="pods",scope="namespace",code="200"', 50),
        s(count, 'verb="LIST",resource="pods",scope="namespace"', 50),
        // A namespace LIST within 1 s is also within 5 s: its bucket at 1 must not count twice.
        s(bucket, `verb="LIST",resource="pods",scope="namespace",le="${bound("1")}"`, 30),
        s(bucket, `verb="LIST",resource="pods",scope="namespace",le="${bound("5")}"`, 40),
        s(total, 'verb="LIST",resource="nodes",scope="cluster",code="200"', 50),
        s(count, 'verb="LIST",resource="nodes",scope="cluster"', 50),
        s(bucket, `verb="LIST",resource="nodes",scope="cluster",le="${bound("30")}"`, 50),
        s(total, 'verb="POST",resource="events",scope="namespace",code="201"', 46),
        s(total, 'verb="POST",resource="events",scope="namespace",code="503"', 10),
        s(count, 'verb="POST",resource="events",scope="namespace"', 56),
        s(bucket, `verb="POST",resource="events",scope="namespace",le="${bound("1")}"`, 52),
        s(total, 'verb="WATCH",resource="pods",scope="cluster",code="200"', 1000),
        s(count, 'verb="WATCH",resource="pods",scope="cluster"', 1000),
    ];
}

/** Rounded to 1/1024, a power of two each expected value is a multiple of: the rules' subtractions differ from these in the last bits. */
const AVAILABILITY = [
    { labels: '{verb="all"}', value: 1 - 39 / 256 },
    { labels: '{verb="read"}', value: 1 - 25 / 200 },
    { labels: '{verb="write"}', value: 1 - 14 / 56 },
];

/**
 * 730 hours at one sample an hour: every hourly increase after the first hour is 60 minutes of
 * requests, so each 30-day increase is 43 200 minutes of them.
 */
function fullMonth(bound: (le: string) => string) {
    const r = AVAILABILITY_RECORDS;
    const minutes = 30 * 24 * 60;
    return {
        evaluation_interval: "1h",
        tests: [
            {
                interval: "1h",
                input_series: requests(bound, (m) => m * 60, 730),
                promql_expr_test: [
                    { expr: `round(${r.availability}, 1 / 1024)`, eval_time: "730h", exp_samples: AVAILABILITY.map((a) => ({ labels: a.labels, value: a.value })) },
                    { expr: `round(${r.requestsMonth}{verb="GET",code="500"})`, eval_time: "730h", exp_samples: [{ labels: `{verb="GET",code="500"}`, value: 10 * minutes }] },
                    { expr: `round(${r.requestsByClass})`, eval_time: "730h", exp_samples: [
                        { labels: `{verb="read",code="200"}`, value: 190 * minutes },
                        { labels: `{verb="read",code="500"}`, value: 10 * minutes },
                        { labels: `{verb="write",code="201"}`, value: 46 * minutes },
                        { labels: `{verb="write",code="503"}`, value: 10 * minutes },
                    ] },
                    { expr: `round(${r.countMonth}{verb="LIST"})`, eval_time: "730h", exp_samples: [
                        { labels: `{verb="LIST",scope="cluster"}`, value: 50 * minutes },
                        { labels: `{verb="LIST",scope="namespace"}`, value: 50 * minutes },
                    ] },
                    // The bounds the objective reads, as the exporter wrote them; 0.05 is not recorded.
                    { expr: `round(${r.bucketsMonth}{verb="GET"})`, eval_time: "730h", exp_samples: [{ labels: `{verb="GET",scope="resource",le="${bound("1")}"}`, value: 95 * minutes }] },
                    { expr: `round(${r.requestsHour}{verb="POST",code="503"})`, eval_time: "730h", exp_samples: [{ labels: `{verb="POST",code="503"}`, value: 600 }] },
                    { expr: `round(${r.bucketsHour}{verb="POST"})`, eval_time: "730h", exp_samples: [{ labels: `{verb="POST",scope="namespace",le="${bound("1")}"}`, value: 52 * 60 }] },
                    { expr: `round(${r.countHour}{verb="POST"})`, eval_time: "730h", exp_samples: [{ labels: `{verb="POST",scope="namespace"}`, value: 56 * 60 }] },
                ],
            },
        ],
    };
}

/**
 * Two hours at one sample a minute: the hourly increases ramp up over the first hour (t requests
 * a minute's worth at minute t) and hold 60 after it, so their mean over the 120 evaluations is
 * (1 + ... + 60 + 60 x 60) / 120 = 45.25 minutes' worth, times 720 hours. The 30-day figure
 * extrapolates the two hours held; the availability is their share, the same as over 30 days.
 */
function youngServer(bound: (le: string) => string) {
    const r = AVAILABILITY_RECORDS;
    return {
        evaluation_interval: "1m",
        tests: [
            {
                interval: "1m",
                input_series: requests(bound, (m) => m, 120),
                promql_expr_test: [
                    { expr: `round(${r.availability}, 1 / 1024)`, eval_time: "120m", exp_samples: AVAILABILITY.map((a) => ({ labels: a.labels, value: a.value })) },
                    { expr: `round(${r.requestsMonth}{verb="GET",code="200"})`, eval_time: "120m", exp_samples: [{ labels: `{verb="GET",code="200"}`, value: 90 * 45.25 * 720 }] },
                ],
            },
        ],
    };
}

function writeCase(name: string, content: object): string {
    const dir = tempDir(`availability-${name}`);
    fs.writeFileSync(path.join(dir, "availability.yml"), stringify({ groups: [apiserverAvailabilityGroup()] }, { lineWidth: 0 }));
    const file = path.join(dir, "test.yml");
    fs.writeFileSync(file, stringify({ rule_files: ["availability.yml"], ...content }, { lineWidth: 0 }));
    return file;
}

const v2 = (le: string) => le;
const v3 = (le: string) => `${le}.0`;

describe("the API server's 30-day availability chain (promtool test rules)", () => {
    it("is shipped with the apiserver job, in a group of its own evaluated every 3 minutes", () => {
        const group = defaultRuleGroups(everyAlertSettings()).find((g) => g.name === apiserverAvailabilityGroup().name);
        assert.deepStrictEqual(group, apiserverAvailabilityGroup());
        assert.strictEqual(group?.interval, "3m");
    });

    it("passes promtool check rules, and every expression runs on 2.11, 2.53 and 3.x", () => {
        const file = writeCase("check", {});
        promtool("check", "rules", path.join(path.dirname(file), "availability.yml"));
        for (const r of apiserverAvailabilityGroup().rules) {
            for (const d of PROMQL_DIALECTS) assert.deepStrictEqual(analyzePromql(r.expr, d).problems, [], `${d.server}: ${r.expr}`);
        }
    });

    it("reads only bounds the apiserver job keeps (1, 5 and 30 in both forms)", () => {
        const le = APISERVER_SERIES_RULES.find((r) => r.label === "le")!;
        const dropped = new RegExp(`^(?:${dropSeries(le).regex})$`);
        for (const v of ["1", "1.0", "5", "5.0", "30", "30.0"]) assert.ok(!dropped.test(`${le.family};${v}`), v);
    });

    for (const [form, bound] of [["2.x bounds, le=\"1\"", v2], ["3.x bounds, le=\"1.0\"", v3]] as const) {
        it(`over 730 hours: each 30-day increase is 30 days of requests, and the availability their share (${form})`, () => {
            promtool("test", "rules", writeCase(`full-${bound("1")}`, fullMonth(bound)));
        });
        it(`over 2 hours, shorter than the window: the share of the hours held, the increase scaled up to 30 days (${form})`, () => {
            promtool("test", "rules", writeCase(`young-${bound("1")}`, youngServer(bound)));
        });
    }

    it("a wrong expected availability fails, so the cases can fail", () => {
        const file = writeCase("wrong", youngServer(v2));
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/value: 0\.875\b/, "value: 0.87"));
        assert.throws(() => promtool("test", "rules", file), /availability30d/);
    });
});
