import { SEARCH_STORE_PORT, SearchStoreSettings } from "../../config";

/** The exporter's Deployment, Service and ServiceAccount name, from the store's. */
export function elasticsearchExporterName(store: { name: string }): string {
    return `${store.name}${EXPORTER_SUFFIX}`;
}

/**
 * Appended to searchStore.name for the exporter's Deployment, Service and ServiceAccount; the
 * store's name has at most 52 characters (a StatefulSet's), so the result fits a DNS label.
 */
export const EXPORTER_SUFFIX = "-exporter";

/** The name of that port, which the scrape job keeps. */
export const ELASTICSEARCH_EXPORTER_PORT_NAME = "http";

/** The in-cluster search store's exporter's job label. */
export const SEARCH_STORE_JOB_NAME = "elasticsearch";

/** Names and paths that several builders share, so a selector or a port name cannot drift. */

export const HTTP_PORT = { name: "db", number: SEARCH_STORE_PORT } as const;

/** The elasticsearch user of the official image; its files belong to this uid and group 0. */
export const ELASTICSEARCH_UID = 1000;

export const DATA_DIR = "/usr/share/elasticsearch/data";
export const DATA_VOLUME = "elasticsearch-logging";

export const CONTAINER_NAME = "elasticsearch-logging";

/** The add-on's label, so dashboards and queries written for it keep working. */
export function searchStoreLabels(s: SearchStoreSettings): Record<string, string> {
    return { "k8s-app": s.name };
}
