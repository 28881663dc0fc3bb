import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * A node's own limits and housekeeping, from node-exporter: the kernel's file-descriptor table,
 * the clock's synchronisation and the textfile collector. Thresholds and durations are
 * node-mixin's; the expressions are written here.
 */
export function nodeLimitsGroup(): RuleGroup {
    const job = `job="${NODE_EXPORTER_JOB_NAME}"`;
    const fdPercent = `node_filefd_allocated{${job}} * 100 / node_filefd_maximum{${job}}`;
    const fd = (severity: "warning" | "critical", percent: number): AlertingRule => ({
        alert: "NodeFileDescriptorLimit",
        expr: `${fdPercent} > ${percent}`,
        for: "15m",
        labels: { severity },
        annotations: {
            summary: "The kernel is running out of file descriptors.",
            description: `More than ${percent} % of the file descriptors of node {{ $labels.node }} have been allocated for 15 minutes; when none is left, processes fail to open files and sockets.`,
            runbook_url: runbook("node/nodefiledescriptorlimit"),
        },
    });
    return {
        name: "node-limits",
        rules: [
            fd("warning", 70),
            fd("critical", 90),
            {
                alert: "NodeClockNotSynchronising",
                // Not synchronised for five minutes, and the kernel's own bound on the error is at its 16 s cap.
                expr: `min_over_time(node_timex_sync_status{${job}}[5m]) == 0 and node_timex_maxerror_seconds{${job}} >= 16`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node's clock is not synchronising.",
                    description: "The clock of node {{ $labels.node }} has not been synchronised by NTP for 15 minutes; check the NTP daemon.",
                    runbook_url: runbook("node/nodeclocknotsynchronising"),
                },
            },
            {
                alert: "NodeTextFileCollectorScrapeError",
                expr: `node_textfile_scrape_error{${job}} == 1`,
                labels: { severity: "warning" },
                annotations: {
                    summary: "node-exporter's textfile collector failed.",
                    description: "node-exporter on node {{ $labels.node }} could not read a file of its textfile collector directory; the metrics that file holds are missing.",
                    runbook_url: runbook("node/nodetextfilecollectorscrapeerror"),
                },
            },
        ],
    };
}
