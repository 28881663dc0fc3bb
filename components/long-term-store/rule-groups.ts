import { backupIntervalSeconds } from "../../config";
import { rulesOf } from "../contribution";
import { longTermStoreGroup } from "./alerts";

/** The store's alerts while it runs and is scraped as job long-term-store, with its backup's interval while it runs its backup loop. */
export const longTermStoreRules = rulesOf(
    (c: { backupSeconds?: number }) => [longTermStoreGroup(c.backupSeconds)],
    (s) => (s.longTermStore.enabled ? (s.longTermStore.backup ? { backupSeconds: backupIntervalSeconds(s.longTermStore.backup) } : {}) : undefined),
    () => ({ backupSeconds: 86400 }),
);
