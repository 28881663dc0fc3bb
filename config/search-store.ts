import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { authenticatedHttpRouteSchema, kibanaRouteIssues } from "./gateway-route";
import { z } from "zod";
import { closedObject, flag, integer, text, whenClean } from "./fields";
import { containerImage, cronSchedule, dnsLabel, secretName, serviceName, statefulSetName } from "./formats";
import { elasticsearchExporterSchema } from "./elasticsearch-exporter";
import { IN_CLUSTER_STORE_KINDS, InClusterStoreKind } from "../log-agent-releases/release-lines";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { choice } from "./fields";
import { storageSchema } from "./storage";

export const SEARCH_STORE_KEY = "searchStore";

/** The settings key of the store's UI: its route's messages, its gateway's names and outputs (config/gateway-route.ts). */
export const KIBANA_KEY = `${SEARCH_STORE_KEY}.kibana`;

export const SEARCH_STORE_KINDS = IN_CLUSTER_STORE_KINDS;
export type SearchStoreKind = InClusterStoreKind;

/**
 * What differs between the two in-cluster stores (docs/log-store.md): the store's and its UI's
 * images (the UI must run the store's own version), the oldest of each, and how they are named in
 * messages. OSS 7.10.2 is the last Apache-licensed Elasticsearch, end-of-life since 2022;
 * OpenSearch and OpenSearch Dashboards are Apache-licensed and maintained, 3.6.0 being the newest
 * release read (endoflife.date's OpenSearch page of 2026-04-30: line 3, latest 3.6.0 of 2026-04-07).
 */
export const SEARCH_STORE_FLAVOURS: Record<SearchStoreKind, { product: string; ui: string; image: string; uiImage: string; oldest: { version: string; why: string }; uiOldest: { version: string; why: string } }> = {
    "elasticsearch-oss": {
        product: "Elasticsearch OSS",
        ui: "Kibana",
        image: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.2",
        uiImage: "docker.elastic.co/kibana/kibana-oss:7.10.2",
        oldest: OLDEST_IMAGES.searchStore,
        uiOldest: OLDEST_IMAGES.kibana,
    },
    opensearch: {
        product: "OpenSearch",
        ui: "OpenSearch Dashboards",
        image: "docker.io/opensearchproject/opensearch:3.6.0",
        uiImage: "docker.io/opensearchproject/opensearch-dashboards:3.6.0",
        oldest: OLDEST_IMAGES.openSearch,
        uiOldest: OLDEST_IMAGES.openSearchDashboards,
    },
};

