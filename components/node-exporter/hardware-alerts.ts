import { RuleGroup, runbook } from "../common/rules/types";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * Redundant hardware that has lost its redundancy, from node-exporter's mdadm and bonding
 * collectors (on by default; they read /proc/mdstat and /sys/class/net, which the DaemonSet
 * mounts). A node without software RAID or bonded interfaces serves none of these series, so
 * the alerts cost nothing there. Thresholds, `for` and severities are node-mixin's; the
 * expressions are written here.
 */
export function nodeHardwareGroup(): RuleGroup {
    const job = `job="${NODE_EXPORTER_JOB_NAME}"`;
    return {
        name: "node-hardware",
        rules: [
            {
                alert: "NodeRAIDDegraded",
                expr: `node_md_disks_required{${job}} - ignoring (state) node_md_disks{${job},state="active"} > 0`,
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "A software RAID array is degraded.",
                    description: "RAID array {{ $labels.device }} of node {{ $labels.node }} has had fewer active disks than it needs for 15 minutes, and no spare has taken over; one more failure may lose its data.",
                    runbook_url: runbook("node/noderaiddegraded"),
                },
            },
            {
                alert: "NodeRAIDDiskFailure",
                expr: `node_md_disks{${job},state="failed"} > 0`,
                labels: { severity: "warning" },
                annotations: {
                    summary: "A disk of a software RAID array has failed.",
                    description: "RAID array {{ $labels.device }} of node {{ $labels.node }} has a failed disk; replace it.",
                    runbook_url: runbook("node/noderaiddiskfailure"),
                },
            },
            {
                alert: "NodeBondingDegraded",
                // Fewer links up than enslaved to the bond.
                expr: `node_bonding_slaves{${job}} - node_bonding_active{${job}} > 0`,
                for: "5m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A bonded network interface has lost a link.",
                    description: "Bond {{ $labels.master }} of node {{ $labels.node }} has had fewer active links than members for 5 minutes; it runs without its redundancy.",
                    runbook_url: runbook("node/nodebondingdegraded"),
                },
            },
        ],
    };
}
