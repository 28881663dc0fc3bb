import { NodeExporterSettings } from "../../config";
import { HOST_MOUNTS } from "./layout";

/**
 * Mount points that describe containers, not the machine: kubelet volumes, the runtimes' state
 * (docker, containerd, k3s' containerd) and the kernel's pseudo filesystems. kube-prometheus'
 * list, plus run/containerd, whose per-sandbox shm tmpfs mounts would each add a filesystem.
 */
export const MOUNT_POINTS_EXCLUDE = "^/(dev|proc|sys|run/containerd/.+|run/k3s/containerd/.+|var/lib/docker/.+|var/lib/kubelet/pods/.+)($|/)";

/** Pod network interfaces: veth pairs and the 15-hex-digit names some CNIs give them (kube-prometheus' pattern). */
export const NETWORK_DEVICES_EXCLUDE = "^(veth.*|[a-f0-9]{15})$";

/** Collectors kube-prometheus switches off: wifi and hwmon report hardware a node rarely has, btrfs walks every subvolume. */
export const DISABLED_COLLECTORS = ["wifi", "hwmon", "btrfs"];

/**
 * The exporter's arguments. It listens on 127.0.0.1 only: on the host network any other address
 * would let every pod read it, so kube-rbac-proxy serves it on the node's IP instead
 * (docs/node-exporter.md#exposure-on-the-host).
 */
export function nodeExporterArgs(n: NodeExporterSettings): string[] {
    return [
        `--web.listen-address=127.0.0.1:${n.port}`,
        ...HOST_MOUNTS.map((m) => `${m.flag}=${m.mountPath}`),
        ...DISABLED_COLLECTORS.map((c) => `--no-collector.${c}`),
        `--collector.filesystem.mount-points-exclude=${MOUNT_POINTS_EXCLUDE}`,
        `--collector.netclass.ignored-devices=${NETWORK_DEVICES_EXCLUDE}`,
        `--collector.netdev.device-exclude=${NETWORK_DEVICES_EXCLUDE}`,
        ...n.collectorArgs,
    ];
}
