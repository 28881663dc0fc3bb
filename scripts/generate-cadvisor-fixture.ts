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

const PODS = [
    { pod: "coredns-558bd4d5db-x7k2p", namespace: "kube-system", uid: "3f1c", runtime: "dockershim", containers: [["coredns", "registry.k8s.io/coredns/coredns:v1.8.4"]] },
    { pod: "web-7d9c6c8b9f-q2w4e", namespace: "shop", uid: "8a2b", runtime: "containerd", containers: [["nginx", "nginx:1.21"], ["exporter", "nginx/nginx-prometheus-exporter:0.10.0"]] },
    { pod: "fluentd-es-v2.7.0-abcde", namespace: "kube-system", uid: "c4d5", runtime: "containerd", containers: [["fluentd-es", "quay.io/fluentd_elasticsearch/fluentd:v2.7.0"]] },
];

function cgroups(): Cgroup[] {
    const list: Cgroup[] = SYSTEM_CGROUPS.map((id) => ({ id, container: "", pod: "", namespace: "", image: "", name: "", network: id === "/" }));
    for (const p of PODS) {
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
function variants(family: string): Record<string, string>[] {
    if (family.startsWith("container_network_")) return [{ interface: "eth0" }];
    if (family.startsWith("container_fs_") || family === "container_blkio_device_usage_total") {
        return family === "container_blkio_device_usage_total"
            ? [{ device: "/dev/sda", major: "8", minor: "0", operation: "Read" }, { device: "/dev/sda", major: "8", minor: "0", operation: "Write" }]
            : [{ device: "/dev/sda1" }];
    }
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

export function cadvisorFixture(): string {
    const lines: string[] = [];
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
        for (const cg of cgroups()) {
            if (network && !cg.network) continue;
            for (const extra of variants(family)) {
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
