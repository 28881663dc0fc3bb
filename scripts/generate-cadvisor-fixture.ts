/**
 * Writes tests/fixtures/cadvisor-metrics.txt: a /metrics/cadvisor payload shaped like a kubelet's
 * on a small node (containerd sandboxes, and one dockershim-style `POD` pause container), with
 * cgroup-level series, pod-level cgroups, pause containers and app containers, for every family
 * in the family table plus a few it does not list. Deterministic, so the fixture diffs cleanly.
 *
 *   npx ts-node scripts/generate-cadvisor-fixture.ts
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

if (require.main === module) {
    const file = path.join(__dirname, "..", "tests", "fixtures", "cadvisor-metrics.txt");
    fs.writeFileSync(file, cadvisorFixture());
    console.log(`wrote ${file}`);
}
