import { fullKey, NodeExporterSettings } from "../../config";
import { NamedObject } from "./named-object";

/** Every object NodeExporter creates, named as its builders name them; none when it is off. */
export function nodeExporterObjects(n: NodeExporterSettings): NamedObject[] {
    const key = `${fullKey("nodeExporter")}.name`;
    return n.enabled
        ? [
              { kind: "DaemonSet", namespace: n.namespace, name: n.name, key },
              { kind: "ServiceAccount", namespace: n.namespace, name: n.name, key },
          ]
        : [];
}
