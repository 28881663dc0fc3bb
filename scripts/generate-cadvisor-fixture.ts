/**
 * Two /metrics/cadvisor payloads:
 * - tests/fixtures/cadvisor-metrics.txt (cadvisorFixture): shaped like a kubelet's on a small node
 *   (containerd sandboxes, and one dockershim-style `POD` pause container), with cgroup-level
 *   series, pod-level cgroups, pause containers and app containers, for every family in OUR family
 *   table plus a few it does not list. A test fixture for the keep table, not an exporter's size.
 * - tests/fixtures/busy/cadvisor-metrics.txt (kubeletCadvisorFixture, written by
 *   scripts/generate-busy-fixtures.ts): what a kubelet of Kubernetes 1.34/1.35 serves. Source:
 *   google/cadvisor tag v0.53.0 (the version Kubernetes 1.34 and 1.35 vendor),
 *   metrics/prometheus.go and metrics/prometheus_machine.go: every family of the metric kinds the
 *   kubelet enables for /metrics/cadvisor (pkg/kubelet/server/server.go: CPU usage, memory usage,
 *   CPU load, disk I/O, disk usage, network usage, app, process and OOM metrics, and pressure
 *   (PSI) metrics, behind the KubeletPSI gate, beta and on since 1.34; not per-CPU usage, not
 *   TCP/UDP, not hugetlb, perf, resctrl or NUMA), with the label set the kubelet gives
 *   (id, name, image, container, pod, namespace, and each family's extra labels), on a documented
 *   node shape (CadvisorShape, BUSY in generate-busy-fixtures.ts).
 *   What could differ on a real node: the cgroups outside kubepods (we list the kubelet's,
 *   the runtime's and the slices); which containers have a CPU quota (cfs families and
 *   container_spec_cpu_quota are served only then: here the containers with a CPU limit, 2 of 3);
 *   the devices each cgroup did I/O on (here: the root and system cgroups every disk, pods the
 *   first); filesystem families per container (cAdvisor serves them where the runtime reports
 *   them; here every cgroup the first filesystem); the blkio operations (cgroup v2: Read, Write).
 * Deterministic, so the fixtures diff cleanly.
 *
 *   npx ts-node scripts/generate-cadvisor-fixture.ts   (the small one; npm run fixture:busy the busy one)
 */
import * as fs from "fs";
import * as path from "path";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";

interface Cgroup {
    id: string;
    container: string;
    pod: string;
    namespace: string;
    image: string;
    name: string;
    /** Where cAdvisor reports network counters: the root cgroup, pod cgroups and pause containers. */
    network: boolean;
}

const SYSTEM_CGROUPS = ["/", "/kubepods", "/kubepods/burstable", "/kubepods/besteffort", "/system.slice", "/system.slice/containerd.service", "/system.slice/kubelet.service", "/user.slice"];

interface Pod {
    pod: string;
    namespace: string;
    uid: string;
    runtime: "containerd" | "dockershim";
    /** [container, image] */
    containers: ReadonlyArray<readonly [string, string]>;
}

const PODS: readonly Pod[] = [
    { pod: "coredns-558bd4d5db-x7k2p", namespace: "kube-system", uid: "3f1c", runtime: "dockershim", containers: [["coredns", "registry.k8s.io/coredns/coredns:v1.8.4"]] },
    { pod: "web-7d9c6c8b9f-q2w4e", namespace: "shop", uid: "8a2b", runtime: "containerd", containers: [["nginx", "nginx:1.21"], ["exporter", "nginx/nginx-prometheus-exporter:0.10.0"]] },
    { pod: "fluentd-es-v2.7.0-abcde", namespace: "kube-system", uid: "c4d5", runtime: "containerd", containers: [["fluentd-es", "quay.io/fluentd_elasticsearch/fluentd:v2.7.0"]] },
];

/**
 * What the node runs: its pods, the block devices and host interfaces cAdvisor reports. The
 * default is the small node of tests/fixtures/cadvisor-metrics.txt; busyCadvisorShape() a busy one.
 */
