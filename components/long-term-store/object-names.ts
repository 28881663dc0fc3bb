import { fullKey, LONG_TERM_STORE_KEY } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { nfsPersistentVolume } from "../storage";
import { authKeySecret } from "./auth-keys";
import { backupSecret } from "./backup";
import { longTermStoreService } from "./service";
import { longTermStoreServiceAccount } from "./service-account";
import { LongTermStoreServer } from "./server";
import { longTermStoreStatefulSet } from "./statefulset";
import { isCentral, vmauthDeployment, vmauthIngress, vmauthSecret, vmauthService, vmauthServiceAccount } from "./vmauth";

/**
 * Every object LongTermStore creates, from the builders it calls with the same arguments, all named
 * by longTermStore.name; none when it is off. The auth keys are generated at deployment: content,
 * not identity, so the registry builds their Secret without them.
 */
export function longTermStoreObjects(s: LongTermStoreServer): NamedObject[] {
    if (!s.enabled) {
        return [];
    }
    const optional = <T>(o: T | undefined): T[] => (o === undefined ? [] : [o]);
    return namedBy(
        `${fullKey(LONG_TERM_STORE_KEY)}.name`,
        longTermStoreService(s),
        longTermStoreStatefulSet(s),
        longTermStoreServiceAccount(s),
        authKeySecret(s, {}),
        ...optional(nfsPersistentVolume(s.name, s.storage)),
        ...(isCentral(s)
            ? [vmauthSecret(s), vmauthDeployment(s), vmauthService(s), vmauthServiceAccount(s), ...optional(vmauthIngress(s))]
            : []),
        ...optional(backupSecret(s)),
    );
}
