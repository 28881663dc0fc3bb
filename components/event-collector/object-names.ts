import { EVENT_COLLECTOR_KEY, EventCollectorSettings, fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { eventCollectorClusterRole, eventCollectorClusterRoleBinding, eventCollectorConfigMap, eventCollectorDeployment, eventCollectorServiceAccount } from "./objects";

/** Every object EventCollector creates, from its builders, all named by eventCollector.name; none when it is off. */
export function eventCollectorObjects(e: EventCollectorSettings): NamedObject[] {
    if (!e.enabled) {
        return [];
    }
    return namedBy(
        `${fullKey(EVENT_COLLECTOR_KEY)}.name`,
        eventCollectorServiceAccount(e),
        eventCollectorClusterRole(e),
        eventCollectorClusterRoleBinding(e),
        eventCollectorConfigMap(e),
        eventCollectorDeployment(e),
    );
}
