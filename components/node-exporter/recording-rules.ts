import { RecordingRule, RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * The USE method's numbers of each machine, recorded once per evaluation so that the USE Method
 * boards (components/node-exporter/use-dashboards.ts) read one series per node instead of one per
 * CPU, mode, disk and interface. The names are node-mixin's (kube-prometheus), so queries people
 * bring along keep working; the expressions are written here, from this program's job label.
 * Every rate is over 5m, as the names say, whatever the scrape interval.
 */
const JOB = `job="${NODE_EXPORTER_JOB_NAME}"`;

/**
 * Disks whose busy time says something about the machine: not zram (compressed memory, whose
 * "I/O" is CPU time) nor loop and optical devices. node-exporter already leaves out partitions,
 * ram and loop devices by default; this holds when a stack widens its device filter.
 */
export const DISK_DEVICES = `device!~"(loop|ram|zram|sr|fd|nbd)[0-9]+"`;

export const NODE_RECORDS = {
    cpus: "instance:node_num_cpu:sum",
    cpuUtilisation: "instance:node_cpu_utilisation:rate5m",
    loadPerCpu: "instance:node_load1_per_cpu:ratio",
    memoryUtilisation: "instance:node_memory_utilisation:ratio",
    majorFaults: "instance:node_vmstat_pgmajfault:rate5m",
    diskBusy: "instance_device:node_disk_io_time_seconds:rate5m",
    diskQueue: "instance_device:node_disk_io_time_weighted_seconds:rate5m",
    receiveBytes: "instance:node_network_receive_bytes_excluding_lo:rate5m",
    transmitBytes: "instance:node_network_transmit_bytes_excluding_lo:rate5m",
    receiveDrops: "instance:node_network_receive_drop_excluding_lo:rate5m",
    transmitDrops: "instance:node_network_transmit_drop_excluding_lo:rate5m",
    receiveBytesPhysical: "instance:node_network_receive_bytes_physical:rate5m",
    transmitBytesPhysical: "instance:node_network_transmit_bytes_physical:rate5m",
    receiveDropsPhysical: "instance:node_network_receive_drop_physical:rate5m",
    transmitDropsPhysical: "instance:node_network_transmit_drop_physical:rate5m",
} as const;

/**
 * kube-prometheus' own node records (its kube-prometheus-node-recording.rules, and node.rules of
 * kubernetes-mixin), under their names for the boards and saved queries people bring: busy CPU
 * seconds and network bytes per machine, per node and for the cluster. Busy is every mode but
 * idle, iowait and steal, as in the utilisation above. The `node` label is the one the
 * node-exporter job copies from the pod's node, where kubernetes-mixin joins kube_pod_info for it.
 */
export const KUBE_PROMETHEUS_NODE_RECORDS = {
    busyCpu3m: "instance:node_cpu:rate:sum",
    receiveBytes3m: "instance:node_network_receive_bytes:rate:sum",
    transmitBytes3m: "instance:node_network_transmit_bytes:rate:sum",
    busyCpuRatio: "instance:node_cpu:ratio",
    clusterBusyCpu: "cluster:node_cpu:sum_rate5m",
    clusterBusyCpuRatio: "cluster:node_cpu:ratio",
    nodeCpus: "node:node_num_cpu:sum",
    clusterMemAvailable: ":node_memory_MemAvailable_bytes:sum",
    nodeCpuUtilisation: "node:node_cpu_utilization:ratio_rate5m",
    clusterCpuUtilisation: "cluster:node_cpu:ratio_rate5m",
} as const;

/**
 * Each CPU's busy seconds per second over 5m, the modes summed (labels instance, cpu, job, node):
 * our own name, no kube-prometheus one. Three of kube-prometheus' records above read it, where each
 * would rate every CPU and mode series of every machine again (issue #47, rule evaluation cost).
 */
export const CPU_BUSY_RATE5M = "instance_cpu:node_cpu_busy_seconds:sum_rate5m";

/** CPU time spent working, per second over `w`, still by CPU and mode. */
const busyCpu = (w: string) => `rate(node_cpu_seconds_total{${JOB},mode!~"idle|iowait|steal"}[${w}])`;

/**
 * Interfaces that are a machine's own: not loopback, and not the host end of a pod's veth pair,
 * whose traffic the physical interface carries again (kube-prometheus' `_physical` set).
 */
const PHYSICAL = `device!~"lo|veth.+"`;

/** Per second over 5m, summed over every interface but loopback, which never leaves the machine. */
const networkRate = (family: string, devices = 'device!="lo"') => `sum without (device) (rate(${family}{${JOB},${devices}}[5m]))`;

export function nodeRecordingRules(): RecordingRule[] {
    const r = NODE_RECORDS;
    return [
        // One idle series per CPU: counting them counts the CPUs.
        { record: r.cpus, expr: `count without (cpu, mode) (node_cpu_seconds_total{${JOB},mode="idle"})` },
        // Busy is what is not idle; iowait and steal are time the CPU could not work for this machine either.
        {
            record: r.cpuUtilisation,
            expr: `1 - avg without (cpu) (sum without (mode) (rate(node_cpu_seconds_total{${JOB},mode=~"idle|iowait|steal"}[5m])))`,
        },
        // Runnable and uninterruptible tasks per CPU: above 1, work waits for a CPU (saturation).
        { record: r.loadPerCpu, expr: `node_load1{${JOB}} / ${r.cpus}{${JOB}}` },
        { record: r.memoryUtilisation, expr: `1 - node_memory_MemAvailable_bytes{${JOB}} / node_memory_MemTotal_bytes{${JOB}}` },
        // Major faults read a page from disk: memory pressure shows here before the OOM killer does.
        { record: r.majorFaults, expr: `rate(node_vmstat_pgmajfault{${JOB}}[5m])` },
        // The share of time the device had I/O in flight (utilisation) ...
        { record: r.diskBusy, expr: `rate(node_disk_io_time_seconds_total{${JOB},${DISK_DEVICES}}[5m])` },
        // ... and the I/O in flight on average, each request counted for as long as it waits (saturation).
        { record: r.diskQueue, expr: `rate(node_disk_io_time_weighted_seconds_total{${JOB},${DISK_DEVICES}}[5m])` },
        { record: r.receiveBytes, expr: networkRate("node_network_receive_bytes_total") },
        { record: r.transmitBytes, expr: networkRate("node_network_transmit_bytes_total") },
        { record: r.receiveDrops, expr: networkRate("node_network_receive_drop_total") },
        { record: r.transmitDrops, expr: networkRate("node_network_transmit_drop_total") },
        { record: r.receiveBytesPhysical, expr: networkRate("node_network_receive_bytes_total", PHYSICAL) },
        { record: r.transmitBytesPhysical, expr: networkRate("node_network_transmit_bytes_total", PHYSICAL) },
        { record: r.receiveDropsPhysical, expr: networkRate("node_network_receive_drop_total", PHYSICAL) },
        { record: r.transmitDropsPhysical, expr: networkRate("node_network_transmit_drop_total", PHYSICAL) },
        ...kubePrometheusNodeRules(),
    ];
}

/** After the CPU count above: the ratios read it in the same evaluation, as the three after the busy CPU record read that. */
function kubePrometheusNodeRules(): RecordingRule[] {
    const k = KUBE_PROMETHEUS_NODE_RECORDS;
    const busy = `${CPU_BUSY_RATE5M}{${JOB}}`;
    return [
        // Over 3m, as kube-prometheus records these three; every interface, loopback too, as there.
        { record: k.busyCpu3m, expr: `sum without (cpu, mode) (${busyCpu("3m")})` },
        { record: k.receiveBytes3m, expr: `sum without (device) (rate(node_network_receive_bytes_total{${JOB}}[3m]))` },
        { record: k.transmitBytes3m, expr: `sum without (device) (rate(node_network_transmit_bytes_total{${JOB}}[3m]))` },
        { record: CPU_BUSY_RATE5M, expr: `sum without (mode) (${busyCpu("5m")})` },
        // Busy CPU seconds per second per CPU: the share of the machine's CPUs at work.
        { record: k.busyCpuRatio, expr: `sum without (cpu) (${busy}) / ${NODE_RECORDS.cpus}{${JOB}}` },
        { record: k.clusterBusyCpu, expr: `sum(${busy})` },
        { record: k.clusterBusyCpuRatio, expr: `${k.clusterBusyCpu} / sum(${NODE_RECORDS.cpus}{${JOB}})` },
        { record: k.nodeCpus, expr: `count by (node) (node_cpu_seconds_total{${JOB},mode="idle"})` },
        // MemAvailable, the kernel's own estimate (3.14 and later), as the utilisation above.
        { record: k.clusterMemAvailable, expr: `sum(node_memory_MemAvailable_bytes{${JOB}})` },
        // Each CPU's busy share, averaged over the node's CPUs; the cluster's is the mean of the nodes'.
        { record: k.nodeCpuUtilisation, expr: `avg by (node) (${busy})` },
        { record: k.clusterCpuUtilisation, expr: `avg(${k.nodeCpuUtilisation})` },
    ];
}

/** One group, so the per-CPU ratio reads the CPU count of the same evaluation (rules in a group run in order). */
export function nodeRecordsGroup(): RuleGroup {
    return { name: "node-exporter-records", interval: SLOW_GROUP_INTERVAL, rules: nodeRecordingRules() };
}