export interface CadvisorShape {
    pods: readonly Pod[];
    /** Filesystems (container_fs_*): the root cgroup reports each, every other cgroup the first. */
    filesystems: readonly string[];
    /** Block devices (container_blkio_device_usage_total) [device, major, minor]: the root and system cgroups report each, pods the first. */
    disks: ReadonlyArray<readonly [string, string, string]>;
    /** Host interfaces the root cgroup reports (pod sandboxes report their own eth0). */
    interfaces: readonly string[];
    cpus: number;
}

export const SMALL_CADVISOR_SHAPE: CadvisorShape = { pods: PODS, filesystems: ["/dev/sda1"], disks: [["/dev/sda", "8", "0"]], interfaces: ["eth0"], cpus: 2 };

/**
 * A busy worker node: `pods` pods of one to three containers each (containerd), several disks and
 * interfaces. The images and names are made up; the label sets are those cAdvisor gives.
 */
export function busyCadvisorShape(n: { pods: number; cpus: number; disks: number; interfaces: number }): CadvisorShape {
    const apps = [["api", "registry.example.com/shop/api:2.4.1"], ["worker", "registry.example.com/shop/worker:2.4.1"], ["envoy", "envoyproxy/envoy:v1.31.0"], ["redis", "redis:7.4"], ["fluent-bit", "fluent/fluent-bit:3.1"]] as const;
    const pods: Pod[] = Array.from({ length: n.pods }, (_, i) => {
        const containers = Array.from({ length: 1 + (i % 3) }, (_, c) => apps[(i + c) % apps.length]);
        return { pod: `${containers[0][0]}-${(0x7d9c6c8b9f + i).toString(16)}-p${String(i).padStart(2, "0")}`, namespace: ["shop", "payments", "search", "kube-system"][i % 4], uid: `b${String(i).padStart(3, "0")}`, runtime: "containerd", containers };
    });
    const letters = "abcdefghijklmnop";
    return {
        pods,
        filesystems: Array.from({ length: n.disks }, (_, d) => `/dev/sd${letters[d]}1`),
        disks: Array.from({ length: n.disks }, (_, d) => [`/dev/sd${letters[d]}`, "8", String(16 * d)] as const),
        interfaces: Array.from({ length: n.interfaces }, (_, k) => `eth${k}`),
        cpus: n.cpus,
    };
}

function cgroups(shape: CadvisorShape): Cgroup[] {
    const list: Cgroup[] = SYSTEM_CGROUPS.map((id) => ({ id, container: "", pod: "", namespace: "", image: "", name: "", network: id === "/" }));
    for (const p of shape.pods) {
        const podCgroup = `/kubepods/burstable/pod${p.uid}`;
        list.push({ id: podCgroup, container: "", pod: p.pod, namespace: p.namespace, image: "", name: "", network: false });
        if (p.runtime === "containerd") {
            // containerd and CRI-O: the sandbox has an empty container label and the pause image.
            list.push({ id: `${podCgroup}/sandbox${p.uid}`, container: "", pod: p.pod, namespace: p.namespace, image: "registry.k8s.io/pause:3.5", name: `sandbox${p.uid}`, network: true });
        } else {
            list.push({ id: `${podCgroup}/pause${p.uid}`, container: "POD", pod: p.pod, namespace: p.namespace, image: "registry.k8s.io/pause:3.5", name: `k8s_POD_${p.pod}`, network: true });
        }
        p.containers.forEach(([container, image], i) => {
            list.push({ id: `${podCgroup}/ctr${p.uid}${i}`, container, pod: p.pod, namespace: p.namespace, image, name: `k8s_${container}_${p.pod}`, network: false });
        });
    }
    return list;
}

