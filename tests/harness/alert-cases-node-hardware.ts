import { AlertCase, AlertCases, bounded, s, text } from "./alert-case-format";

/** The node-hardware alerts' cases (components/node-exporter/hardware-alerts.ts), each at its boundary. */
const node = { job: "node-exporter", instance: "node-1", node: "node-1" };
const md0 = { ...node, device: "md0" };
const bond0 = { ...node, master: "bond0" };

/** md0, a mirror of two disks, with `active` of them active, from minute 0. */
const mirror = (active: number, at: string): AlertCase => ({
    series: [
        s(`node_md_disks_required{${text(md0)}}`, "2+0x20"),
        s(`node_md_disks{${text({ ...md0, state: "active" })}}`, `${active}+0x20`),
        s(`node_md_disks{${text({ ...md0, state: "failed" })}}`, `${2 - active}+0x20`),
        s(`node_md_disks{${text({ ...md0, state: "spare" })}}`, "0+0x20"),
    ],
    at,
    labels: md0,
});

/** bond0 with two members, `active` of them up, from minute 0. */
const bond = (active: number, at: string): AlertCase => ({
    series: [s(`node_bonding_slaves{${text(bond0)}}`, "2+0x20"), s(`node_bonding_active{${text(bond0)}}`, `${active}+0x20`)],
    at,
    labels: bond0,
});

export const NODE_HARDWARE_ALERT_CASES: Record<string, AlertCases> = {
    // One of two disks active: one short, from 0m, so the 15m run out at 15m.
    NodeRAIDDegraded: bounded({ fires: mirror(1, "15m"), silent: mirror(2, "15m") }),
    // No for: it fires at the first evaluation that sees the failed disk (minute 1).
    NodeRAIDDiskFailure: {
        fires: { series: [s(`node_md_disks{${text({ ...md0, state: "failed" })}}`, "0 1+0x10")], at: "1m", labels: { ...md0, state: "failed" } },
        silent: { series: [s(`node_md_disks{${text({ ...md0, state: "failed" })}}`, "0+0x10")], at: "1m" },
    },
    // One of two links up, from 0m, so the 5m run out at 5m.
    NodeBondingDegraded: bounded({ fires: bond(1, "5m"), silent: bond(2, "5m") }),
};
