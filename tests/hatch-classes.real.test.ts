import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { amtool } from "./harness/alertmanager";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { Config, hatchCase, problemsOf, settingsOf } from "./harness/hatch-cases";
import { promtool, sandboxConfig, tempDir } from "./harness/prometheus";

/**
 * Issue #41, class 1, beside the real binaries on this machine: Debian's promtool 2.42 and amtool
 * 0.25. Only cases whose rule is the same at the binary's version and at the pinned one (read from
 * the tags, named in `same`) are run here; each case's valid neighbour is rendered by the program
 * and accepted by the binary, and the refused value, put into that rendered file by hand (the
 * program refuses to render it), is refused by the binary as by the program.
 */

interface BinaryCase {
    cls: string;
    what: string;
    /** Where the rule is the same, from the source at the tags. */
    same: string;
    /** The rendered file's item to change into the refused value. */
    breakIt: (config: any) => void;
    /** What the binary says. */
    says: RegExp;
}

const job = (config: any) => config.scrape_configs.find((j: any) => j.job_name === "app");
const PROMETHEUS: BinaryCase[] = [
    { cls: "1", what: "scrape_timeout longer than the global interval", same: "v2.11.1, v2.42.0, v2.53.0, v3.5.0 config/config.go", breakIt: (c) => (job(c).scrape_timeout = "20s"), says: /scrape timeout greater than scrape interval/ },
    { cls: "1", what: "scrape_timeout longer than the job's interval", same: "v2.11.1, v2.42.0, v2.53.0, v3.5.0 config/config.go", breakIt: (c) => Object.assign(job(c), { scrape_interval: "5s", scrape_timeout: "10s" }), says: /scrape timeout greater than scrape interval/ },
    { cls: "1", what: "labeldrop with source_labels", same: "v2.11.1 pkg/relabel, v2.42.0, v2.53.0, v3.5.0 model/relabel", breakIt: (c) => (job(c).relabel_configs[0].source_labels = ["a"]), says: /labeldrop action requires only 'regex'/ },
    // 3.x takes UTF-8 label names here; the program keeps the 2.x rule on every line (config/relabel-actions.ts).
    { cls: "1", what: "replace's target_label not a label name", same: "v2.11.1, v2.42.0, v2.53.0 (relabelTarget); not v3.x", breakIt: (c) => (job(c).relabel_configs[0].target_label = "1bad"), says: /is invalid 'target_label' for replace action/ },
    { cls: "1", what: "hashmod's target_label with a reference", same: "v2.11.1, v2.42.0, v2.53.0; not v3.x", breakIt: (c) => (job(c).relabel_configs[0].target_label = "${1}"), says: /is invalid 'target_label' for hashmod action/ },
    { cls: "1", what: "labelmap's replacement not a label name", same: "v2.11.1, v2.42.0, v2.53.0 (relabelTarget); not v3.x", breakIt: (c) => (job(c).relabel_configs[0].replacement = "a-b"), says: /is invalid 'replacement' for labelmap action/ },
];

