import { ConfigProblem, fullKey, SEARCH_STORE_KEY, SearchStoreSettings, Settings } from "../../config";
import { javaHeapBytes, MemoryDemand, memoryDemandProblems } from "../common/memory-demands";
import { SecurityDefault, securityDefaultProblems } from "../common/security-defaults";
import { agentShipsToStoreProblems } from "./ships-to-store";

/** Elasticsearch's JVM reserves its whole heap at start, inside the store's container. */
function storeMemoryDemands(store: SearchStoreSettings): MemoryDemand[] {
    const key = fullKey(SEARCH_STORE_KEY);
    return store.enabled
        ? [{ key: `${key}.heapSize`, value: store.heapSize, bytes: javaHeapBytes(store.heapSize), limitKey: `${key}.resources.memoryLimit`, limit: store.resources.memoryLimit, what: "Elasticsearch's JVM heap (-Xms and -Xmx)" }]
        : [];
}

/** Elasticsearch 8's security, which the program does not configure. */
function storeSecurityDefaults(store: SearchStoreSettings): SecurityDefault[] {
    return store.enabled
        ? [
              {
                  key: `${fullKey(SEARCH_STORE_KEY)}.image`,
                  image: store.image,
                  fromMajor: 8,
                  why:
                      "Elasticsearch 8 turns on security by default (TLS on the HTTP port and a password for every request), while the program runs the store " +
                      "without TLS or users: the log agent, the index template and retention Jobs and Kibana would all be refused; use a 7.x image (7.8 or newer)",
              },
          ]
        : [];
}

/** The store's checks while the stack loads (Component.checks): the log agent ships to it, its heap fits its limit, its image's security defaults fit the program's. */
export function searchStoreProblems(s: Settings): ConfigProblem[] {
    return [...agentShipsToStoreProblems(s), ...memoryDemandProblems(storeMemoryDemands(s.searchStore)), ...securityDefaultProblems(storeSecurityDefaults(s.searchStore))];
}