/** OSS 7.10.2 is the last Apache-licensed 7.x image; fluent-plugin-elasticsearch 3.5 speaks 7.x. */
export const SEARCH_STORE_DEFAULTS = {
    enabled: false,
    kind: "elasticsearch-oss" as SearchStoreKind,
    name: "elasticsearch-logging",
    image: SEARCH_STORE_FLAVOURS["elasticsearch-oss"].image,
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
    image: SEARCH_STORE_FLAVOURS["elasticsearch-oss"].uiImage,
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
    enabled: flag().default(kd.enabled).meta({ description: "deploy the store's UI beside it (Kibana OSS, or OpenSearch Dashboards for kind opensearch), with the index pattern provisioned" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v)).default(kd.name).meta({ description: "Deployment, Service and ServiceAccount name, in the log agent's namespace" }),
    image: text(containerImage)
        .optional()
        .meta({
            description: `the UI's image, of searchStore.image's version; by kind: ${SEARCH_STORE_KINDS.map((k) => `${k}: ${SEARCH_STORE_FLAVOURS[k].uiImage}`).join("; ")}`,
        }),
    indexPattern: text((v) => (/^[a-z0-9][a-z0-9._-]*\*?$/.test(v) ? undefined : "an index pattern such as logstash-*")).default(kd.indexPattern).meta({
        description: "the index pattern provisioned in Kibana, with @timestamp as its time field",
    }),
    resources: resourcesSchema(kd.resources).meta({ description: "Kibana's CPU and memory" }),
    httpRoute: authenticatedHttpRouteSchema.optional().meta({
        description:
            "a Gateway API HTTPRoute to Kibana: { parentRefs, hostname, auth }; none by default; auth is proxy (basicAuth) or public with a reason, since Kibana OSS has no login (docs/gateway-api.md#the-search-stores-ui)",
    }),
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
const tlsSchema = closedObject({
    secretName: text(secretName, "logs-store-tls").meta({
        description:
            "a kubernetes.io/tls Secret in the log agent's namespace (cert-manager's Certificate makes one) with tls.crt, tls.key in PKCS#8 and ca.crt; " +
            "the certificate names <name>.<namespace>.svc and <name>, with server and client authentication usages",
    }),
});

export const searchStoreSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the in-cluster store" }),
    kind: choice(SEARCH_STORE_KINDS)
        .default(d.kind)
        .meta({ description: "elasticsearch-oss (Elasticsearch OSS 7.10.2, end-of-life, for log agent line 1.6.3) or opensearch (for line 1.19-opensearch): docs/log-store.md" }),
    name: text((v) => statefulSetName(v) ?? serviceName(v)).default(d.name).meta({ description: "StatefulSet and Service name, in the log agent's namespace; logs.search.host must be <name>, <name>.<namespace>, <name>.<namespace>.svc or <name>.<namespace>.svc.cluster.local" }),
    image: text(containerImage)
        .optional()
        .meta({ description: `the store's image; by kind: ${SEARCH_STORE_KINDS.map((k) => `${k}: ${SEARCH_STORE_FLAVOURS[k].image} (${SEARCH_STORE_FLAVOURS[k].oldest.version} or newer)`).join("; ")}` }),
    tls: tlsSchema.optional().meta({ description: "kind opensearch only, and required there: the certificate the store serves HTTPS and its transport with, { secretName } (docs/log-store.md#tls-and-the-password)" }),
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
    const flavour = SEARCH_STORE_FLAVOURS[s.kind];
    const image = s.image ?? flavour.image;
    const uiImage = s.kibana.image ?? flavour.uiImage;
    const old = imageAtLeast(flavour.oldest)(image);
    if (old !== undefined) {
        ctx.addIssue({ code: "custom", path: ["image"], input: image, message: `for kind ${s.kind}, ${old}` });
    }
    const uiOld = s.kibana.enabled ? imageAtLeast(flavour.uiOldest)(uiImage) : undefined;
    if (uiOld !== undefined) {
        ctx.addIssue({ code: "custom", path: ["kibana", "image"], input: uiImage, message: `for kind ${s.kind}, ${uiOld}` });
    }
    const store = imageTag(image);
    if (s.kibana.enabled && uiOld === undefined && old === undefined && store !== imageTag(uiImage)) {
        ctx.addIssue({
            code: "custom",
            path: ["kibana", "image"],
            input: uiImage,
            message: `a ${flavour.ui} image of the store's version ${store ?? "(searchStore.image has no tag)"}, since ${flavour.ui} refuses a store of another version`,
        });
    }
    if (s.kind === "opensearch" && s.tls === undefined) {
        ctx.addIssue({
            code: "custom",
            path: ["tls"],
            input: s.tls,
            message: "{ secretName } of a kubernetes.io/tls Secret: OpenSearch's security plugin serves HTTPS and its transport only with a certificate (docs/log-store.md#tls-and-the-password)",
        });
    }
    if (s.kind !== "opensearch" && s.tls !== undefined) {
        ctx.addIssue({ code: "custom", path: ["tls"], input: s.tls, message: `nothing for kind ${s.kind}: Elasticsearch OSS has no security plugin and serves plain HTTP, so the certificate would do nothing` });
    }
}, whenClean("kind", "image", "kibana", "tls")).superRefine((s, ctx) => {
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
}, whenClean("name", "kibana", "retention")).superRefine((s, ctx) => {
    for (const issue of kibanaRouteIssues(s.kind, s.kibana)) {
        ctx.addIssue({ code: "custom", ...issue, path: ["kibana", ...issue.path] });
    }
}, whenClean("kind", "kibana"));

/** The store's settings with the defaults that follow its kind filled in: the images, and the exporter, on unless switched off. */
export function resolveSearchStore(s: z.output<typeof searchStoreSchema>) {
    const flavour = SEARCH_STORE_FLAVOURS[s.kind];
    return {
        ...s,
        image: s.image ?? flavour.image,
        kibana: { ...s.kibana, image: s.kibana.image ?? flavour.uiImage },
        // The exporter runs beside either store: over HTTP for Elasticsearch OSS, over HTTPS with its own user for OpenSearch.
        exporter: { ...s.exporter, enabled: s.exporter.enabled ?? true },
    };
}


export type SearchStoreSettings = ReturnType<typeof resolveSearchStore> & {
    /** The log agent's namespace, so that the agent's short host name resolves to the Service. */
    namespace: string;
};

/** The host names under which the store's Service answers inside the log agent's namespace. */
export function searchStoreHosts(s: Pick<SearchStoreSettings, "name" | "namespace">): string[] {
    return [s.name, `${s.name}.${s.namespace}`, `${s.name}.${s.namespace}.svc`, `${s.name}.${s.namespace}.svc.cluster.local`];
}

/**
 * The in-cluster OpenSearch's users, whose passwords the program generates. `admin` (backend role
 * admin, all_access through the security plugin's default roles_mapping.yml) for Dashboards and
 * the curl jobs, which install templates, change settings and delete indices; the log agent's own
 * user with backend role logstash, which the default roles_mapping.yml gives the static role
 * logstash: bulk writes and index creation on logstash-* only (static_roles.yml at
 * opensearch-project/security 3.6.0.0), exactly the agent's indices (LOG_INDEX_PREFIX).
 */
export const OPENSEARCH_USER = "admin";
export const OPENSEARCH_AGENT_USER = "fluentd";
export const OPENSEARCH_AGENT_BACKEND_ROLE = "logstash";
/** Appended to searchStore.name for the Secret with the generated passwords (docs/log-store.md#tls-and-the-password). */
export const STORE_CREDENTIALS_SUFFIX = "-credentials";
export const STORE_PASSWORD_KEY = "password";
export const STORE_AGENT_PASSWORD_KEY = "agent-password";
export const STORE_EXPORTER_PASSWORD_KEY = "exporter-password";


