import { AlertCase, AlertCases, bounded, s, text } from "./alert-case-format";

/** The node-saturation alerts' cases (components/node-exporter/saturation-alerts.ts), each at its boundary. */
const node = { job: "node-exporter", instance: "node-1", node: "node-1" };
const disk = { ...node, device: "vda" };

/**
 * CPU 0 of node-1 idle `idle` and waiting for I/O 1.2 seconds of each minute. The counters start
 * far from zero, so rate() over 2m is exact from minute 1, when the range first holds two samples.
 */
const cpu = (idle: number, at: string): AlertCase => ({
    series: [
        s(`node_cpu_seconds_total{${text({ ...node, cpu: "0", mode: "idle" })}}`, `100000+${idle}x30`),
        s(`node_cpu_seconds_total{${text({ ...node, cpu: "0", mode: "iowait" })}}`, "5000+1.2x30"),
        s(`node_cpu_seconds_total{${text({ ...node, cpu: "0", mode: "user" })}}`, "90000+50x30"),
    ],
    at,
    labels: node,
});

/**
 * A counter far from zero rising `perSecond` a second, sampled every minute: rate() over 5m
 * extrapolates a range to its ends only by up to 1.1 sample intervals, so it reads the full rate
 * from minute 4 (samples from 0 to 4m, 60 s short of the range's start) and less before.
 */
const rising = (series: string, perSecond: number, minutes: number) => s(series, `1000000+${perSecond * 60}x${minutes}`);

export const NODE_SATURATION_ALERT_CASES: Record<string, AlertCases> = {
    // Idle and iowait 5.4 s of each minute is 91 % busy, 6.6 s is 89 %; true from 1m, so the 15m run out at 16m.
    NodeCPUHighUsage: bounded({ fires: cpu(4.2, "16m"), silent: cpu(5.4, "16m") }),
    // 501 and 499 major faults a second; true from 4m, so the 15m run out at 19m.
    NodeMemoryMajorPagesFaults: bounded({
        fires: { series: [rising(`node_vmstat_pgmajfault{${text(node)}}`, 501, 30)], at: "19m", labels: node },
        silent: { series: [rising(`node_vmstat_pgmajfault{${text(node)}}`, 499, 30)], at: "19m" },
    }),
    // An average queue of 10.5 and 9.5 requests; true from 4m, so the 30m run out at 34m.
    NodeDiskIOSaturation: bounded({
        fires: { series: [rising(`node_disk_io_time_weighted_seconds_total{${text(disk)}}`, 10.5, 40)], at: "34m", labels: disk },
        silent: { series: [rising(`node_disk_io_time_weighted_seconds_total{${text(disk)}}`, 9.5, 40)], at: "34m" },
    }),
};
