import * as assert from "assert";
import { PROJECT } from "../config/source";
import { nodeRecordingRules } from "../components/node-exporter/recording-rules";
import { dashboardsFor } from "../stack/dashboards";
import { prometheusQueries } from "./harness/dashboards";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * The USE Method boards read the node-exporter recording rules, not the raw families behind
 * them: one series per node (or per node and disk) instead of one per CPU and mode, per
 * interface, per disk counter (issue #30: no panel reads raw series where a recording rule serves).
 */
const RECORDED_FAMILIES = ["node_cpu_seconds_total", "node_vmstat_pgmajfault", "node_disk_io_time_seconds_total", "node_disk_io_time_weighted_seconds_total", "node_network_receive_bytes_total", "node_network_transmit_bytes_total", "node_network_receive_drop_total", "node_network_transmit_drop_total"];

function rawReads(exprs: readonly { panel: string; expr: string }[]): string[] {
    return exprs.flatMap((q) => RECORDED_FAMILIES.filter((f) => new RegExp(`(?<![:\\w])${f}(?![:\\w])`).test(q.expr)).map((f) => `${q.panel} reads ${f}`));
}

describe("USE Method boards", () => {
    const boards = dashboardsFor(settingsWithGrafana(), PROJECT).filter((d) => d.json.title.startsWith("USE Method"));

    it("there are two, a cluster one and a node one", () => {
        assert.deepStrictEqual(boards.map((d) => d.json.uid), ["cm-use-cluster", "cm-use-node"]);
    });

    it("every recorded family is one a recording rule reads, and no panel reads it raw", () => {
        const ruleText = nodeRecordingRules().map((r) => r.expr).join("\n");
        assert.deepStrictEqual(RECORDED_FAMILIES.filter((f) => !ruleText.includes(f)), []);
        assert.deepStrictEqual(rawReads(prometheusQueries(boards)), []);
    });

    it("the check catches a panel that reads a raw family", () => {
        assert.deepStrictEqual(rawReads([{ panel: "CPU", expr: 'sum(rate(node_cpu_seconds_total{mode!="idle"}[5m]))' }]), ["CPU reads node_cpu_seconds_total"]);
    });

    it("every recorded series a panel reads is one the rules record", () => {
        const records = new Set(nodeRecordingRules().map((r) => r.record));
        const read = prometheusQueries(boards).flatMap((q) => [...q.expr.matchAll(/\binstance(?:_device)?:[a-z0-9_]+:[a-z0-9_]+/g)].map((m) => m[0]));
        assert.ok(read.length > 10);
        assert.deepStrictEqual(read.filter((r) => !records.has(r)), []);
    });
});
