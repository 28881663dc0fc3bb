import { RuleGroup, runbook } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { NODE_RECORDS } from "./recording-rules";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * A machine working at its limit, from node-exporter: its CPUs busy, its memory paging from
 * disk, its disks' queues long. Thresholds, `for` and severities are node-mixin's; the
 * expressions are written here. NodeSystemSaturation (alerts.ts) covers the load average.
 */
export function nodeSaturationGroup(): RuleGroup {
    const job = `job="${NODE_EXPORTER_JOB_NAME}"`;
    return {
        name: "node-saturation",
        interval: SLOW_GROUP_INTERVAL,
        rules: [
            {
                alert: "NodeCPUHighUsage",
                // Busy is everything but idle and waiting for I/O, averaged over the node's CPUs.
                expr: `100 * (1 - avg without (cpu) (sum without (mode) (rate(node_cpu_seconds_total{${job},mode=~"idle|iowait"}[2m])))) > 90`,
                for: "15m",
                labels: { severity: "info" },
                annotations: {
                    summary: "A node's CPUs are nearly always busy.",
                    description: "The CPUs of node {{ $labels.node }} have been more than 90 % busy for 15 minutes; its workloads may be slowed.",
                    runbook_url: runbook("node/nodecpuhighusage"),
                },
            },
            {
                alert: "NodeMemoryMajorPagesFaults",
                // A major fault reads a page back from disk: the node is short of memory for what it runs. The node
                // records' rate over 5m (node-exporter-records), as this alert computed it.
                expr: `${NODE_RECORDS.majorFaults}{${job}} > 500`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A node is paging from disk at a high rate.",
                    description: "Node {{ $labels.node }} has had more than 500 major page faults a second for 15 minutes; it is short of memory for what it runs.",
                    runbook_url: runbook("node/nodememorymajorpagesfaults"),
                },
            },
            {
                alert: "NodeDiskIOSaturation",
                // The weighted I/O time grows by the number of requests in flight each second: the average queue.
                expr: `rate(node_disk_io_time_weighted_seconds_total{${job}}[5m]) > 10`,
                for: "30m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A disk's I/O queue is long.",
                    description: "Disk {{ $labels.device }} of node {{ $labels.node }} has had more than 10 requests queued on average for 30 minutes; it is saturated.",
                    runbook_url: runbook("node/nodediskiosaturation"),
                },
            },
        ],
    };
}
