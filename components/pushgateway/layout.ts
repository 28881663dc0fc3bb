/**
 * The Pushgateway's facts that its builders, its scrape job, its alerts, its board and its
 * NetworkPolicy share, written once (docs/pushgateway.md). Ports and paths are those of
 * prometheus/pushgateway at v1.11.3 (main.go's flags, Dockerfile's USER and WORKDIR).
 */

/** The fixed job label of the gateway's own targets: what its `up`, its alerts and its board select. */
export const PUSHGATEWAY_JOB_NAME = "pushgateway";

/** Its default --web.listen-address port, on the container and the Service, under one name. */
export const HTTP_PORT = { name: "http", number: 9091 } as const;

/** The image's user (USER 65534, nobody), set explicitly so that runAsNonRoot can be checked. */
export const PUSHGATEWAY_UID = 65534;

export const CONTAINER_NAME = "pushgateway";

/**
 * Where it keeps what was pushed between container restarts: an emptyDir (the root filesystem
 * is read-only), written at most every persistence interval and read back at start.
 */
export const PERSISTENCE = { volume: "data", dir: "/data", file: "/data/pushgateway.data", interval: "5m" } as const;

/** The component type token: part of every child's URN, so it never changes once stacks hold it. */
export const PUSHGATEWAY_COMPONENT = "cluster-monitoring:monitoring:Pushgateway";

export function pushgatewayLabels(p: { name: string }): Record<string, string> {
    return { "app.kubernetes.io/name": p.name, "app.kubernetes.io/component": "pushgateway" };
}
