import { fullKey, LONG_TERM_STORE_KEY, Settings } from "../../config";
import { ComponentEndpoint } from "../auth-gateway/checklist-endpoints";
import { vmauthName } from "./vmauth";

/** A central store's write endpoint: vmauth's Ingress, where each edge writes as its own user. */
export function longTermStoreEndpoints(s: Settings): ComponentEndpoint[] {
    const lts = s.longTermStore;
    if (!(lts.enabled && lts.ingress && lts.edges.length > 0)) {
        return [];
    }
    const users = lts.edges.map((e) => `${e.cluster} (password ${e.stack !== undefined ? `from stack ${e.stack}'s output longTermStoreWriteCredential` : `in the secret ${e.passwordKey}`})`);
    return [
        {
            object: `${lts.namespace}/${vmauthName(lts)}`,
            endpoint: {
                url: `${lts.ingress.tlsSecretName ? "https" : "http"}://${lts.ingress.host}/api/v1/write`,
                product: "vmauth (the long-term store's write endpoint)",
                key: `${fullKey(LONG_TERM_STORE_KEY)}.ingress`,
                auth: `vmauth's per-edge users, each writing as its cluster label: ${users.join(", ")}`,
            },
            host: lts.ingress.host,
        },
    ];
}
