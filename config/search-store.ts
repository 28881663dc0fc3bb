import { z } from "zod";
import { closedObject, flag, text } from "./fields";
import { containerImage, serviceName, statefulSetName } from "./formats";
import { LogsSettings } from "./logs";
import { Problems } from "./problems";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { fullKey } from "./source";
import { storageSchema } from "./storage";

export const SEARCH_STORE_KEY = "searchStore";
export const SEARCH_STORE_PORT = 9200;

/** OSS 7.10.2 is the last Apache-licensed 7.x image; fluent-plugin-elasticsearch 3.5 speaks 7.x. */
export const SEARCH_STORE_DEFAULTS = {
    enabled: false,
    name: "elasticsearch-logging",
    image: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.2",
    heapSize: "512m",
    resources: { cpuRequest: "100m", memoryRequest: "1Gi", memoryLimit: "1Gi" } as ResourceSettings,
    storageSize: "10Gi",
    mmap: false,
};

function javaHeapSize(value: string): string | undefined {
    return /^[1-9][0-9]*[mg]$/.test(value) ? undefined : "a JVM heap size such as 512m or 2g";
}

const d = SEARCH_STORE_DEFAULTS;

/**
 * `cluster-monitoring:searchStore`: an optional single-node Elasticsearch for clusters that have
 * no search store, as the fluentd-elasticsearch add-on shipped `elasticsearch-logging`.
 * Dev-grade: one node, no auth, no TLS.
 */
export const searchStoreSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the in-cluster Elasticsearch" }),
    name: text((v) => statefulSetName(v) ?? serviceName(v)).default(d.name).meta({ description: "StatefulSet and Service name, in the log agent's namespace; logs.search.host must be <name>, <name>.<namespace>, <name>.<namespace>.svc or <name>.<namespace>.svc.cluster.local" }),
    image: text(containerImage).default(d.image).meta({ description: "the Elasticsearch 7 OSS image" }),
    heapSize: text(javaHeapSize).default(d.heapSize).meta({ description: "-Xms and -Xmx; about half of the memory limit" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
    storage: storageSchema(d.storageSize).meta({ description: "the data volume: { mode, size, className, nfs }" }),
    mmap: flag()
        .default(d.mmap)
        .meta({
            description:
                "true: a privileged init container raises the node's vm.max_map_count, as the add-on did; " +
                "false: node.store.allow_mmap is off, so no container needs privileges",
        }),
});

export type SearchStoreSettings = z.output<typeof searchStoreSchema> & {
    /** The log agent's namespace, so that the agent's short host name resolves to the Service. */
    namespace: string;
};

/** The host names under which the store's Service answers inside the log agent's namespace. */
export function searchStoreHosts(s: Pick<SearchStoreSettings, "name" | "namespace">): string[] {
    return [s.name, `${s.name}.${s.namespace}`, `${s.name}.${s.namespace}.svc`, `${s.name}.${s.namespace}.svc.cluster.local`];
}

/** When the store is on, the log agent must ship to it: its search settings must match the Service. */
export function checkAgentShipsToStore(s: SearchStoreSettings, logs: LogsSettings, problems: Problems): void {
    if (!s.enabled) {
        return;
    }
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
