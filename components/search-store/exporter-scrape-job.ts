import { CLUSTER_LABEL } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { ELASTICSEARCH_FAMILIES } from "./exporter-families";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { dropFamilies } from "../common/scrape/family-rules";
import { ownServiceRelabelRules } from "../common/scrape/own-service";
import { SEARCH_STORE_JOB_NAME } from "./layout";
import { ServiceTarget } from "../common/scrape/service-target";

/**
 * The exporter names the Elasticsearch cluster in a `cluster` label, the label that tells the
 * program's clusters apart in a long-term store (metrics.externalLabels.cluster; Prometheus adds
 * an external label only to a series without it) and that every dashboard filters on
 * (components/common/dashboards/cluster-variable.ts). The scrape moves it to es_cluster.
 */
export const ES_CLUSTER_LABEL = "es_cluster";

/**
 * elasticsearch_exporter in front of the in-cluster search store: its Service's http port,
 * labelled as the other own components are. Each scrape asks Elasticsearch for its health,
 * node stats and cluster settings; the family table drops what no alert or panel reads.
 */
export function elasticsearchJob(t: ServiceTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: SEARCH_STORE_JOB_NAME,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: ownServiceRelabelRules(t, d),
        metric_relabel_configs: [
            dropFamilies(ELASTICSEARCH_FAMILIES),
            { source_labels: [CLUSTER_LABEL], target_label: ES_CLUSTER_LABEL },
            { regex: CLUSTER_LABEL, action: "labeldrop" },
        ],
    };
}
