import { BlackboxExporterSettings } from "../../config";

/** The job of the Services and Ingresses annotated prometheus.io/probe: "true". */
export const ANNOTATED_PROBE_JOB = "probe";

/** The exporter's port (its default --web.listen-address), on the container and the Service. */
export const BLACKBOX_PORT = 9115;

/** The name of the exporter's container and Service port. */
export const BLACKBOX_PORT_NAME = "http";

/** Names, ports and paths shared by the builders, written once. */

export function blackboxLabels(b: Pick<BlackboxExporterSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": b.name, "app.kubernetes.io/component": "prober" };
}

/** The image's user (USER nobody, 65534), set explicitly so runAsNonRoot can be checked. */
export const BLACKBOX_UID = 65534;

export const CONTAINER_NAME = "blackbox-exporter";

export const HTTP_PORT = { name: BLACKBOX_PORT_NAME, number: BLACKBOX_PORT } as const;

export const BLACKBOX_PATHS = {
    configDir: "/etc/blackbox-exporter",
    configFile: "blackbox.yml",
} as const;
