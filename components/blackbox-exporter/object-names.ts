import { BLACKBOX_EXPORTER_KEY, BlackboxExporterSettings, fullKey } from "../../config";
import { NamedObject } from "../common/named-object";

/** Every object BlackboxExporter creates, all named by blackboxExporter.name; none when it is off. */
export function blackboxExporterObjects(b: BlackboxExporterSettings): NamedObject[] {
    if (!b.enabled) {
        return [];
    }
    const key = `${fullKey(BLACKBOX_EXPORTER_KEY)}.name`;
    return ["ServiceAccount", "ConfigMap", "Service", "Deployment"].map((kind) => ({ kind, namespace: b.namespace, name: b.name, key }));
}
