import { NodeExporterSettings } from "../../config";
import { NODE_EXPORTER_PORT_NAME, nodeExporterLabels } from "./layout";

/** node-exporter's pods, as its job finds them: by their labels and the port's name. */
export interface NodeExporterTarget {
    namespace: string;
    podLabels: Record<string, string>;
    portName: string;
}

/** The exporter's pods as its job finds them, while it runs. */
export function nodeExporterTarget(n: NodeExporterSettings): NodeExporterTarget | undefined {
    return n.enabled ? { namespace: n.namespace, podLabels: nodeExporterLabels(n), portName: NODE_EXPORTER_PORT_NAME } : undefined;
}
