import { NodeExporterSettings, NodeExporterTarget } from "../../config";
import { NODE_EXPORTER_PORT_NAME, nodeExporterLabels } from "./layout";

/** The exporter's pods as its job finds them, while it runs. */
export function nodeExporterTarget(n: NodeExporterSettings): NodeExporterTarget | undefined {
    return n.enabled ? { namespace: n.namespace, podLabels: nodeExporterLabels(n), portName: NODE_EXPORTER_PORT_NAME } : undefined;
}
