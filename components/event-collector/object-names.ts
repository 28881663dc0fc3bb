import { EVENT_COLLECTOR_KEY, EventCollectorSettings, fullKey } from "../../config";
import { NamedObject } from "../common/named-object";

/** Every object EventCollector creates, all named by eventCollector.name; none when it is off. */
export function eventCollectorObjects(e: EventCollectorSettings): NamedObject[] {
    if (!e.enabled) {
        return [];
    }
    const key = `${fullKey(EVENT_COLLECTOR_KEY)}.name`;
    return [
        ...["ServiceAccount", "ConfigMap", "Deployment"].map((kind) => ({ kind, namespace: e.namespace, name: e.name, key })),
        ...["ClusterRole", "ClusterRoleBinding"].map((kind) => ({ kind, name: e.name, key })),
    ];
}
