import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { KUBE_PROMETHEUS_NODE_RECORDS as K, NODE_RECORDS as R } from "./recording-rules";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * Brendan Gregg's USE method for the machines: for CPU, memory, disk and network, how busy each
 * is (utilisation) and how much work waits for it (saturation). Errors are the alerts' job
 * (NodeNetworkReceiveErrs and the filesystem alerts). The boards read the node-exporter recording
 * rules (recording-rules.ts): one series per node, or per node and disk, instead of one per CPU,
 * mode and interface.
 */
const JOB = `job="${NODE_EXPORTER_JOB_NAME}"`;
const ON_NODE = `${JOB}, node="$node"`;
/** Filesystems of the machine, as the Node board's "Filesystem used" panel counts them. */
const FILESYSTEMS = `${JOB}, fstype!~"tmpfs|overlay", fstype!=""`;

const panel = (p: Omit<PanelSpec, "kind" | "needs">): PanelSpec => ({ kind: "timeseries", needs: ["nodeExporter", "defaultRules"], ...p });

/** USE Method / Cluster: every node side by side, and the cluster as a whole where a sum means something. */
export const useClusterDashboard: PrometheusDashboardSpec = {
    uid: "cm-use-cluster",
    folder: "nodes",
    title: "USE Method / Cluster",
    description: "Utilisation and saturation of every node's CPU, memory, disk and network (the USE method), from the node-exporter recording rules",
    // The boards read the node recording rules, which load with the default rule groups.
    needs: ["nodeExporter", "defaultRules"],
    variables: [],
    panels: [
        panel({
            title: "CPU utilisation",
            description: "Share of CPU time not idle, waiting for I/O or stolen by the hypervisor, per node and over all the cluster's CPUs",
            unit: "percentunit",
            queries: [
                // Busy CPU seconds over all the cluster's CPUs, as recorded (cluster:node_cpu:ratio), weighted by each node's CPUs.
                { expr: K.clusterBusyCpuRatio, legend: "cluster" },
                { expr: `${R.cpuUtilisation}{${JOB}}`, legend: "{{node}}" },
            ],
        }),
        panel({
            title: "CPU saturation (load per CPU)",
            description: "1-minute load average per CPU: above 1, runnable tasks wait for a CPU",
            unit: "short",
            queries: [
                { expr: `sum(node_load1{${JOB}}) / sum(${R.cpus}{${JOB}})`, legend: "cluster" },
                { expr: `${R.loadPerCpu}{${JOB}}`, legend: "{{node}}" },
            ],
        }),
        panel({
            title: "Memory utilisation",
            description: "Share of memory not available to new work without swapping, per node and over the cluster",
            unit: "percentunit",
            queries: [
                // The cluster's available memory as recorded (:node_memory_MemAvailable_bytes:sum); no record sums MemTotal.
                { expr: `1 - ${K.clusterMemAvailable} / sum(node_memory_MemTotal_bytes{${JOB}})`, legend: "cluster" },
                { expr: `${R.memoryUtilisation}{${JOB}}`, legend: "{{node}}" },
            ],
        }),
        panel({
            title: "Memory saturation (major page faults)",
            description: "Page faults per second that had to read from disk: a node short of memory evicts its page cache and faults it back in",
            unit: "short",
            queries: [{ expr: `${R.majorFaults}{${JOB}}`, legend: "{{node}}" }],
        }),
        panel({
            title: "Disk utilisation (busiest disk)",
            description: "Share of time each node's busiest disk had I/O in flight",
            unit: "percentunit",
            queries: [{ expr: `max by (node) (${R.diskBusy}{${JOB}})`, legend: "{{node}}" }],
        }),
        panel({
            title: "Disk saturation (busiest queue)",
            description: "I/O requests in flight on average on each node's most loaded disk, each counted for as long as it waits: well above 1, requests queue",
            unit: "short",
            queries: [{ expr: `max by (node) (${R.diskQueue}{${JOB}})`, legend: "{{node}}" }],
        }),
        panel({
            title: "Disk space utilisation (fullest filesystem)",
            description: "Share of each node's fullest filesystem in use, as an unprivileged user sees it",
            unit: "percentunit",
            queries: [{ expr: `max by (node) (1 - node_filesystem_avail_bytes{${FILESYSTEMS}} / node_filesystem_size_bytes{${FILESYSTEMS}})`, legend: "{{node}}" }],
        }),
        panel({
            title: "Network utilisation",
            description: "Bytes received and sent per second on every interface but loopback, per node",
            unit: "Bps",
            queries: [
                { expr: `${R.receiveBytes}{${JOB}}`, legend: "{{node}} received" },
                { expr: `${R.transmitBytes}{${JOB}}`, legend: "{{node}} sent" },
            ],
        }),
        panel({
            title: "Network saturation (dropped packets)",
            description: "Packets dropped per second on every interface but loopback, per node: full receive or transmit queues drop first",
            unit: "pps",
            queries: [
                { expr: `${R.receiveDrops}{${JOB}}`, legend: "{{node}} received" },
                { expr: `${R.transmitDrops}{${JOB}}`, legend: "{{node}} sent" },
            ],
        }),
    ],
};

