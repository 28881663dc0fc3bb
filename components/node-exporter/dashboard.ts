import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { NODE_RECORDS as R } from "./recording-rules";

const n = 'node="$node"';

/**
 * Node: node-exporter CPU, load against the CPU count, memory (used, free, buffers, cached), disk
 * throughput and busy time, filesystems and network of one node: the questions of
 * kube-prometheus' Node Exporter / Nodes board, with queries written here. While the default
 * rules load (they load with node-exporter), the CPU count and the memory in use are read from
 * the node records (recording-rules.ts), which compute exactly what the raw queries do; the rates
 * stay raw, over $__rate_interval and per device or mode, which no record keeps.
 */
export const nodeDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-node",
    folder: "nodes",
    title: "Node",
    description: "CPU, memory, disk, filesystem and network of one node, from node-exporter",
    needs: ["nodeExporter"],
    variables: [{ name: "node", label: "Node", query: "label_values(node_uname_info, node)" }],
    // node → pods: the kubelet of the same node, its pods and containers (docs/grafana.md#links-between-dashboards).
    links: [{ title: "Kubelet: pods of this node", dashboard: "cm-kubelet" }],
    panels: [
        {
            title: "CPU by mode",
            description: "CPU cores spent in each mode other than idle",
            unit: "short",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [{ expr: `sum by (mode) (rate(node_cpu_seconds_total{${n}, mode!="idle"}[$__rate_interval]))`, legend: "{{mode}}" }],
        },
        {
            title: "Load",
            description: "Load averages over 1, 5 and 15 minutes, against the number of CPUs: a load above it means runnable tasks wait",
            unit: "short",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                { expr: `node_load1{${n}}`, legend: "1m" },
                { expr: `node_load5{${n}}`, legend: "5m" },
                { expr: `node_load15{${n}}`, legend: "15m" },
                // The load that keeps every CPU busy: above it, runnable tasks wait.
                { expr: ctx.computeRules ? `sum(${R.cpus}{${n}})` : `count(node_cpu_seconds_total{${n}, mode="idle"})`, legend: "CPUs" },
            ],
        },
        {
            title: "Memory",
            description: "Memory in use (total less available) and available",
            unit: "bytes",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                { expr: `node_memory_MemTotal_bytes{${n}} - node_memory_MemAvailable_bytes{${n}}`, legend: "used" },
                { expr: `node_memory_MemAvailable_bytes{${n}}`, legend: "available" },
            ],
        },
        {
            title: "Memory used",
            description: "Share of memory in use: total less available, over total",
            unit: "percentunit",
            kind: "stat",
            needs: ["nodeExporter"],
            queries: [{ expr: ctx.computeRules ? `${R.memoryUtilisation}{${n}}` : `1 - node_memory_MemAvailable_bytes{${n}} / node_memory_MemTotal_bytes{${n}}`, legend: "used" }],
        },
        {
            title: "Memory free, buffers and cached",
            description: "Memory held by processes (total less free, buffers and page cache), by block-device buffers, by the page cache, and free; the kernel gives back most of the cache when processes need it",
            unit: "bytes",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                {
                    expr: `node_memory_MemTotal_bytes{${n}} - node_memory_MemFree_bytes{${n}} - node_memory_Buffers_bytes{${n}} - node_memory_Cached_bytes{${n}}`,
                    legend: "used by processes",
                },
                { expr: `node_memory_Buffers_bytes{${n}}`, legend: "buffers" },
                { expr: `node_memory_Cached_bytes{${n}}`, legend: "cached" },
                { expr: `node_memory_MemFree_bytes{${n}}`, legend: "free" },
            ],
        },
        {
            title: "Disk throughput",
            description: "Bytes read and written per second, per device",
            unit: "Bps",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                { expr: `rate(node_disk_read_bytes_total{${n}}[$__rate_interval])`, legend: "{{device}} read" },
                { expr: `rate(node_disk_written_bytes_total{${n}}[$__rate_interval])`, legend: "{{device}} written" },
            ],
        },
        {
            title: "Disk busy",
            description: "Share of time each device had I/O in flight: near 100 % it is saturated",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [{ expr: `rate(node_disk_io_time_seconds_total{${n}}[$__rate_interval])`, legend: "{{device}}" }],
        },
        {
            title: "Filesystem size and available",
            description: "Size of each mounted filesystem, and the bytes an unprivileged user can still write (tmpfs and overlay left out)",
            unit: "bytes",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                { expr: `max by (mountpoint) (node_filesystem_size_bytes{${n}, fstype!~"tmpfs|overlay"})`, legend: "{{mountpoint}} size" },
                { expr: `max by (mountpoint) (node_filesystem_avail_bytes{${n}, fstype!~"tmpfs|overlay"})`, legend: "{{mountpoint}} available" },
            ],
        },
        {
            title: "Filesystem used",
            description: "Share of each filesystem in use, as an unprivileged user sees it (tmpfs and overlay left out)",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                {
                    expr: `1 - node_filesystem_avail_bytes{${n}, fstype!~"tmpfs|overlay"} / node_filesystem_size_bytes{${n}, fstype!~"tmpfs|overlay"}`,
                    legend: "{{mountpoint}}",
                },
            ],
        },
        {
            title: "Network",
            description: "Bytes received and sent per second, per interface (loopback left out)",
            unit: "Bps",
            kind: "timeseries",
            needs: ["nodeExporter"],
            queries: [
                { expr: `rate(node_network_receive_bytes_total{${n}, device!="lo"}[$__rate_interval])`, legend: "{{device}} in" },
                { expr: `rate(node_network_transmit_bytes_total{${n}, device!="lo"}[$__rate_interval])`, legend: "{{device}} out" },
            ],
        },
    ],
});
