import { Settings } from "../../config";
import { Contribution, Component } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { ELASTICSEARCH_FAMILIES } from "./exporter-families";
import { elasticsearchJob } from "./exporter-scrape-job";
import { searchStoreObjects } from "./object-names";
import { searchStoreExporterTarget } from "./target";
import { kibanaGatewayModel } from "./kibana/gateway";
import { SEARCH_STORE_JOB_NAME } from "./layout";

/** The in-cluster search store, while it runs: its exporter's job (while the exporter is on) and its objects. */
export function searchStoreContribution(s: Settings): Contribution {
    const objects = searchStoreObjects(s.searchStore);
    const t = searchStoreExporterTarget(s.searchStore);
    const gateway = s.searchStore.enabled ? kibanaGatewayModel(s.searchStore) : undefined;
    const gateways = gateway ? [gateway] : [];
    if (t === undefined) {
        return { objects, gateways };
    }
    return { gateways, scrapeJobs: { own: [{ config: elasticsearchJob(t, endpointDiscovery(s.metrics)), reaches: [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }] }] }, objects };
}

export const SEARCH_STORE_FAMILY_TABLES: Component["familyTables"] = { [SEARCH_STORE_JOB_NAME]: ELASTICSEARCH_FAMILIES };
