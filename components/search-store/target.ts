import { ELASTICSEARCH_EXPORTER_PORT_NAME, elasticsearchExporterName, SearchStoreSettings, ServiceTarget } from "../../config";

/** The store's exporter as its job reaches it, while the store runs with its exporter. */
export function searchStoreExporterTarget(store: SearchStoreSettings): ServiceTarget | undefined {
    return store.enabled && store.exporter.enabled ? { namespace: store.namespace, serviceName: elasticsearchExporterName(store), portName: ELASTICSEARCH_EXPORTER_PORT_NAME } : undefined;
}
