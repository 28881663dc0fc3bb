import { AlertmanagerSettings, fullKey } from "../../config";
import { AlertmanagerServer } from "./replicas";
import { NamedObject, namedBy } from "../common/named-object";
import { withWorkloadHatch } from "../common/workload-hatch";
import { nfsPersistentVolume } from "../storage";
import { alertmanagerConfigSecret } from "./config-secret";
import { alertmanagerHttpRoute, alertmanagerIngress } from "./ingress";
import { alertmanagerService } from "./service";
import { alertmanagerServiceAccount } from "./service-account";
import { alertmanagerDisruptionBudget, alertmanagerStatefulSet } from "./statefulset";
import { webSecret } from "./web-config";

/**
 * Every object Alertmanager creates, from its builders, all named by alertmanager.name; none when
 * it is off. The web Secret's password is generated at deployment: content, not identity.
 */
export function alertmanagerObjects(a: AlertmanagerServer): NamedObject[] {
    if (!a.enabled) {
        return [];
    }
    const optional = <T>(o: T | undefined): T[] => (o === undefined ? [] : [o]);
    return namedBy(
        `${fullKey("alertmanager")}.name`,
        alertmanagerConfigSecret(a),
        alertmanagerService(a),
        withWorkloadHatch(alertmanagerStatefulSet(a), "alertmanager", a.extra),
        alertmanagerServiceAccount(a),
        ...optional(alertmanagerDisruptionBudget(a)),
        ...optional(nfsPersistentVolume(a.name, a.storage)),
        ...optional(alertmanagerIngress(a)),
        ...optional(alertmanagerHttpRoute(a)),
        ...optional(webSecret(a, undefined)),
    );
}
