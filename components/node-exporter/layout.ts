import type { NodeExporterSettings } from "../../config";
/** The pods' labels: the DaemonSet selects them, and the scrape job keeps pods that carry them. */
export function nodeExporterLabels(n: Pick<NodeExporterSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": n.name, "app.kubernetes.io/component": "exporter" };
}

/** The container port's name, which the scrape job keeps. */
export const NODE_EXPORTER_PORT_NAME = "metrics";

/**
 * The job labels that follow a component rather than metrics.jobs: the scrape config names its
 * jobs with them and the default alerts select on them, so both read them here.
 */
export const NODE_EXPORTER_JOB_NAME = "node-exporter";

/** Paths and names that the DaemonSet's arguments, mounts and probes share, so they cannot drift. */

/** Where the host's /proc, /sys and / appear inside the container; --path.* point there. */
export const HOST_MOUNTS = [
    { volume: "proc", hostPath: "/proc", mountPath: "/host/proc", flag: "--path.procfs" },
    { volume: "sys", hostPath: "/sys", mountPath: "/host/sys", flag: "--path.sysfs" },
    { volume: "root", hostPath: "/", mountPath: "/host/root", flag: "--path.rootfs" },
] as const;

/** The image's nobody user: the exporter reads world-readable files and needs no identity of its own. */
export const NODE_EXPORTER_UID = 65534;

export const CONTAINER_NAME = "node-exporter";

/** The env var that carries the node's IP address (downward API status.hostIP) into --web.listen-address. */
export const HOST_IP_ENV = "HOST_IP";
