import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { AlertingRule, isAlertingRule } from "../components/common/rules/types";
import { defaultRuleGroups, stackRuleFiles } from "../stack/rule-groups";
import { ALERT_CASES, casesOf } from "./harness/alert-cases";
import { promtool, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * The remote-write alerts on the release lines after 2.11, whose queue metrics were renamed
 * (prometheus-releases/release-lines.ts, remoteStorage): the same boundaries as the 2.11
 * cases in tests/harness/alert-cases-day-one.ts, in the names and labels of v2.53.0 to v3.14.0
 * storage/remote/queue_manager.go. tests/alert-rules.real.test.ts runs the 2.11 cases.
 */
const P = "prometheus_remote_storage_";
const self = { job: "monitor", namespace: "monitoring", pod: "monitor-0" };
// remote_name is a hash of the target's config when it has no name, as ours never do.
const queueLabels = { ...self, remote_name: "4a1c2e", url: "https://metrics.example.com/api/v1/write" };
const text = (labels: Record<string, string>) => Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(",");
const queue = text(queueLabels);
const s = (series: string, values: string) => ({ series, values });

/** The 2.53+ shape of each case: name, series, time, whether the alert fires with queueLabels, and the alert's labels beyond them. */
interface LineCase {
    name: string;
    series: { series: string; values: string }[];
    at: string;
    fires: boolean;
    labels?: Record<string, string>;
}

/**
 * `<kind>_total` counts every attempt, failed ones included (v2.53.0 to v3.14.0
 * storage/remote/queue_manager.go), for samples, native histograms and exemplars alike:
 * 2 failed of 198 sent is 1.01 %, of 202 is 0.99 %.
 */
const sent = (kind: string, failed: number, total: number) => [s(`${P}${kind}_failed_total{${queue}}`, `0+${failed}x30`), s(`${P}${kind}_total{${queue}}`, `0+${total}x30`)];
const samples = (total: number) => sent("samples", 2, total);
/** Samples that all arrive, beside the kind under test. */
const healthySamples = sent("samples", 0, 10000);

const behind = (lag: number) => [s(`${P}highest_timestamp_in_seconds{${text(self)}}`, "100000+60x30"), s(`${P}queue_highest_sent_timestamp_seconds{${queue}}`, `${100000 - lag}+60x30`)];
const shards = (desired: number) => [s(`${P}shards_desired{${queue}}`, `${desired}+0x30`), s(`${P}shards_max{${queue}}`, "50+0x30")];

const CASES: Record<string, LineCase[]> = {
    PrometheusRemoteStorageFailures: [
        { name: "fires: 1.01 % failed from the first rate (1m), for 15m", series: samples(198), at: "16m", fires: true, labels: { kind: "samples" } },
        { name: "silent: 0.99 % failed", series: samples(202), at: "16m", fires: false },
        { name: "early", series: samples(198), at: "15m", fires: false },
        { name: "histograms: 1.01 % failed, samples all sent", series: [...healthySamples, ...sent("histograms", 2, 198)], at: "16m", fires: true, labels: { kind: "histograms" } },
        { name: "histograms: 0.99 % failed", series: [...healthySamples, ...sent("histograms", 2, 202)], at: "16m", fires: false },
        { name: "exemplars: 1.01 % failed, samples all sent", series: [...healthySamples, ...sent("exemplars", 2, 198)], at: "16m", fires: true, labels: { kind: "exemplars" } },
        { name: "exemplars: 0.99 % failed", series: [...healthySamples, ...sent("exemplars", 2, 202)], at: "16m", fires: false },
        // 5 histograms a minute, all lost, beside 10000 samples: 0.05 % of everything sent, and every histogram.
        { name: "a few histograms, every one failing", series: [...healthySamples, ...sent("histograms", 5, 5)], at: "16m", fires: true, labels: { kind: "histograms" } },
        { name: "no histograms or exemplars sent (0 / 0) beside healthy samples", series: [...healthySamples, ...sent("histograms", 0, 0), ...sent("exemplars", 0, 0)], at: "16m", fires: false },
    ],
    PrometheusRemoteWriteBehind: [
        { name: "fires: 121 s behind from 0m, for 15m", series: behind(121), at: "15m", fires: true },
        { name: "silent: 119 s behind", series: behind(119), at: "15m", fires: false },
        { name: "early", series: behind(121), at: "14m", fires: false },
    ],
    PrometheusRemoteWriteDesiredShards: [
        { name: "fires: 51 desired, 50 max, from 0m, for 15m", series: shards(51), at: "15m", fires: true },
        { name: "silent: 50 desired, 50 max", series: shards(50), at: "15m", fires: false },
        { name: "early", series: shards(51), at: "14m", fires: false },
    ],
};

describe("remote-write alerts on the 2.53 and 3.x lines (promtool test rules)", () => {
    for (const image of ["quay.io/prometheus/prometheus:v2.53.5", "quay.io/prometheus/prometheus:v3.5.0"]) {
        it(`${image.split(":")[1]}: every alert fires and stays silent at its boundary`, () => {
            const settings = settingsWith({ metrics: { image, remoteWrite: [{ url: queueLabels.url }] } });
            const file = "defaults-prometheus-remote-write.yml";
            const rules = stackRuleFiles(settings)[file];
            const alerts = defaultRuleGroups(settings).flatMap((g) => g.rules.filter(isAlertingRule));
            const dir = tempDir("remote-write-rules");
            fs.writeFileSync(path.join(dir, file), rules);
            const names = Object.keys(CASES);
            // The same alerts as on 2.11, each with 2.11 cases too.
            assert.deepStrictEqual(names.filter((n) => casesOf(ALERT_CASES[n]).length < 3), []);
            const tests = names.flatMap((alertname) =>
                CASES[alertname].map((c) => ({
                    name: `${alertname} ${c.name}`,
                    interval: "1m",
                    input_series: c.series,
                    alert_rule_test: [{ eval_time: c.at, alertname, exp_alerts: c.fires ? [expected(alerts.find((a) => a.alert === alertname)!, c.labels)] : [] }],
                })),
            );
            const testFile = path.join(dir, "test.yml");
            fs.writeFileSync(testFile, stringify({ rule_files: [file], evaluation_interval: "1m", tests }, { lineWidth: 0 }));
            promtool("test", "rules", testFile);
        });
    }
});

/** The alert with queueLabels: its labels, and its annotation templates filled as Prometheus fills {{ $labels.x }}. */
function expected(rule: AlertingRule, extra: Record<string, string> = {}) {
    const labels: Record<string, string> = { ...queueLabels, ...extra, ...rule.labels };
    const fill = (template: string) => template.replace(/\{\{ \$labels\.([a-zA-Z_]+) \}\}/g, (_, name: string) => labels[name]);
    return { exp_labels: labels, exp_annotations: Object.fromEntries(Object.entries(rule.annotations).map(([k, v]) => [k, fill(v)])) };
}
