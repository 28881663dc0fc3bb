import { NODE_EXPORTER_JOB_NAME } from "../../config/fixed-job-names";
import { RuleGroup, runbook } from "../common/rules/types";

/** The machines, from node-exporter; thresholds and durations from node-mixin. */
export function nodeGroup(): RuleGroup {
    const fs = `job="${NODE_EXPORTER_JOB_NAME}",fstype!="",mountpoint!=""`;
    const writable = `node_filesystem_readonly{${fs}} == 0`;
    const availPercent = `node_filesystem_avail_bytes{${fs}} / node_filesystem_size_bytes{${fs}} * 100`;
    const where = "{{ $labels.mountpoint }} on node {{ $labels.node }}";
    return {
        name: "nodes",
        rules: [
            {
                alert: "NodeFilesystemAlmostOutOfSpace",
                expr: `(${availPercent} < 5 and ${writable})`,
                for: "30m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A filesystem has less than 5 % space left.",
                    description: `The filesystem at ${where} has less than 5 % of its space left.`,
                    runbook_url: runbook("node/nodefilesystemalmostoutofspace"),
                },
            },
            {
                alert: "NodeFilesystemSpaceFillingUp",
                // Already below 15 %, and the last 6 hours' trend reaches zero within 24 hours.
                expr: `(${availPercent} < 15 and predict_linear(node_filesystem_avail_bytes{${fs}}[6h], 86400) < 0 and ${writable})`,
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A filesystem is predicted to run out of space within 24 hours.",
                    description: `The filesystem at ${where} has less than 15 % space left and is filling up; at this rate it is full within 24 hours.`,
                    runbook_url: runbook("node/nodefilesystemspacefillingup"),
                },
            },
            {
                alert: "NodeFilesystemAlmostOutOfFiles",
                expr: `(node_filesystem_files_free{${fs}} / node_filesystem_files{${fs}} * 100 < 5 and ${writable})`,
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A filesystem has less than 5 % inodes left.",
                    description: `The filesystem at ${where} has less than 5 % of its inodes left; new files will fail even with space free.`,
                    runbook_url: runbook("node/nodefilesystemalmostoutoffiles"),
                },
            },
            {
                alert: "NodeMemoryHighUtilization",
                expr: `100 - (node_memory_MemAvailable_bytes{job="${NODE_EXPORTER_JOB_NAME}"} / node_memory_MemTotal_bytes{job="${NODE_EXPORTER_JOB_NAME}"} * 100) > 90`,
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
                expr: `node_load1{job="${NODE_EXPORTER_JOB_NAME}"} / count without (cpu, mode) (node_cpu_seconds_total{job="${NODE_EXPORTER_JOB_NAME}",mode="idle"}) > 2`,
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
