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
