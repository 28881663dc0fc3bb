import * as assert from "assert";
import * as fs from "fs";
import { capacityTableText, jobSeries, TABLE_FILE } from "../scripts/capacity-table";
import { kept, samples, samplesOf } from "../scripts/bench/relabel";
import { parse } from "yaml";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { everyAlertSettings } from "./harness/alert-cases";
import { BUSY_FIXTURES } from "../scripts/generate-busy-fixtures";
import { SERIES_PER_TARGET } from "../stack/series-per-target";

/**
 * stack/series-per-target.ts is generated (npm run capacity:table) from the exporter fixtures
 * and each job's keep rules; the render reads it, never a fixture. It must say what the fixtures
 * and rules say today.
 */
describe("the capacity table (stack/series-per-target.ts)", function () {

    it("is what npm run capacity:table writes from today's fixtures and keep rules", () => {
        assert.strictEqual(fs.readFileSync(TABLE_FILE, "utf8"), capacityTableText(), "stack/series-per-target.ts is out of date: run npm run capacity:table");
    });

    it("says whether each job grows per node, per pod or per cluster", () => {
        const grows = Object.fromEntries(Object.entries(SERIES_PER_TARGET).map(([job, r]) => [job, [r.targets, r.podSeries !== undefined, r.nodeSeries !== undefined]]));
        assert.deepStrictEqual(grows.cadvisor, ["node", true, false]);
        assert.deepStrictEqual(grows["node-exporter"], ["node", false, false]);
        assert.deepStrictEqual(grows.apiserver, ["cluster", false, false]);
        assert.deepStrictEqual(grows["kube-state-metrics"], ["cluster", true, true]);
    });

    // Two pods' series, a node's, one series scraped twice, and one with an empty pod label.
    const two = '# TYPE a counter\na_total{pod="p1",namespace="n"} 1\na_total{pod="p2",namespace="n"} 1\nb{node="x"} 1\nc 1\nc 2\nd{pod=""} 1\n';

    it("splits kept series by what they come with, counts a series once, and an empty label as none", () => {
        const row = jobSeries(samplesOf(two), [], { targets: "cluster", fixture: "f", fat: false });
        assert.deepStrictEqual([row.perTarget, row.podSeries, row.pods, row.nodeSeries, row.nodes], [2, 2, 2, 1, 1]);
        // On a node's own target, its node label is the target's own.
        assert.deepStrictEqual(jobSeries(samplesOf(two), [], { targets: "node", fixture: "f", fat: false }).perTarget, 3);
    });

    it("fails when the keep rules move: a dropped family changes the row and its digest", () => {
        const all = samplesOf(fs.readFileSync(BUSY_FIXTURES.cadvisor, "utf8"));
        const keptAll = jobSeries(all, [], { targets: "node", fixture: "f", fat: true });
        const dropped = jobSeries(all, [{ action: "drop", source_labels: ["__name__"], regex: "container_cpu_usage_seconds_total" }], { targets: "node", fixture: "f", fat: true });
        assert.ok(dropped.podSeries! < keptAll.podSeries!, `${dropped.podSeries} < ${keptAll.podSeries}`);
        assert.notStrictEqual(dropped.rulesDigest, keptAll.rulesDigest);
    });

    it("each row's series add up to what bench:ingest counts the job keeps of the same fixture (scripts/bench/relabel.ts kept)", () => {
        const config = parse(generatedPrometheusFiles(everyAlertSettings()).prometheusYml);
        for (const job of ["cadvisor", "kubelet", "node-exporter", "apiserver"] as const) {
            const rules = config.scrape_configs.find((c: { job_name: string }) => c.job_name === job).metric_relabel_configs ?? [];
            const row = SERIES_PER_TARGET[job];
            assert.strictEqual(row.perTarget + (row.podSeries ?? 0) + (row.nodeSeries ?? 0), kept(samples(BUSY_FIXTURES[job]), rules), job);
        }
    });

    it("refuses a fixture whose pods are not those its generator's shape describes", () => {
        assert.throws(() => jobSeries(samplesOf(two), [], { targets: "node", fixture: "f", fat: false, shape: { pods: 40 } }), /f names 2 pods, its generator's shape 40/);
    });
});
