import { CPU_BUSY_RATE5M, KUBE_PROMETHEUS_NODE_RECORDS as K, NODE_RECORDS } from "../../components/node-exporter/recording-rules";
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
/**
 * Two CPUs: CPU 0 idle 0.25 s/s, iowait 0.25 s/s and user 0.5 s/s; CPU 1 idle all the time. As
 * node-exporter writes them, every CPU has a series per mode even at 0 (here user).
 */
const twoCpus = [cpu("0", "idle", "0+15x10"), cpu("0", "iowait", "0+15x10"), cpu("0", "user", "0+30x10"), cpu("1", "idle", "0+60x10"), cpu("1", "user", "0+0x10")];
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

const node2 = { job: "node-exporter", instance: "node-2", node: "node-2" };
const cpu2 = (c: string, mode: string, values: string) => s(`node_cpu_seconds_total{${text({ ...node2, cpu: c, mode })}}`, values);
/**
 * A second machine of two CPUs: CPU 0 idle 0.125 s/s, steal 0.125 and system 0.75, CPU 1 idle.
 * And a CPU another job scrapes, busy all the time, which no node record may count.
 */
const cluster = [
    ...twoCpus,
    cpu2("0", "idle", "0+7.5x10"),
    cpu2("0", "steal", "0+7.5x10"),
    cpu2("0", "system", "0+45x10"),
    cpu2("1", "idle", "0+60x10"),
    cpu2("1", "system", "0+0x10"),
    s(`node_cpu_seconds_total{${text({ job: "team-vm-exporter", instance: "vm-1", cpu: "0", mode: "user" })}}`, "0+60x10"),
];
const both = (one: number, two: number) => [
    { labels: node, value: one },
    { labels: node2, value: two },
];
/**
 * eth0 10/s, eth1 20/s, lo 100/s and a pod's veth 40/s: 30/s of the machine's own interfaces. Our
 * node-exporter leaves veth out itself (NETWORK_DEVICES_EXCLUDE); the rule holds where it does not.
 */
const physical = (family: string): RecordCase[] => [
    { series: [iface(family, "eth0", 600), iface(family, "eth1", 1200), iface(family, "lo", 6000), iface(family, "veth3f2a91c", 2400)], at: "10m", expect: [{ labels: node, value: 30 }] },
];
/** Every interface, loopback and veth too, over 3m: 170/s. */
const allInterfaces = (family: string): RecordCase[] => [
    { series: [iface(family, "eth0", 600), iface(family, "eth1", 1200), iface(family, "lo", 6000), iface(family, "veth3f2a91c", 2400)], at: "10m", expect: [{ labels: node, value: 170 }] },
];

Object.assign(NODE_RECORD_CASES, {
    [NODE_RECORDS.receiveBytesPhysical]: physical("node_network_receive_bytes_total"),
    [NODE_RECORDS.transmitBytesPhysical]: physical("node_network_transmit_bytes_total"),
    [NODE_RECORDS.receiveDropsPhysical]: physical("node_network_receive_drop_total"),
    [NODE_RECORDS.transmitDropsPhysical]: physical("node_network_transmit_drop_total"),
    // node-1 busy 0.5 s/s (CPU 0's user), node-2 0.75 (system; steal and iowait are not busy).
    [K.busyCpu3m]: [{ series: cluster, at: "10m", expect: both(0.5, 0.75) }],
    [K.receiveBytes3m]: allInterfaces("node_network_receive_bytes_total"),
    [K.transmitBytes3m]: allInterfaces("node_network_transmit_bytes_total"),
    // Each CPU's modes summed, the cpu label kept: node-1's CPU 0 0.5 (user), node-2's 0.75 (system), both CPUs 1 0.
    [CPU_BUSY_RATE5M]: [
        {
            series: cluster,
            at: "10m",
            expect: [
                { labels: { ...node, cpu: "0" }, value: 0.5 },
                { labels: { ...node, cpu: "1" }, value: 0 },
                { labels: { ...node2, cpu: "0" }, value: 0.75 },
                { labels: { ...node2, cpu: "1" }, value: 0 },
            ],
        },
    ],
    // Per CPU: 0.5 on two, 0.75 on two.
    [K.busyCpuRatio]: [{ series: cluster, at: "10m", expect: both(0.25, 0.375) }],
    [K.clusterBusyCpu]: [{ series: cluster, at: "10m", expect: [{ labels: {}, value: 1.25 }] }],
    // 1.25 busy of 4 CPUs; the other job's CPU is neither busy nor counted.
    [K.clusterBusyCpuRatio]: [{ series: cluster, at: "10m", expect: [{ labels: {}, value: 0.3125 }] }],
    [K.nodeCpus]: [{ series: [...cluster, cpu2("2", "idle", "0+60x10")], at: "10m", expect: [{ labels: { node: "node-1" }, value: 2 }, { labels: { node: "node-2" }, value: 3 }] }],
    // 250 and 750 bytes available; another job's machine is not the cluster's.
    [K.clusterMemAvailable]: [
        {
            series: [
                s(`node_memory_MemAvailable_bytes{${n()}}`, "250+0x10"),
                s(`node_memory_MemAvailable_bytes{${text(node2)}}`, "750+0x10"),
                s(`node_memory_MemAvailable_bytes{${text({ job: "team-vm-exporter", instance: "vm-1" })}}`, "4096+0x10"),
            ],
            at: "10m",
            expect: [{ labels: {}, value: 1000 }],
        },
    ],
    // node-1: CPUs busy 0.5 and 0: 0.25; node-2: 0.75 and 0: 0.375.
    [K.nodeCpuUtilisation]: [{ series: cluster, at: "10m", expect: [{ labels: { node: "node-1" }, value: 0.25 }, { labels: { node: "node-2" }, value: 0.375 }] }],
    [K.clusterCpuUtilisation]: [{ series: cluster, at: "10m", expect: [{ labels: {}, value: 0.3125 }] }],
} satisfies Record<string, RecordCase[]>);
