import { fullKey, LONG_TERM_STORE_KEY, LongTermStoreSettings } from "../../config";
import { NamedObject } from "../common/named-object";
import { authKeySecretName } from "./layout";
import { isCentral, vmauthName } from "./vmauth";
import { backupSecretName } from "./backup";

/** Every object LongTermStore creates, all named by longTermStore.name; none when it is off. */
export function longTermStoreObjects(s: LongTermStoreSettings): NamedObject[] {
    if (!s.enabled) {
        return [];
    }
    const key = `${fullKey(LONG_TERM_STORE_KEY)}.name`;
    return [
        { kind: "Service", namespace: s.namespace, name: s.name, key },
        { kind: "StatefulSet", namespace: s.namespace, name: s.name, key },
        { kind: "ServiceAccount", namespace: s.namespace, name: s.name, key },
        { kind: "Secret", namespace: s.namespace, name: authKeySecretName(s), key },
        ...(s.storage.mode === "nfs" ? [{ kind: "PersistentVolume", name: s.name, key }] : []),
        ...(isCentral(s) ? ["Secret", "Deployment", "Service", "ServiceAccount"].map((kind) => ({ kind, namespace: s.namespace, name: vmauthName(s), key })) : []),
        ...(isCentral(s) && s.ingress ? [{ kind: "Ingress", namespace: s.namespace, name: vmauthName(s), key }] : []),
        ...(s.backup && s.backupCredentials ? [{ kind: "Secret", namespace: s.namespace, name: backupSecretName(s), key }] : []),
    ];
}
