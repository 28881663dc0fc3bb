import { SearchStoreSettings } from "../../config";

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

/** The store's HTTP port (http.port's default), where the log agent and the exporter reach it. */
export const SEARCH_STORE_PORT = 9200;
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

/**
 * The exporter's own user, whose only role is OPENSEARCH_EXPORTER_ROLE: cluster_monitor, the
 * security plugin's action group cluster:monitor/* (static_action_groups.yml at 3.6.0.0). That
 * covers every request of elasticsearch_exporter's collectors the program turns on: GET / (the
 * cluster info), _cluster/health, _nodes/stats and _cluster/settings; no index permission, so it
 * reads no log. The role is the program's, in roles.yml, and the user is given it directly
 * (opendistro_security_roles in internal_users.yml), as no static role holds cluster_monitor alone.
 */
export const OPENSEARCH_EXPORTER_USER = "prometheus-exporter";
export const OPENSEARCH_EXPORTER_ROLE = "cluster_monitoring_exporter";

/** The exporter's default --web.listen-address port, on its container and Service. */
export const ELASTICSEARCH_EXPORTER_PORT = 9114;
