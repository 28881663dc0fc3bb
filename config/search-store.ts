import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { z } from "zod";
import { closedObject, flag, integer, text, whenClean } from "./fields";
import { cronSchedule, dnsLabel, serviceName, statefulSetName } from "./formats";
import { elasticsearchExporterSchema } from "./elasticsearch-exporter";
import { logAgentLineOf, LogsSettings } from "./logs";
import { DEFAULT_LOG_AGENT_RELEASE } from "../log-agent-releases/release-lines";
import { Problems } from "./problems";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { fullKey } from "./source";
import { storageSchema } from "./storage";

export const SEARCH_STORE_KEY = "searchStore";
const DEFAULT_LOGS_IMAGE = DEFAULT_LOG_AGENT_RELEASE.image;
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

/**
 * discovery.type single-node forms a cluster of exactly one node, so the StatefulSet runs this many
 * pods and the log indices' replica count is derived from it (components/index-template).
 */
export const SEARCH_STORE_NODES = 1;

/**
 * The suffixes that name the retention CronJob, the index template Job and the index pattern Job
 * after the store and Kibana. The store's name has at most 52 characters (a StatefulSet's), so
 * the template Job's name fits Kubernetes' 63 without a check of its own.
 */
export const RETENTION_SUFFIX = "-retention";
export const INDEX_TEMPLATE_SUFFIX = "-template";
export const INDEX_PATTERN_SUFFIX = "-index-pattern";

/** Kibana must run the store's own version; the OSS build matches the OSS store. */
export const KIBANA_DEFAULTS = {
    enabled: true,
    name: "kibana-logging",
    image: "docker.elastic.co/kibana/kibana-oss:7.10.2",
    indexPattern: "logstash-*",
    resources: { cpuRequest: "100m", memoryRequest: "512Mi", memoryLimit: "1Gi" } as ResourceSettings,
};

/**
 * The retention CronJob and the index pattern Job call the REST APIs of the store and Kibana
 * with curl from a shell script; curlimages/curl has both and runs as a non-root user.
 */
export const LOG_RETENTION_DEFAULTS = {
    enabled: true,
    days: 7,
    schedule: "30 1 * * *",
    image: "docker.io/curlimages/curl:8.11.1",
    resources: { cpuRequest: "10m", memoryRequest: "32Mi", memoryLimit: "64Mi" } as ResourceSettings,
};

/** The version tag of an image reference (the part after the last colon of its name), if any. */
export function imageTag(image: string): string | undefined {
    const name = image.split("@")[0];
    const colon = name.lastIndexOf(":");
    return colon > name.lastIndexOf("/") ? name.slice(colon + 1) : undefined;
}

const kd = KIBANA_DEFAULTS;
const kibanaSchema = closedObject({
    enabled: flag().default(kd.enabled).meta({ description: "deploy Kibana beside the in-cluster store, with the index pattern provisioned" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v)).default(kd.name).meta({ description: "Deployment, Service and ServiceAccount name, in the log agent's namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.kibana)).default(kd.image).meta({ description: "the Kibana OSS image; its version must equal searchStore.image's" }),
    indexPattern: text((v) => (/^[a-z0-9][a-z0-9._-]*\*?$/.test(v) ? undefined : "an index pattern such as logstash-*")).default(kd.indexPattern).meta({
        description: "the index pattern provisioned in Kibana, with @timestamp as its time field",
    }),
    resources: resourcesSchema(kd.resources).meta({ description: "Kibana's CPU and memory" }),
});

const rd = LOG_RETENTION_DEFAULTS;
const retentionSchema = closedObject({
    enabled: flag().default(rd.enabled).meta({ description: "delete old daily log indices from the in-cluster store" }),
    days: integer(1, 3650, "days of logs to keep").default(rd.days).meta({ description: "indices logstash-YYYY.MM.DD older than this many days are deleted" }),
    schedule: text(cronSchedule).default(rd.schedule).meta({ description: "when the CronJob runs, in the cluster's time zone (kube-controller-manager's): five cron fields, each in range, on a day that comes (not 31 February), or a macro such as @daily" }),
    image: text(imageAtLeast(OLDEST_IMAGES.curl)).default(rd.image).meta({ description: "an image with sh and curl, for the retention CronJob, the index template Job and Kibana's index pattern Job" }),
    resources: resourcesSchema(rd.resources).meta({ description: "CPU and memory of the retention, index template and index pattern containers" }),
});

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
    image: text(imageAtLeast(OLDEST_IMAGES.searchStore)).default(d.image).meta({ description: "the Elasticsearch 7 OSS image (7.8 or newer)" }),
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
    kibana: kibanaSchema.prefault({}).meta({ description: "Kibana, the store's UI (docs/log-agent.md#kibana)" }),
    retention: retentionSchema.prefault({}).meta({ description: "deleting old log indices (docs/log-agent.md#log-retention)" }),
    exporter: elasticsearchExporterSchema.meta({ description: "the store's Prometheus exporter (docs/log-agent.md#metrics-of-the-store)" }),
}).superRefine((s, ctx) => {
    const store = imageTag(s.image);
    const kibana = imageTag(s.kibana.image);
    if (s.kibana.enabled && store !== kibana) {
        ctx.addIssue({
            code: "custom",
            path: ["kibana", "image"],
            input: s.kibana.image,
            message: `a Kibana image of the store's version ${store ?? "(searchStore.image has no tag)"}, since Kibana refuses an Elasticsearch of another version`,
        });
    }
}, whenClean("image", "kibana")).superRefine((s, ctx) => {
    // Kubernetes allows CronJob names of 52 characters (it appends an 11-character suffix to each
    // Job) and label values of 63; these names add a suffix to a stack's name.
    const retention = `${s.name}${RETENTION_SUFFIX}`;
    if (s.retention.enabled && retention.length > 52) {
        ctx.addIssue({
            code: "custom",
            path: ["name"],
            input: s.name,
            message: `at most ${52 - RETENTION_SUFFIX.length} characters while retention is on, since the CronJob ${retention} may have at most 52`,
        });
    }
    const job = `${s.kibana.name}${INDEX_PATTERN_SUFFIX}`;
    if (s.kibana.enabled && job.length > 63) {
        ctx.addIssue({
            code: "custom",
            path: ["kibana", "name"],
            input: s.kibana.name,
            message: `at most ${63 - INDEX_PATTERN_SUFFIX.length} characters, since the index pattern Job ${job} may have at most 63`,
        });
    }
}, whenClean("name", "kibana", "retention"));


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
    const line = logAgentLineOf(logs);
    const fit = line.stores["elasticsearch-oss"];
    if (!fit.speaks) {
        // The line's key: the image when its tag names the line, else the release that states it.
        const key = logs.release !== undefined && !line.recognises(logs.image) ? "release" : "image";
        const instead =
            line.output.plugin === "opensearch"
                ? "ship to a hosted or self-run OpenSearch instead"
                : "ship to a hosted or self-run Elasticsearch 8 of the default distribution instead";
        problems.add(
            `${fullKey("logs")}.${key}`,
            key === "image" ? logs.image : logs.release,
            `a log agent line that can speak to the in-cluster Elasticsearch OSS ${s.image.slice(s.image.lastIndexOf(":") + 1)} (line 1.6.3, ${DEFAULT_LOGS_IMAGE}), ` +
                `${because} cannot be written by line ${line.line}: ${fit.why}; ${instead} (docs/log-store.md#which-line-speaks-to-which-store)`,
        );
    }
}
