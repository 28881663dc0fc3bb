import { readBoolean, readObject, readString } from "./fields";
import { containerImage, dnsLabel } from "./formats";
import { LogsSettings } from "./logs";
import { Problems } from "./problems";
import { readResources, ResourceSettings } from "./resources";
import { fullKey } from "./source";
import { readStorage, StorageSettings } from "./storage";

/**
 * An optional single-node Elasticsearch for clusters that have no search store, as the
 * fluentd-elasticsearch add-on shipped `elasticsearch-logging`. Dev-grade: one node, no auth, no TLS.
 */
export interface SearchStoreSettings {
    enabled: boolean;
    /** The StatefulSet's and the Service's name: the host the log agent ships to. */
    name: string;
    /** The log agent's namespace, so that the agent's short host name resolves to the Service. */
    namespace: string;
    image: string;
    /** -Xms and -Xmx; Elasticsearch wants about half the container's memory. */
    heapSize: string;
    resources: ResourceSettings;
    storage: StorageSettings;
    /**
     * true: a privileged init container raises vm.max_map_count on the node, as the add-on did.
     * false: Elasticsearch does not memory-map its indices (node.store.allow_mmap), so no
     * container needs privileges.
     */
    mmap: boolean;
}

export const SEARCH_STORE_KEY = "searchStore";

/** OSS 7.10.2 is the last Apache-licensed 7.x image; fluent-plugin-elasticsearch 3.5 speaks 7.x. */
export const SEARCH_STORE_DEFAULTS = {
    enabled: false,
    name: "elasticsearch-logging",
    image: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.2",
    heapSize: "512m",
    resources: { cpuRequest: "100m", memoryRequest: "1Gi", memoryLimit: "1Gi" } as ResourceSettings,
    storageSize: "10Gi",
    mmap: false,
} as const;

const SEARCH_STORE_KEYS = ["enabled", "name", "image", "heapSize", "resources", "storage", "mmap"] as const;

function javaHeapSize(value: string): string | undefined {
    return /^[1-9][0-9]*[mg]$/.test(value) ? undefined : "a JVM heap size such as 512m or 2g";
}

/**
 * Reads `searchStore`. When it is enabled, the log agent must ship to it: the agent's
 * search settings are checked against the Service this component creates.
 */
export function readSearchStoreSettings(value: unknown, logs: LogsSettings, problems: Problems): SearchStoreSettings {
    const key = fullKey(SEARCH_STORE_KEY);
    const at = (field: string) => `${key}.${field}`;
    const raw = readObject(problems, key, value, SEARCH_STORE_KEYS);
    const d = SEARCH_STORE_DEFAULTS;
    const settings: SearchStoreSettings = {
        enabled: readBoolean(problems, at("enabled"), raw.enabled, d.enabled),
        name: readString(problems, at("name"), raw.name, d.name, dnsLabel),
        namespace: logs.namespace,
        image: readString(problems, at("image"), raw.image, d.image, containerImage),
        heapSize: readString(problems, at("heapSize"), raw.heapSize, d.heapSize, javaHeapSize),
        resources: readResources(problems, at("resources"), raw.resources, d.resources),
        storage: readStorage(problems, at("storage"), raw.storage, d.storageSize),
        mmap: readBoolean(problems, at("mmap"), raw.mmap, d.mmap),
    };
    if (settings.enabled) {
        checkAgentShipsHere(settings, logs, problems);
    }
    return settings;
}

/** The host names under which the store's Service answers inside the log agent's namespace. */
export function searchStoreHosts(s: Pick<SearchStoreSettings, "name" | "namespace">): string[] {
    return [s.name, `${s.name}.${s.namespace}`, `${s.name}.${s.namespace}.svc`, `${s.name}.${s.namespace}.svc.cluster.local`];
}

export const SEARCH_STORE_PORT = 9200;

function checkAgentShipsHere(s: SearchStoreSettings, logs: LogsSettings, problems: Problems): void {
    const search = `${fullKey("logs")}.search`;
    const because = `because ${fullKey(SEARCH_STORE_KEY)}.enabled is true and the in-cluster store`;
    if (!searchStoreHosts(s).includes(logs.search.host)) {
        problems.add(`${search}.host`, logs.search.host, `one of ${searchStoreHosts(s).join(", ")}, ${because} is reached there`);
    }
    if (logs.search.port !== SEARCH_STORE_PORT) {
        problems.add(`${search}.port`, logs.search.port, `${SEARCH_STORE_PORT}, ${because} listens there`);
    }
    if (logs.search.scheme !== "http") {
        problems.add(`${search}.scheme`, logs.search.scheme, `http, ${because} serves no TLS`);
    }
    if (logs.search.user !== undefined) {
        problems.add(`${search}.user`, logs.search.user, `no user, ${because} has no authentication`);
    }
}
