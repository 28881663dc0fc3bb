import { BlackboxExporterSettings, ProbeSettings } from "../../config";
import { BLACKBOX_PORT, BLACKBOX_PORT_NAME } from "./layout";

/** What Prometheus needs to send probes: where the exporter answers, and what to probe. */
export interface BlackboxTarget {
    address: string;
    /** The exporter's Service, which every probe job reaches (its NetworkPolicy flow). */
    namespace: string;
    serviceName: string;
    portName: string;
    probes: ProbeSettings[];
    probeAnnotated: boolean;
}

/** The exporter as the probe jobs reach it, while it runs: its Service's address and port, and what it probes. */
export function blackboxTarget(b: BlackboxExporterSettings): BlackboxTarget | undefined {
    if (!b.enabled) {
        return undefined;
    }
    return { address: `${b.name}.${b.namespace}.svc:${BLACKBOX_PORT}`, namespace: b.namespace, serviceName: b.name, portName: BLACKBOX_PORT_NAME, probes: b.probes, probeAnnotated: b.probeAnnotated };
}
