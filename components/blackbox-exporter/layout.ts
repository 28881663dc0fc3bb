import { BLACKBOX_PORT, BLACKBOX_PORT_NAME, BlackboxExporterSettings } from "../../config";

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
