import * as assert from "assert";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { stackRuleFiles } from "../stack/rule-groups";
import { prometheusQueries } from "./harness/dashboards";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * The Log agent board's buffer panel measures against the stack's own buffer cap, the one
 * FluentdBufferNearlyFull reads: fluentd 1.x's plugin exports the bytes buffered, not the cap.
 */
function bufferShare(buffer: Record<string, unknown>): string {
    const board = dashboardsFor(settingsWithGrafana({ logs: { buffer } }), PROJECT).filter((d) => d.json.uid === "cm-log-agent");
    return prometheusQueries(board).find((q) => q.panel === "Buffer used, share of its cap")!.expr;
}

describe("Log agent board: the buffer against its cap", () => {
    it("divides by logs.buffer.totalLimitSize in bytes", () => {
        assert.ok(bufferShare({ totalLimitSize: "64M" }).endsWith(" / 67108864"), bufferShare({ totalLimitSize: "64M" }));
        assert.ok(bufferShare({ totalLimitSize: "1G" }).endsWith(" / 1073741824"));
    });

    it("uses the cap the buffer alert uses, whatever the settings", () => {
        for (const buffer of [{}, { totalLimitSize: "64M" }, { chunkLimitSize: "1M", queueLimitLength: 8 }]) {
            const settings = settingsWithGrafana({ logs: { buffer } });
            const cap = Number(/ \/ (\d+)$/.exec(bufferShare(buffer))![1]);
            const alertThreshold = Number(/fluentd_output_status_buffer_total_bytes\{[^}]*\} > (\d+)/.exec(Object.values(stackRuleFiles(settings)).join("\n"))![1]);
            assert.strictEqual(alertThreshold, Math.floor(cap * 0.8), JSON.stringify(buffer));
        }
    });
});
