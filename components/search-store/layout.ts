import { SEARCH_STORE_PORT, SearchStoreSettings } from "../../config";

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
