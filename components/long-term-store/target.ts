import type { ServiceTarget } from "../common/scrape/service-target";
import { LongTermStoreSettings } from "../../config";
import { LONG_TERM_STORE_PORT_NAME, longTermStoreWriteUrl } from "./layout";
import { isCentral, VMAUTH, vmauthName } from "./vmauth";

/** The in-cluster long-term store as Prometheus reaches it: its Service for the scrape job, and its write URL. */
export interface LongTermStoreTarget extends ServiceTarget {
    /** The remote write endpoint, http://<name>.<namespace>.svc:8428/api/v1/write. */
    writeUrl: string;
    /** A central store's vmauth, which serves /metrics on its http port. */
    vmauth?: ServiceTarget;
}

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
