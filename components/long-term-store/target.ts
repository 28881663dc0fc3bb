import { LONG_TERM_STORE_PORT_NAME, LongTermStoreSettings, LongTermStoreTarget } from "../../config";
import { longTermStoreWriteUrl } from "./layout";
import { isCentral, VMAUTH, vmauthName } from "./vmauth";

/** The in-cluster store as Prometheus reaches it while it runs: its Service, which it scrapes and writes to, and a central store's vmauth. */
export function longTermStoreTarget(t: LongTermStoreSettings): LongTermStoreTarget | undefined {
    if (!t.enabled) {
        return undefined;
    }
    return {
        namespace: t.namespace,
        serviceName: t.name,
        portName: LONG_TERM_STORE_PORT_NAME,
        writeUrl: longTermStoreWriteUrl(t),
        ...(isCentral(t) ? { vmauth: { namespace: t.namespace, serviceName: vmauthName(t), portName: VMAUTH.port.name } } : {}),
    };
}
