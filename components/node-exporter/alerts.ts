import { AlertingRule, RuleGroup, runbook, Severity } from "../common/rules/types";
import { NODE_RECORDS } from "./recording-rules";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * The machines, from node-exporter; thresholds, durations and severities from node-mixin: each
 * filesystem alert has a warning and a critical rule.
 */
export function nodeGroup(): RuleGroup {
    const fs = `job="${NODE_EXPORTER_JOB_NAME}",fstype!="",mountpoint!=""`;
    const writable = `node_filesystem_readonly{${fs}} == 0`;
    const where = "{{ $labels.mountpoint }} on node {{ $labels.node }}";
    /** Space (bytes) or inodes (files): the free and total families, and what the text calls them. */
    const space = { free: "node_filesystem_avail_bytes", total: "node_filesystem_size_bytes", what: "space" };
    const files = { free: "node_filesystem_files_free", total: "node_filesystem_files", what: "inodes" };
    type Resource = typeof space;
    const freePercent = (r: Resource) => `${r.free}{${fs}} / ${r.total}{${fs}} * 100`;
    /** Less than `percent` free. */
    const almostOut = (r: Resource, alert: string, severity: Severity, percent: number, forDuration: string): AlertingRule => ({
        alert,
        expr: `(${freePercent(r)} < ${percent} and ${writable})`,
        for: forDuration,
        labels: { severity },
        annotations: {
            summary: `A filesystem has less than ${percent} % ${r.what} left.`,
            description: `The filesystem at ${where} has less than ${percent} % of its ${r.what} left${r === files ? "; new files will fail even with space free" : ""}.`,
            runbook_url: runbook(`node/${alert.toLowerCase()}`),
        },
    });
    /** Already below `percent` free, and the last 6 hours' trend reaches zero within `hours`. */
    const fillingUp = (r: Resource, alert: string, severity: Severity, percent: number, hours: number): AlertingRule => ({
        alert,
        expr: `(${freePercent(r)} < ${percent} and predict_linear(${r.free}{${fs}}[6h], ${hours * 3600}) < 0 and ${writable})`,
        for: "1h",
        labels: { severity },
        annotations: {
            summary: `A filesystem is predicted to run out of ${r.what} within ${hours} hours.`,
            description: `The filesystem at ${where} has less than ${percent} % of its ${r.what} left and is filling up; at this rate none is left within ${hours} hours.`,
            runbook_url: runbook(`node/${alert.toLowerCase()}`),
        },
    });
    return {
        name: "nodes",
        rules: [
            almostOut(space, "NodeFilesystemAlmostOutOfSpace", "warning", 5, "30m"),
            almostOut(space, "NodeFilesystemAlmostOutOfSpace", "critical", 3, "30m"),
            fillingUp(space, "NodeFilesystemSpaceFillingUp", "warning", 40, 24),
            fillingUp(space, "NodeFilesystemSpaceFillingUp", "critical", 20, 4),
            almostOut(files, "NodeFilesystemAlmostOutOfFiles", "warning", 5, "1h"),
            almostOut(files, "NodeFilesystemAlmostOutOfFiles", "critical", 3, "1h"),
            fillingUp(files, "NodeFilesystemFilesFillingUp", "warning", 40, 24),
            fillingUp(files, "NodeFilesystemFilesFillingUp", "critical", 20, 4),
            {
                alert: "NodeMemoryHighUtilization",
                // The node records' share of memory in use (node-exporter-records, which loads with this group), in %.
                expr: `100 * ${NODE_RECORDS.memoryUtilisation}{job="${NODE_EXPORTER_JOB_NAME}"} > 90`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node is running out of memory.",
                    description: "Node {{ $labels.node }} has had more than 90 % of its memory in use for 15 minutes; the kubelet will start evicting pods.",
                },
            },
            {
                alert: "NodeClockSkewDetected",
                // Offset beyond 50 ms and not shrinking: NTP is not pulling the clock back.
                expr:
                    `(node_timex_offset_seconds{job="${NODE_EXPORTER_JOB_NAME}"} > 0.05 and deriv(node_timex_offset_seconds{job="${NODE_EXPORTER_JOB_NAME}"}[5m]) >= 0) or ` +
                    `(node_timex_offset_seconds{job="${NODE_EXPORTER_JOB_NAME}"} < -0.05 and deriv(node_timex_offset_seconds{job="${NODE_EXPORTER_JOB_NAME}"}[5m]) <= 0)`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node's clock is off.",
                    description: "The clock of node {{ $labels.node }} is more than 50 ms off and not converging; check NTP on that host.",
                    runbook_url: runbook("node/nodeclockskewdetected"),
                },
            },
            {
                alert: "NodeSystemSaturation",
                // The node records' load per CPU (node-exporter-records): node_load1 over the CPUs counted by their idle series.
                expr: `${NODE_RECORDS.loadPerCpu}{job="${NODE_EXPORTER_JOB_NAME}"} > 2`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node's load is high.",
                    description: "The 1-minute load of node {{ $labels.node }} has been above twice its CPU count for 15 minutes; its workloads are starved.",
                },
            },
        ],
    };
}
