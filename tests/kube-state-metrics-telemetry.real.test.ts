import { kubeStateMetricsTarget } from "../components/kube-state-metrics/target";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { matchesFamily } from "../components/common/scrape/family-rules";
import { isAlertingRule } from "../components/common/rules/types";
import { KUBE_STATE_METRICS_TELEMETRY_FAMILIES } from "../components/kube-state-metrics/families";
import { kubeStateMetricsGroup } from "../components/kube-state-metrics/alerts";
import { analyzePromql } from "../prometheus-releases/promql";
import { parseExposition } from "./harness/cadvisor-scrape";
import { JobScrape, kubeStateMetricsEndpointMeta, scrapeWithJob, serveMetrics } from "./harness/exporter-scrape";
import { settingsWith } from "./harness/stack-config";

/**
 * kube-state-metrics' telemetry port, as v2.20.0 registers it (tests/fixtures/kube-state-metrics-telemetry-metrics.txt),
 * through the kube-state-metrics-telemetry job on a real Prometheus: what its drop rule keeps is
 * what the table says, and it keeps what KubeStateMetricsListErrors and WatchErrors read.
 */
const FIXTURE = path.join(__dirname, "fixtures", "kube-state-metrics-telemetry-metrics.txt");
const JOB = "kube-state-metrics-telemetry";
const keptByTable = (name: string) => KUBE_STATE_METRICS_TELEMETRY_FAMILIES.find((r) => matchesFamily(r, name))?.keep ?? true;
const key = (s: { name: string; labels: Record<string, string> }) =>
    // Prometheus stores no empty label (branch="" of the build info).
    `${s.name}${JSON.stringify(Object.entries(s.labels).filter(([k, v]) => v !== "" && k !== "job" && k !== "instance").sort(([a], [b]) => a.localeCompare(b)))}`;

describe("kube-state-metrics telemetry (its v2.20.0 registry) through its job", function () {
    const text = fs.readFileSync(FIXTURE, "utf8");
    const fixture = parseExposition(text);
    let scrape: JobScrape | undefined;
    let close: (() => Promise<void>) | undefined;

    before(async () => {
        const served = await serveMetrics(text);
        close = served.close;
        const s = settingsWith();
        const t = kubeStateMetricsTarget(s.kubeStateMetrics)!;
        scrape = await scrapeWithJob(s, JOB, served.address, kubeStateMetricsEndpointMeta(t.namespace, t.serviceName, t.telemetryPortName));
    });
    after(async () => {
        await scrape?.stop();
        await close?.();
    });

    it("every row of the table names a family of the fixture", () => {
        const names = [...new Set(fixture.map((s) => s.name))];
        assert.deepStrictEqual(KUBE_STATE_METRICS_TELEMETRY_FAMILIES.filter((r) => !names.some((n) => matchesFamily(r, n))).map((r) => r.family), []);
    });

    it("stores exactly the series the table keeps, under job and the exporter's pod as instance", () => {
        assert.deepStrictEqual(scrape!.stored.map(key).sort(), fixture.filter((s) => keptByTable(s.name)).map(key).sort());
        assert.ok(scrape!.stored.length < fixture.length, "the Go, process and handler-latency families are dropped");
        assert.deepStrictEqual(scrape!.targetLabels, { instance: "kube-state-metrics-6d4b9c7f9-x2x7q", job: JOB });
    });

    it("keeps every family the kube-state-metrics alerts read", () => {
        const stored = new Set(scrape!.stored.map((s) => s.name));
        const read = kubeStateMetricsGroup().rules.filter(isAlertingRule).flatMap((r) => analyzePromql(r.expr).selectors.map((x) => x.metric!));
        assert.deepStrictEqual([...new Set(read)].filter((m) => !stored.has(m)), []);
    });
});
