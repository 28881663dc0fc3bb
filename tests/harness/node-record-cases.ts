import { NODE_RECORDS } from "../../components/node-exporter/recording-rules";
import { RecordCase } from "./alert-cases-day-one";
import { s, text } from "./alert-case-format";

/**
 * The node-exporter recording rules' known inputs and exact outputs (promtool test rules at 1m
 * steps). Each window holds samples at both of its ends, so rate() needs no extrapolation, and
 * every value is exact in binary. Each case carries a series the rule must leave out.
 */
const node = { job: "node-exporter", instance: "node-1", node: "node-1" };
const n = (extra: Record<string, string> = {}) => text({ ...node, ...extra });
const cpu = (c: string, mode: string, values: string) => s(`node_cpu_seconds_total{${n({ cpu: c, mode })}}`, values);
/** Two CPUs: CPU 0 idle 0.25 s/s, iowait 0.25 s/s and user 0.5 s/s; CPU 1 idle all the time. */
const twoCpus = [cpu("0", "idle", "0+15x10"), cpu("0", "iowait", "0+15x10"), cpu("0", "user", "0+30x10"), cpu("1", "idle", "0+60x10")];
const iface = (family: string, device: string, perMinute: number) => s(`${family}{${n({ device })}}`, `0+${perMinute}x10`);
/** eth0 10/s, eth1 20/s, and lo 100/s that the sum leaves out: 30/s. */
const network = (family: string) => ({
    series: [iface(family, "eth0", 600), iface(family, "eth1", 1200), iface(family, "lo", 6000)],
    at: "10m",
    expect: [{ labels: node, value: 30 }],
});
/** vda at `perMinute` a minute, and zram0, which the disk rules leave out, at 60. */
const disk = (family: string, perMinute: number, value: number): RecordCase => ({
    series: [s(`${family}{${n({ device: "vda" })}}`, `0+${perMinute}x10`), s(`${family}{${n({ device: "zram0" })}}`, "0+60x10")],
    at: "10m",
    expect: [{ labels: { ...node, device: "vda" }, value }],
});

export const NODE_RECORD_CASES: Record<string, RecordCase[]> = {
    // Two idle series (CPU 0's user series is not counted).
    [NODE_RECORDS.cpus]: [{ series: twoCpus, at: "10m", expect: [{ labels: node, value: 2 }] }],
    // CPU 0 idle or iowait 0.5 s/s, CPU 1 idle 1 s/s: 0.75 on average, so 0.25 busy.
    [NODE_RECORDS.cpuUtilisation]: [{ series: twoCpus, at: "10m", expect: [{ labels: node, value: 0.25 }] }],
    // A load of 3 on two CPUs.
    [NODE_RECORDS.loadPerCpu]: [{ series: [...twoCpus, s(`node_load1{${n()}}`, "3+0x10")], at: "10m", expect: [{ labels: node, value: 1.5 }] }],
    // 250 of 1000 bytes available.
    [NODE_RECORDS.memoryUtilisation]: [
        { series: [s(`node_memory_MemAvailable_bytes{${n()}}`, "250+0x10"), s(`node_memory_MemTotal_bytes{${n()}}`, "1000+0x10")], at: "10m", expect: [{ labels: node, value: 0.75 }] },
    ],
    // 120 major faults a minute.
    [NODE_RECORDS.majorFaults]: [{ series: [s(`node_vmstat_pgmajfault{${n()}}`, "0+120x10")], at: "10m", expect: [{ labels: node, value: 2 }] }],
    // Busy 30 s a minute.
    [NODE_RECORDS.diskBusy]: [disk("node_disk_io_time_seconds_total", 30, 0.5)],
    // 90 request-seconds a minute: 1.5 requests in flight on average.
    [NODE_RECORDS.diskQueue]: [disk("node_disk_io_time_weighted_seconds_total", 90, 1.5)],
    [NODE_RECORDS.receiveBytes]: [network("node_network_receive_bytes_total")],
    [NODE_RECORDS.transmitBytes]: [network("node_network_transmit_bytes_total")],
    [NODE_RECORDS.receiveDrops]: [network("node_network_receive_drop_total")],
    [NODE_RECORDS.transmitDrops]: [network("node_network_transmit_drop_total")],
};
