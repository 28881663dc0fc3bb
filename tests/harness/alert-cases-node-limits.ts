import { AlertCase, AlertCases, s } from "./alert-case-format";

/** The node-limits alerts' cases (components/node-exporter/limit-alerts.ts), each at its boundary. */
const node = { job: "node-exporter", instance: "node-1", node: "node-1" };
const at = 'job="node-exporter",instance="node-1",node="node-1"';

/** `allocated` of 1000 file descriptors, from minute 0: the 15m `for` runs out at 15m. */
const fd = (allocated: number, when: string, severities?: ("warning" | "critical")[]): AlertCase => ({
    series: [s(`node_filefd_allocated{${at}}`, `${allocated}+0x30`), s(`node_filefd_maximum{${at}}`, "1000+0x30")],
    at: when,
    labels: node,
    ...(severities ? { severities } : {}),
});

/** The sync status and the error bound from minute 0: true from 0, so the 10m `for` runs out at 10m. */
const clock = (status: number, maxError: number, when: string): AlertCase => ({
    series: [s(`node_timex_sync_status{${at}}`, `${status}+0x20`), s(`node_timex_maxerror_seconds{${at}}`, `${maxError}+0x20`)],
    at: when,
    labels: node,
});

/** The collector's error gauge from minute 5 on (none before): no `for`, so it fires at once. */
const textfile = (value: number): AlertCase => ({ series: [s(`node_textfile_scrape_error{${at}}`, `_x5 ${value}+0x5`)], at: "5m", labels: node });

export const NODE_LIMITS_ALERT_CASES: Record<string, AlertCases> = {
    NodeFileDescriptorLimit: {
        // 90.1 %: both rules; 69.9 %: neither.
        fires: fd(901, "15m"),
        silent: fd(699, "15m"),
        early: fd(901, "14m"),
        scenarios: [
            { name: "70.1 %: the warning alone", fires: true, case: fd(701, "15m", ["warning"]) },
            { name: "89.9 %: the warning, not the critical", fires: true, case: fd(899, "15m", ["warning"]) },
        ],
    },
    NodeClockNotSynchronising: {
        fires: clock(0, 16, "10m"),
        silent: clock(0, 15.9, "10m"),
        early: clock(0, 16, "9m"),
        scenarios: [{ name: "synchronised, with a large error bound", fires: false, case: clock(1, 16, "10m") }],
    },
    NodeTextFileCollectorScrapeError: { fires: textfile(1), silent: textfile(0) },
};
