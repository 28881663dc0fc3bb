import { BLACKBOX_PORT, BLACKBOX_PORT_NAME, BlackboxExporterSettings, BlackboxTarget } from "../../config";

/** The exporter as the probe jobs reach it, while it runs: its Service's address and port, and what it probes. */
export function blackboxTarget(b: BlackboxExporterSettings): BlackboxTarget | undefined {
    if (!b.enabled) {
        return undefined;
    }
    return { address: `${b.name}.${b.namespace}.svc:${BLACKBOX_PORT}`, namespace: b.namespace, serviceName: b.name, portName: BLACKBOX_PORT_NAME, probes: b.probes, probeAnnotated: b.probeAnnotated };
}
