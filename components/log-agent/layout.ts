import { LogsSettings } from "../../config";

/**
 * Names, paths and ports shared by several builders, so a cross-reference (a mount and the path
 * fluentd reads, a port in the config and on the container, the Secret and its env var) is
 * written once and cannot drift between two files.
 */

export const CONTAINER_NAME = "fluentd-es";

/** Host paths mounted into the agent, and what fluentd reads and writes under them. */
export const HOST_PATHS = {
    varLog: "/var/log",
    dockerContainers: "/var/lib/docker/containers",
} as const;

export const FLUENTD_PATHS = {
    /** The image's fluent.conf includes config.d/*.conf, so every ConfigMap key ends in .conf. */
    configDir: "/etc/fluent/config.d",
    /** System root_dir: per-plugin state inside the container (docs/design.md#fluentd-tags-and-paths, <tmp_dir>/). */
    rootDir: "/tmp/fluentd-buffers/",
    /** The output buffer lives under the host's /var/log, so queued chunks survive a pod restart. */
    bufferDir: "/var/log/fluentd-buffers",
    bufferPath: "/var/log/fluentd-buffers/kubernetes.system.buffer",
    containerLogs: "/var/log/containers",
} as const;

export const VOLUMES = {
    varLog: "varlog",
    dockerContainers: "varlibdockercontainers",
    config: "config-volume",
} as const;

/** fluent-plugin-prometheus serves /metrics here; the metrics server scrapes the port by name. */
export const METRICS_PORT = { name: "metrics", number: 24231, path: "/metrics" } as const;

export const PASSWORD_ENV = "OUTPUT_PASSWORD";
export const PASSWORD_SECRET_KEY = "password";

export const CONFIG_FILES = {
    system: "system.conf",
    containersInput: "containers.input.conf",
    systemInput: "system.input.conf",
    forwardInput: "forward.input.conf",
    monitoring: "monitoring.conf",
    output: "output.conf",
} as const;

export function credentialsSecretName(s: LogsSettings): string {
    return `${s.serviceAccountName}-search-credentials`;
}

/**
 * The agent's own container logs, so it never tails and re-ships what it logs itself (docs/design.md#operator-errors:
 * the loop grows until the pod runs out of memory). kubelet names the files
 * `<pod>_<namespace>_<container>-<id>.log` and DaemonSet pods are named `<daemonset>-<suffix>`;
 * the namespace part keeps a same-named workload elsewhere from being hidden.
 */
export function ownLogsGlob(s: LogsSettings): string {
    return `${FLUENTD_PATHS.containerLogs}/${s.daemonSetName}-*_${s.namespace}_*.log`;
}
