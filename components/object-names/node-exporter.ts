import { fullKey, NodeExporterSettings } from "../../config";
import { NamedObject } from "./named-object";

/** Every object NodeExporter creates, named as its builders name them; none when it is off. */
export function nodeExporterObjects(n: NodeExporterSettings): NamedObject[] {
    return n.enabled ? [{ kind: "DaemonSet", namespace: n.namespace, name: n.name, key: `${fullKey("nodeExporter")}.name` }] : [];
}
