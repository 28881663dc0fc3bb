import * as assert from "assert";
import { ConfigError } from "../config";
import { PROMETHEUS_READ_DURATIONS } from "../config/prometheus-durations";
import { configErrorOf, settingsWith } from "./harness/stack-config";

/**
 * Issue #41, class 10: durations follow the release line, and the did-you-mean hint stands on the
 * line of the key it is about.
 */

const V2_11 = "quay.io/prometheus/prometheus:v2.11.1";
const V3_5 = "quay.io/prometheus/prometheus:v3.5.0";
const C = "cluster-monitoring";
type Overrides = Record<string, Record<string, unknown>>;

/** Each field Prometheus reads as a duration, set to `d`: [the key it is reported at, the overrides]. */
function everyDurationField(d: string): [string, Overrides][] {
    const service = { name: "jmx", namespace: "kube-system", selector: { app: "kafka" }, port: "jmx" };
    const sd = { job_name: "sd", http_sd_configs: [{ url: "https://sd.example.com/targets", refresh_interval: d }], reaches: ["10.30.0.7:9100"] };
    return [
        [`${C}:metrics.retention`, { metrics: { retention: d } }],
        [`${C}:metrics.scrapeInterval`, { metrics: { scrapeInterval: d } }],
        [`${C}:metrics.evaluationInterval`, { metrics: { evaluationInterval: d } }],
        [`${C}:metrics.services[0].interval`, { metrics: { services: [{ ...service, interval: d }] } }],
        [`${C}:metrics.remoteWrite[0].remoteTimeout`, { metrics: { remoteWrite: [{ url: "https://m.example.com/w", remoteTimeout: d }] } }],
        [`${C}:metrics.remoteWrite[0].queue.batchSendDeadline`, { metrics: { remoteWrite: [{ url: "https://m.example.com/w", queue: { batchSendDeadline: d } }] } }],
        [`${C}:metrics.remoteWrite[0].queue.minBackoff`, { metrics: { remoteWrite: [{ url: "https://m.example.com/w", queue: { minBackoff: d, maxBackoff: "2h" } }] } }],
        [`${C}:metrics.remoteWrite[0].queue.maxBackoff`, { metrics: { remoteWrite: [{ url: "https://m.example.com/w", queue: { maxBackoff: d } }] } }],
        [`${C}:metrics.extraScrapeConfigs[0].scrape_interval`, { metrics: { extraScrapeConfigs: [{ job_name: "x", static_configs: [{ targets: ["10.0.0.5:9100"] }], scrape_interval: d }] } }],
        [`${C}:metrics.extraScrapeConfigs[0].scrape_timeout`, { metrics: { extraScrapeConfigs: [{ job_name: "x", static_configs: [{ targets: ["10.0.0.5:9100"] }], scrape_timeout: d, scrape_interval: "2h" }] } }],
        [`${C}:metrics.extraScrapeConfigs[0].http_sd_configs[0].refresh_interval`, { metrics: { extraScrapeConfigs: [sd] } }],
        [`${C}:blackboxExporter.probes[0].interval`, { blackboxExporter: { enabled: true, probes: [{ name: "web", target: "https://shop.example.com/", interval: d }] } }],
        [`${C}:alertRules.groups[0].interval`, { alertRules: { groups: [{ name: "team", interval: d, rules: [{ record: "job:up:sum", expr: "sum by (job) (up)" }] }] } }],
        [`${C}:alertRules.groups[0].rules[0].for`, { alertRules: { groups: [{ name: "team", rules: [{ alert: "AppDown", expr: "up == 0", for: d, labels: { severity: "warning" }, annotations: { summary: "s", description: "d" } }] }] } }],
        [`${C}:alertRules.overrides.CPUThrottlingHigh.for`, { alertRules: { overrides: { CPUThrottlingHigh: { for: d } } } }],
        [`${C}:resourceMetrics.window`, { resourceMetrics: { enabled: true, window: d } }],
    ];
}

function withImage(o: Overrides, image: string): Overrides {
    return { ...o, metrics: { ...(o.metrics ?? {}), image } };
}

describe("issue #41 class 10: what follows the release line, and where a hint stands", () => {
    describe("a compound duration (1h30m) where Prometheus reads it", () => {
        it("covers every field of the table", () => {
            const listed = Object.entries(PROMETHEUS_READ_DURATIONS).flatMap(([key, paths]) => paths.map((p) => `${key}.${p.join(".")}`));
            assert.strictEqual(everyDurationField("1h").length, listed.length);
        });

        for (const [key, overrides] of everyDurationField("1h30m")) {
            it(`${key}: refused on 2.11, naming the key, the value and what was expected; accepted on 3.5`, () => {
                const e = configErrorOf(withImage(overrides, V2_11));
                const p = e.problems.find((x) => x.key === key);
                assert.ok(p, `no problem at ${key}:\n${e.message}`);
                assert.strictEqual(p.got, "1h30m");
                assert.match(p.expected, /a duration of one number and one unit, such as 90s: Prometheus 2\.11 parses no compound duration \(they came in 2\.23\)/);
                assert.doesNotThrow(() => settingsWith(withImage(overrides, V3_5)), (err: unknown) => (err instanceof ConfigError ? err.message : String(err)));
            });
        }

        it("a duration Alertmanager reads takes the compound form whatever Prometheus' line", () => {
            assert.doesNotThrow(() => settingsWith({ alertmanager: { route: { groupWait: "1m30s", repeatInterval: "3h30m" } } }));
        });

        it("the comparisons read compound durations: a 3.5 adapter window of 2m30s is below four scrapes of 1m", () => {
            const e = configErrorOf(withImage({ metrics: { scrapeInterval: "1m" }, resourceMetrics: { enabled: true, window: "2m30s" } }, V3_5));
            assert.match(e.problems.find((p) => p.key === `${C}:resourceMetrics.window`)!.expected, /at least 240s/);
        });
    });

    it("the did-you-mean hint stands on the line of the key it is about, not on its neighbour's", () => {
        const e = configErrorOf({ metrics: { retension: "7d", scrapeIntervall: "30s" } });
        const retension = e.problems.find((p) => p.key === `${C}:metrics.retension`)!;
        const interval = e.problems.find((p) => p.key === `${C}:metrics.scrapeIntervall`)!;
        assert.match(retension.expected, /\(did you mean retention\?\)$/);
        assert.doesNotMatch(retension.expected, /scrapeInterval\?/);
        assert.match(interval.expected, /\(did you mean scrapeInterval\?\)$/);
        assert.doesNotMatch(interval.expected, /retention\?/);
        // The same for grafana.ini's sections, read by their own schema.
        const ini = configErrorOf({ grafana: { enabled: true, ini: { unified_alerting: { evaluation_timout: "30s", max_atempts: 3 } } } }, { grafanaAdminPassword: "pw-7f3a" });
        const timeout = ini.problems.find((p) => p.key === `${C}:grafana.ini.unified_alerting.evaluation_timout`)!;
        assert.match(timeout.expected, /did you mean evaluation_timeout\?\)$/, ini.message);
        assert.doesNotMatch(timeout.expected, /max_attempts/);
    });
});