/** Extra labels per family beyond the container identity: one set per series. */
function variants(family: string, cg: Cgroup, shape: CadvisorShape): Record<string, string>[] {
    const root = cg.id === "/";
    if (family.startsWith("container_network_")) return (root ? shape.interfaces : ["eth0"]).map((i) => ({ interface: i }));
    if (family === "container_blkio_device_usage_total") {
        const disks = cg.pod === "" ? shape.disks : shape.disks.slice(0, 1);
        return disks.flatMap(([device, major, minor]) => ["Read", "Write"].map((operation) => ({ device, major, minor, operation })));
    }
    if (family.startsWith("container_fs_")) return (root ? shape.filesystems : shape.filesystems.slice(0, 1)).map((device) => ({ device }));
    if (family === "container_tasks_state") return ["sleeping", "running", "stopped", "uninterruptible", "iowaiting"].map((state) => ({ state }));
    if (family === "container_memory_failures_total") {
        return ["pgfault", "pgmajfault"].flatMap((failure_type) => ["container", "hierarchy"].map((scope) => ({ failure_type, scope })));
    }
    if (family === "container_cpu_usage_seconds_total") return [{ cpu: "total" }];
    if (family === "container_ulimits_soft") return [{ ulimit: "max_open_files" }];
    return [{}];
}

function labelText(labels: Record<string, string>): string {
    return `{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(",")}}`;
}

function typeOf(family: string): string {
    return family.endsWith("_total") ? "counter" : "gauge";
}

export function cadvisorFixture(shape: CadvisorShape = SMALL_CADVISOR_SHAPE, header?: string): string {
    const lines: string[] = header === undefined ? [] : header.split("\n").map((l) => `# ${l}`);
    let value = 1;
    const families = [...CADVISOR_FAMILIES.map((f) => f.name), "container_hugetlb_usage_bytes", "container_perf_events_total"];
    for (const family of families) {
        lines.push(`# HELP ${family} cAdvisor metric ${family}.`, `# TYPE ${family} ${typeOf(family)}`);
        if (family === "machine_cpu_cores" || family === "machine_memory_bytes") {
            lines.push(`${family}${labelText({ boot_id: "b1", machine_id: "m1", system_uuid: "s1" })} ${value++}`);
            continue;
        }
        if (family === "cadvisor_version_info") {
            lines.push(`${family}${labelText({ cadvisorRevision: "", cadvisorVersion: "", dockerVersion: "", kernelVersion: "5.10.0", osVersion: "Debian GNU/Linux 11 (bullseye)" })} 1`);
            continue;
        }
        if (family === "container_scrape_error") {
            lines.push(`${family} 0`);
            continue;
        }
        const network = family.startsWith("container_network_");
        for (const cg of cgroups(shape)) {
            if (network && !cg.network) continue;
            for (const extra of variants(family, cg, shape)) {
                const labels = { container: cg.container, id: cg.id, image: cg.image, name: cg.name, namespace: cg.namespace, pod: cg.pod, ...extra };
                lines.push(`${family}${labelText(labels)} ${value++}`);
            }
        }
    }
    return `${lines.join("\n")}\n`;
}

/**
 * The families of cAdvisor v0.53.0 (metrics/prometheus.go) that the kubelet serves at
 * /metrics/cadvisor, by metric kind, with the extra labels each adds to the container labels.
 * `quota`: served only for a cgroup with a CPU quota (the family's `condition`).
 */
