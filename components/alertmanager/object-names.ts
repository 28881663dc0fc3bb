import { AlertmanagerSettings, fullKey } from "../../config";
import { configSecretName, webSecretName } from "./layout";
import { NamedObject } from "../common/named-object";
import { isReplicated } from "../common/replica-spread";

/** Every object Alertmanager creates, all named by alertmanager.name; none when it is off. */
export function alertmanagerObjects(a: AlertmanagerSettings): NamedObject[] {
    if (!a.enabled) {
        return [];
    }
    const key = `${fullKey("alertmanager")}.name`;
    const objects: NamedObject[] = [
        { kind: "Secret", namespace: a.namespace, name: configSecretName(a), key },
        { kind: "Service", namespace: a.namespace, name: a.name, key },
        { kind: "StatefulSet", namespace: a.namespace, name: a.name, key },
        { kind: "ServiceAccount", namespace: a.namespace, name: a.name, key },
    ];
    if (isReplicated(a.replicas)) {
        objects.push({ kind: "PodDisruptionBudget", namespace: a.namespace, name: a.name, key });
    }
    if (a.storage.mode === "nfs") {
        objects.push({ kind: "PersistentVolume", name: a.name, key });
    }
    if (a.ingress) {
        objects.push({ kind: "Ingress", namespace: a.namespace, name: a.name, key });
    }
    if (a.web) {
        objects.push({ kind: "Secret", namespace: a.namespace, name: webSecretName(a), key });
    }
    return objects;
}
