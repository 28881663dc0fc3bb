import { BLACKBOX_EXPORTER_KEY, BlackboxExporterSettings, fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { blackboxConfigMap, blackboxDeployment, blackboxService, blackboxServiceAccount } from "./objects";

/** Every object BlackboxExporter creates, from its builders, all named by blackboxExporter.name; none when it is off. */
export function blackboxExporterObjects(b: BlackboxExporterSettings): NamedObject[] {
    if (!b.enabled) {
        return [];
    }
    return namedBy(`${fullKey(BLACKBOX_EXPORTER_KEY)}.name`, blackboxServiceAccount(b), blackboxConfigMap(b), blackboxService(b), blackboxDeployment(b));
}
