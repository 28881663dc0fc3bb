import { LogsSettings } from "../../config";

/**
 * Names, paths and ports shared by several builders, so a cross-reference (a mount and the path
 * fluentd reads, a port in the config and on the container, the Secret and its env var) is
 * written once and cannot drift between two files.
 */

export const CONTAINER_NAME = "fluentd-es";

/**
 * Host paths mounted into the agent, each at the same path in the container
 * (docs/log-agent.md#host-paths). The agent only reads the node's logs: /var/log and docker's
 * container logs are mounted read-only, so a compromised agent cannot rewrite or delete them.
 * What it writes (tail positions, journal cursors and the output buffer) lives in its own state
 * directory, agentStateDir, the only writable host path.
 */
export const HOST_PATHS = {
    varLog: "/var/log",
    dockerContainers: "/var/lib/docker/containers",
    /** Parent of every agent's state directory; named after the project so a node admin knows whose it is. */
    stateRoot: "/var/lib/cluster-monitoring",
} as const;

/**
 * The agent's own state on the host, kept across pod restarts and created by the kubelet on
 * first start (hostPath DirectoryOrCreate). One directory per agent, by namespace and
 * ServiceAccount name, so two agents on a node never share position files; not by the
 * DaemonSet's name, which carries the image version, so an upgrade keeps the positions and the
 * queued chunks.
 */
export function agentStateDir(s: Pick<LogsSettings, "namespace" | "serviceAccountName">): string {
    return `${HOST_PATHS.stateRoot}/${s.namespace}/${s.serviceAccountName}`;
}

/** A position file (tail input) or journal cursor (systemd input) in the agent's state directory. */
export function positionFile(s: Pick<LogsSettings, "namespace" | "serviceAccountName">, name: string): string {
    return `${agentStateDir(s)}/${name}`;
}

/**
 * The output buffer's directory, in the state directory so queued chunks survive a pod restart.
 * A subdirectory of its own, because the liveness probe watches it, and position files change
 * even while the output is stuck.
 */
export function bufferDir(s: Pick<LogsSettings, "namespace" | "serviceAccountName">): string {
    return `${agentStateDir(s)}/fluentd-buffers`;
}

export function bufferPath(s: Pick<LogsSettings, "namespace" | "serviceAccountName">): string {
    return `${bufferDir(s)}/kubernetes.system.buffer`;
}

/**
 * The config ConfigMap's mount is the line's (log-agent-releases/release-lines.ts configDir): the
 * add-on image's fluent.conf includes /etc/fluent/config.d/*.conf, so every ConfigMap key ends in
 * .conf; the daemonset image is told to load the entry file there instead of its own fluent.conf.
 */
export const FLUENTD_PATHS = {
    /** System root_dir: per-plugin state inside the container (docs/design.md#fluentd-tags-and-paths, <tmp_dir>/). */
    rootDir: "/tmp/fluentd-buffers/",
    containerLogs: "/var/log/containers",
} as const;

export const VOLUMES = {
    varLog: "varlog",
    dockerContainers: "varlibdockercontainers",
    state: "fluentd-state",
    config: "config-volume",
    storeCa: "search-store-ca",
} as const;

/** Where the in-cluster OpenSearch's CA certificate (ca.crt of its TLS Secret) is mounted, read-only. */
export const STORE_CA_DIR = "/etc/search-store-ca";
export const STORE_CA_KEY = "ca.crt";

/** fluent-plugin-prometheus serves /metrics here; the metrics server scrapes the port by name. */
export const METRICS_PORT = { name: "metrics", number: 24231, path: "/metrics" } as const;

/**
 * The label that holds the output: every record goes there, through a relabel match, and so do
 * the container line parts that the partial-line filter gives up waiting for (its timeout_label).
 */
export const SEARCH_OUTPUT_LABEL = "@SEARCH_OUTPUT";

export const PASSWORD_ENV = "OUTPUT_PASSWORD";
/** The node's name (downward API spec.nodeName), part of every document id. */
export const NODE_NAME_ENV = "NODE_NAME";
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
