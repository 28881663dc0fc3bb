import { elasticsearchExporterName, fullKey, SearchStoreSettings } from "../../config";
import { INDEX_PATTERN_SUFFIX, INDEX_TEMPLATE_SUFFIX, RETENTION_SUFFIX } from "../../config/search-store";
import { NamedObject } from "../common/named-object";
import { credentialsSecretName, settingsConfigMapName } from "./opensearch/layout";

/** Every object SearchStore creates, named as its builders name them; none when it is off. */
export function searchStoreObjects(s: SearchStoreSettings): NamedObject[] {
    if (!s.enabled) {
        return [];
    }
    const key = `${fullKey("searchStore")}.name`;
    const objects: NamedObject[] = [
        { kind: "Service", namespace: s.namespace, name: s.name, key },
        { kind: "StatefulSet", namespace: s.namespace, name: s.name, key },
        { kind: "ServiceAccount", namespace: s.namespace, name: s.name, key },
        ...["Job", "ConfigMap", "ServiceAccount"].map((kind) => ({ kind, namespace: s.namespace, name: `${s.name}${INDEX_TEMPLATE_SUFFIX}`, key })),
    ];
    if (s.kind === "opensearch") {
        objects.push({ kind: "Secret", namespace: s.namespace, name: credentialsSecretName(s), key }, { kind: "ConfigMap", namespace: s.namespace, name: settingsConfigMapName(s), key });
    }
    if (s.kibana.enabled) {
        const kibanaKey = `${fullKey("searchStore")}.kibana.name`;
        const job = `${s.kibana.name}${INDEX_PATTERN_SUFFIX}`;
        for (const kind of ["Deployment", "Service", "ServiceAccount"]) {
            objects.push({ kind, namespace: s.namespace, name: s.kibana.name, key: kibanaKey });
        }
        for (const kind of ["Job", "ConfigMap", "ServiceAccount"]) {
            objects.push({ kind, namespace: s.namespace, name: job, key: kibanaKey });
        }
    }
    if (s.retention.enabled) {
        for (const kind of ["CronJob", "ConfigMap", "ServiceAccount"]) {
            objects.push({ kind, namespace: s.namespace, name: `${s.name}${RETENTION_SUFFIX}`, key });
        }
    }
    if (s.exporter.enabled) {
        for (const kind of ["Deployment", "Service", "ServiceAccount"]) {
            objects.push({ kind, namespace: s.namespace, name: elasticsearchExporterName(s), key });
        }
    }
    if (s.storage.mode === "nfs") {
        objects.push({ kind: "PersistentVolume", name: s.name, key });
    }
    return objects;
}