interface CadvisorSourceFamily {
    name: string;
    type: "counter" | "gauge";
    kind: "always" | "spec" | "cpu" | "load" | "memory" | "diskUsage" | "diskIO" | "blkio" | "network" | "process" | "oom" | "pressure";
    quota?: boolean;
}
const fam = (kind: CadvisorSourceFamily["kind"], type: CadvisorSourceFamily["type"], names: string[], quota?: boolean): CadvisorSourceFamily[] => names.map((name) => ({ name, type, kind, quota }));
export const CADVISOR_V0_53_FAMILIES: readonly CadvisorSourceFamily[] = [
    ...fam("always", "gauge", ["container_last_seen", "container_start_time_seconds"]),
    // Collect(): spec families for every cgroup with CPU and memory controllers; the quota only when set.
    ...fam("spec", "gauge", ["container_spec_cpu_period", "container_spec_cpu_shares", "container_spec_memory_limit_bytes", "container_spec_memory_swap_limit_bytes", "container_spec_memory_reservation_limit_bytes"]),
    ...fam("spec", "gauge", ["container_spec_cpu_quota"], true),
    ...fam("cpu", "counter", ["container_cpu_user_seconds_total", "container_cpu_system_seconds_total", "container_cpu_usage_seconds_total"]),
    ...fam("cpu", "counter", ["container_cpu_cfs_periods_total", "container_cpu_cfs_throttled_periods_total", "container_cpu_cfs_throttled_seconds_total"], true),
    ...fam("load", "gauge", ["container_cpu_load_average_10s", "container_cpu_load_d_average_10s", "container_tasks_state"]),
    ...fam("memory", "gauge", ["container_memory_cache", "container_memory_rss", "container_memory_kernel_usage", "container_memory_mapped_file", "container_memory_swap", "container_memory_usage_bytes", "container_memory_max_usage_bytes", "container_memory_working_set_bytes", "container_memory_total_active_file_bytes", "container_memory_total_inactive_file_bytes"]),
    ...fam("memory", "counter", ["container_memory_failcnt", "container_memory_failures_total"]),
    ...fam("diskUsage", "gauge", ["container_fs_inodes_free", "container_fs_inodes_total", "container_fs_limit_bytes", "container_fs_usage_bytes"]),
    // From the cgroup's blkio (io.stat) per device it did I/O on.
    ...fam("blkio", "counter", ["container_fs_reads_bytes_total", "container_fs_reads_total", "container_fs_writes_bytes_total", "container_fs_writes_total", "container_blkio_device_usage_total"]),
    // From the filesystem's disk stats, where cAdvisor has them for the cgroup's filesystems.
    ...fam("diskIO", "counter", ["container_fs_sector_reads_total", "container_fs_reads_merged_total", "container_fs_read_seconds_total", "container_fs_sector_writes_total", "container_fs_writes_merged_total", "container_fs_write_seconds_total", "container_fs_io_time_seconds_total", "container_fs_io_time_weighted_seconds_total"]),
    ...fam("diskIO", "gauge", ["container_fs_io_current"]),
    ...fam("network", "counter", ["container_network_receive_bytes_total", "container_network_receive_packets_total", "container_network_receive_packets_dropped_total", "container_network_receive_errors_total", "container_network_transmit_bytes_total", "container_network_transmit_packets_total", "container_network_transmit_packets_dropped_total", "container_network_transmit_errors_total"]),
    ...fam("process", "gauge", ["container_processes", "container_file_descriptors", "container_sockets", "container_threads_max", "container_threads", "container_ulimits_soft"]),
    ...fam("oom", "counter", ["container_oom_events_total"]),
    ...fam("pressure", "counter", ["container_pressure_cpu_stalled_seconds_total", "container_pressure_cpu_waiting_seconds_total", "container_pressure_memory_stalled_seconds_total", "container_pressure_memory_waiting_seconds_total", "container_pressure_io_stalled_seconds_total", "container_pressure_io_waiting_seconds_total"]),
];

/** The extra labels of one source family for one cgroup: one set per series. */
function sourceVariants(f: CadvisorSourceFamily, cg: Cgroup, shape: CadvisorShape): Record<string, string>[] {
    const root = cg.id === "/";
    const system = cg.pod === "";
    if (f.kind === "network") return cg.network ? (root ? shape.interfaces : ["eth0"]).map((i) => ({ interface: i })) : [];
    if (f.name === "container_blkio_device_usage_total") {
        return (system ? shape.disks : shape.disks.slice(0, 1)).flatMap(([device, major, minor]) => ["Read", "Write"].map((operation) => ({ device, major, minor, operation })));
    }
    if (f.kind === "blkio") return (system ? shape.disks : shape.disks.slice(0, 1)).map(([device]) => ({ device }));
    if (f.kind === "diskUsage" || f.kind === "diskIO") return (root ? shape.filesystems : shape.filesystems.slice(0, 1)).map((device) => ({ device }));
    if (f.name === "container_tasks_state") return ["sleeping", "running", "stopped", "uninterruptible", "iowaiting"].map((state) => ({ state }));
    if (f.name === "container_memory_failures_total") return ["pgfault", "pgmajfault"].flatMap((failure_type) => ["container", "hierarchy"].map((scope) => ({ failure_type, scope })));
    if (f.name === "container_cpu_usage_seconds_total") return [{ cpu: "total" }];
    if (f.name === "container_ulimits_soft") return [{ ulimit: "max_open_files" }];
    return [{}];
}