/** USE Method / Node: one node, each disk and filesystem on its own. */
export const useNodeDashboard: PrometheusDashboardSpec = {
    uid: "cm-use-node",
    folder: "nodes",
    title: "USE Method / Node",
    description: "Utilisation and saturation of one node's CPU, memory, disks and network (the USE method), from the node-exporter recording rules",
    // The boards read the node recording rules, which load with the default rule groups.
    needs: ["nodeExporter", "defaultRules"],
    // The Node board's variable: a link between the two carries $node over.
    variables: [{ name: "node", label: "Node", query: "label_values(node_uname_info, node)" }],
    panels: [
        panel({
            title: "CPU utilisation",
            description: "Share of CPU time not idle, waiting for I/O or stolen by the hypervisor",
            unit: "percentunit",
            queries: [{ expr: `${R.cpuUtilisation}{${ON_NODE}}`, legend: "utilisation" }],
        }),
        panel({
            title: "CPU saturation (load per CPU)",
            description: "1-minute load average per CPU: above 1, runnable tasks wait for a CPU",
            unit: "short",
            queries: [{ expr: `${R.loadPerCpu}{${ON_NODE}}`, legend: "load per CPU" }],
        }),
        panel({
            title: "Memory utilisation",
            description: "Share of memory not available to new work without swapping",
            unit: "percentunit",
            queries: [{ expr: `${R.memoryUtilisation}{${ON_NODE}}`, legend: "utilisation" }],
        }),
        panel({
            title: "Memory saturation (major page faults)",
            description: "Page faults per second that had to read from disk: a node short of memory evicts its page cache and faults it back in",
            unit: "short",
            queries: [{ expr: `${R.majorFaults}{${ON_NODE}}`, legend: "major faults" }],
        }),
        panel({
            title: "Disk utilisation",
            description: "Share of time each disk had I/O in flight",
            unit: "percentunit",
            queries: [{ expr: `${R.diskBusy}{${ON_NODE}}`, legend: "{{device}}" }],
        }),
        panel({
            title: "Disk saturation",
            description: "I/O requests in flight on average per disk, each counted for as long as it waits: well above 1, requests queue",
            unit: "short",
            queries: [{ expr: `${R.diskQueue}{${ON_NODE}}`, legend: "{{device}}" }],
        }),
        panel({
            title: "Disk space utilisation",
            description: "Share of each filesystem in use, as an unprivileged user sees it",
            unit: "percentunit",
            queries: [{ expr: `1 - node_filesystem_avail_bytes{${FILESYSTEMS}, node="$node"} / node_filesystem_size_bytes{${FILESYSTEMS}, node="$node"}`, legend: "{{mountpoint}}" }],
        }),
        panel({
            title: "Network utilisation",
            description: "Bytes received and sent per second on every interface but loopback",
            unit: "Bps",
            queries: [
                { expr: `${R.receiveBytes}{${ON_NODE}}`, legend: "received" },
                { expr: `${R.transmitBytes}{${ON_NODE}}`, legend: "sent" },
            ],
        }),
        panel({
            title: "Network saturation (dropped packets)",
            description: "Packets dropped per second on every interface but loopback: full receive or transmit queues drop first",
            unit: "pps",
            queries: [
                { expr: `${R.receiveDrops}{${ON_NODE}}`, legend: "received" },
                { expr: `${R.transmitDrops}{${ON_NODE}}`, legend: "sent" },
            ],
        }),
    ],
};
