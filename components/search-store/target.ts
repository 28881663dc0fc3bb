import { SearchStoreSettings } from "../../config";
import { ServiceTarget } from "../common/scrape/service-target";
import { ELASTICSEARCH_EXPORTER_PORT_NAME, elasticsearchExporterName } from "./layout";

/** The store's exporter as its job reaches it, while the store runs with its exporter. */
export function searchStoreExporterTarget(store: SearchStoreSettings): ServiceTarget | undefined {
    return store.enabled && store.exporter.enabled ? { namespace: store.namespace, serviceName: elasticsearchExporterName(store), portName: ELASTICSEARCH_EXPORTER_PORT_NAME } : undefined;
}