const route = (c: any) => c.route.routes.find((r: any) => r.receiver === "db");
const interval = (c: any) => c.time_intervals.find((t: any) => t.name === "night").time_intervals[0];
const db = (c: any) => c.receivers.find((r: any) => r.name === "db");
const ALERTMANAGER: BinaryCase[] = [
    { cls: "1", what: "group_by's ... beside a label", same: "v0.25.0, v0.34.0 config/config.go", breakIt: (c) => (route(c).group_by = ["...", "alertname"]), says: /wildcard group_by/ },
    { cls: "1", what: "a label twice in group_by", same: "v0.25.0, v0.34.0 config/config.go", breakIt: (c) => (route(c).group_by = ["alertname", "alertname"]), says: /duplicated label "alertname" in group_by/ },
    { cls: "1", what: "a time range that ends before it starts", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).times = [{ start_time: "22:00", end_time: "06:00" }]), says: /start time cannot be equal or greater than end time/ },
    { cls: "1", what: "a weekday range backwards", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).weekdays = ["friday:monday"]), says: /start day cannot be before end day/ },
    { cls: "1", what: "a weekday that does not exist", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).weekdays = ["funday"]), says: /funday is not a valid weekday/ },
    { cls: "1", what: "a day range from the month's end to its start", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).days_of_month = ["-3:5"]), says: /end day must be negative if start day is negative/ },
    { cls: "1", what: "day 0", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).days_of_month = ["0"]), says: /0 is not a valid day of the month/ },
    { cls: "1", what: "a month range backwards", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).months = ["march:january"]), says: /end month january is before start month march/ },
    { cls: "1", what: "a year range backwards", same: "v0.25.0, v0.34.0 timeinterval", breakIt: (c) => (interval(c).years = ["2027:2026"]), says: /end year 2026 is before start year 2027/ },
    { cls: "1", what: "a time zone that does not exist", same: "v0.25.0, v0.34.0 timeinterval (time.LoadLocation)", breakIt: (c) => (interval(c).location = "Mars/Olympus"), says: /unknown time zone Mars\/Olympus/ },
    { cls: "1", what: "telegram's parse_mode in the wrong case", same: "v0.25.0 config/notifiers.go, v0.34.0 notify/telegram", breakIt: (c) => (db(c).telegram_configs[0].parse_mode = "html"), says: /unknown parse_mode on telegram_config/ },
    { cls: "1", what: "sns without a topic, target or phone number", same: "v0.25.0, v0.34.0 config/notifiers.go", breakIt: (c) => delete db(c).sns_configs[0].topic_arn, says: /must provide either a Target ARN, Topic ARN, or Phone Number/ },
    { cls: "1", what: "webex without its token", same: "v0.25.0, v0.34.0 config/notifiers.go", breakIt: (c) => delete db(c).webex_configs[0].http_config, says: /missing webex_configs.http_config.authorization/ },
    { cls: "1", what: "an authorization of type Basic", same: "prometheus/common v0.38.0 (0.25) and v0.70.1 (0.34) config/http_config.go", breakIt: (c) => (db(c).webhook_configs[0].http_config.authorization.type = "Basic"), says: /authorization type cannot be set to "basic"/ },
    { cls: "1", what: "basic_auth and authorization together", same: "prometheus/common v0.38.0 and v0.70.1", breakIt: (c) => (db(c).webhook_configs[0].http_config.authorization = { credentials: "x" }), says: /at most one of basic_auth, oauth2 & authorization must be configured/ },
];

/** Whether the binary run throws, and its output. */
function verdict(run: () => string): { ok: boolean; out: string } {
    try {
        return { ok: true, out: run() };
    } catch (e) {
        return { ok: false, out: String(e) };
    }
}

function program(c: { cls: string; what: string }): { refused: boolean; neighbour: (config: Config) => void } {
    const k = hatchCase(c.cls, c.what);
    return { refused: problemsOf(k.bad).some((p) => p.key === k.key), neighbour: k.neighbour };
}

describe("issue #41, class 1: the program's verdict beside promtool 2.42's", function () {
    for (const c of PROMETHEUS) {
        it(`${c.what} (same rule: ${c.same})`, () => {
            const { refused, neighbour } = program(c);
            assert.ok(refused, "the program refuses the case");
            const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsOf(neighbour).settings, { withRules: false });
            const good = sandboxConfig(prometheusYml, ruleFiles);
            assert.ok(verdict(() => promtool("check", "config", good.configFile)).ok, "promtool accepts the neighbour the program renders");
            const bad = sandboxConfig(prometheusYml, ruleFiles, c.breakIt);
            const v = verdict(() => promtool("check", "config", bad.configFile));
            assert.ok(!v.ok, "promtool refuses the case");
            assert.match(v.out, c.says);
        });
    }
});

describe("issue #41, class 1: the program's verdict beside amtool 0.25's", function () {
    for (const c of ALERTMANAGER) {
        it(`${c.what} (same rule: ${c.same})`, () => {
            const { refused, neighbour } = program(c);
            assert.ok(refused, "the program refuses the case");
            const { settings, secrets } = settingsOf(neighbour);
            const text = renderAlertmanagerConfig(alertmanagerConfig(settings.alertmanager, {}, secrets));
            const write = (t: string) => {
                const file = path.join(tempDir("amtool-class1"), "alertmanager.yml");
                fs.writeFileSync(file, t);
                return file;
            };
            assert.ok(verdict(() => amtool("check-config", write(text))).ok, "amtool accepts the neighbour the program renders");
            const config = parse(text);
            c.breakIt(config);
            const v = verdict(() => amtool("check-config", write(stringify(config))));
            assert.ok(!v.ok, "amtool refuses the case");
            assert.match(v.out, c.says);
        });
    }
});
