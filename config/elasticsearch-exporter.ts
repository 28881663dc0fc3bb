import { z } from "zod";
import { closedObject, flag, text } from "./fields";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { ResourceSettings, resourcesSchema } from "./resources";

/**
 * prometheus-community/elasticsearch_exporter v1.11.0, its newest release; the requests are its
 * own Kubernetes example's (examples/kubernetes/deployment.yml): it holds one scrape's JSON.
 */
export const ELASTICSEARCH_EXPORTER_DEFAULTS = {
    enabled: true,
    image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.11.0",
    resources: { cpuRequest: "25m", memoryRequest: "64Mi", memoryLimit: "128Mi" } as ResourceSettings,
};

const d = ELASTICSEARCH_EXPORTER_DEFAULTS;

/** `searchStore.exporter`: the exporter the "elasticsearch" scrape job reads (docs/log-agent.md#metrics-of-the-store). */
export const elasticsearchExporterSchema = closedObject({
    enabled: flag().optional().meta({ description: `run elasticsearch_exporter beside the in-cluster store and scrape it as job elasticsearch (default ${d.enabled}); for kind opensearch it logs in with its own monitoring user and verifies the store's certificate` }),
    image: text(imageAtLeast(OLDEST_IMAGES.elasticsearchExporter)).default(d.image).meta({ description: "the elasticsearch_exporter image, for both store kinds; its flags and families follow v1.11.0" }),
    resources: resourcesSchema(d.resources).meta({ description: "the exporter container's CPU and memory" }),
}).prefault({});

/** Resolved by the store's kind (config/search-store.ts). */
export type ElasticsearchExporterSettings = Omit<z.output<typeof elasticsearchExporterSchema>, "enabled"> & { enabled: boolean };

