import { fullKey, SearchStoreSettings } from "../../config";
import { NamedObject } from "./named-object";

/** Every object SearchStore creates, named as its builders name them; none when it is off. */
export function searchStoreObjects(s: SearchStoreSettings): NamedObject[] {
    if (!s.enabled) {
        return [];
    }
    const key = `${fullKey("searchStore")}.name`;
    const objects: NamedObject[] = [
        { kind: "Service", namespace: s.namespace, name: s.name, key },
        { kind: "StatefulSet", namespace: s.namespace, name: s.name, key },
        { kind: "ServiceAccount", namespace: s.namespace, name: s.name, key },
    ];
    if (s.storage.mode === "nfs") {
        objects.push({ kind: "PersistentVolume", name: s.name, key });
    }
    return objects;
}
