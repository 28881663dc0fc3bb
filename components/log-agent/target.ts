import { LogsSettings } from "../../config";
import { METRICS_PORT } from "./layout";

/** Where the log agent's pods are, so the metrics server can find them. */
export interface LogAgentTarget {
    namespace: string;
    podLabels: Record<string, string>;
    portName: string;
}

/** The agent's pods, which always run, wherever logs' settings put them, by the port its monitoring input serves. */
export function logAgentTarget(l: LogsSettings): LogAgentTarget {
    return { namespace: l.namespace, podLabels: { ...l.labels }, portName: METRICS_PORT.name };
}