/** Which cgroups have a CPU quota: the app containers with a CPU limit (two of every three), and pods whose containers all have one. */
function hasQuota(cg: Cgroup, shape: CadvisorShape): boolean {
    if (cg.pod === "" || cg.image.startsWith("registry.k8s.io/pause")) return false;
    const pod = shape.pods.find((p) => p.pod === cg.pod)!;
    const limited = (i: number) => (shape.pods.indexOf(pod) + i) % 3 !== 2;
    if (cg.container === "") return pod.containers.every((_, i) => limited(i));
    return limited(pod.containers.findIndex(([c]) => c === cg.container));
}

/** cAdvisor v0.53.0's machine collector (metrics/prometheus_machine.go) on a VM: no DIMM or NUMA topology families. */
function machineFamilies(shape: CadvisorShape): string[] {
    const base = { boot_id: "b1", machine_id: "m1", system_uuid: "s1" };
    const lines: string[] = [];
    const one = (name: string, extra: Record<string, string>[] = [{}]) => {
        lines.push(`# TYPE ${name} gauge`, ...extra.map((e, i) => `${name}${labelText({ ...base, ...e })} ${shape.cpus + i}`));
    };
    one("machine_cpu_physical_cores");
    one("machine_cpu_cores");
    one("machine_cpu_sockets");
    one("machine_memory_bytes");
    one("machine_swap_bytes");
    one("machine_nvm_capacity", [{ mode: "memory_mode" }, { mode: "app_direct_mode" }]);
    one("machine_nvm_avg_power_budget_watts");
    lines.push("# TYPE machine_scrape_error gauge", "machine_scrape_error 0");
    return lines;
}

/** What a kubelet's /metrics/cadvisor serves on a node of this shape (cAdvisor v0.53.0; see the header). */
export function kubeletCadvisorFixture(shape: CadvisorShape, header: string): string {
    const lines: string[] = header.split("\n").map((l) => `# ${l}`);
    let value = 1;
    const all = cgroups(shape);
    lines.push("# TYPE cadvisor_version_info gauge");
    lines.push(`cadvisor_version_info${labelText({ cadvisorRevision: "", cadvisorVersion: "", dockerVersion: "", kernelVersion: "6.8.0-1021-aws", osVersion: "Ubuntu 24.04.1 LTS" })} 1`);
    for (const f of CADVISOR_V0_53_FAMILIES) {
        lines.push(`# HELP ${f.name} cAdvisor metric ${f.name}.`, `# TYPE ${f.name} ${f.type}`);
        for (const cg of all) {
            if (f.quota && !hasQuota(cg, shape)) continue;
            for (const extra of sourceVariants(f, cg, shape)) {
                const labels = { container: cg.container, id: cg.id, image: cg.image, name: cg.name, namespace: cg.namespace, pod: cg.pod, ...extra };
                lines.push(`${f.name}${labelText(labels)} ${value++}`);
            }
        }
    }
    lines.push("# TYPE container_scrape_error gauge", "container_scrape_error 0", ...machineFamilies(shape));
    return `${lines.join("\n")}\n`;
}

if (require.main === module) {
    const file = path.join(__dirname, "..", "tests", "fixtures", "cadvisor-metrics.txt");
    fs.writeFileSync(file, cadvisorFixture());
    console.log(`wrote ${file}`);
}
