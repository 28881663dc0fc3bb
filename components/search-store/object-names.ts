import { fullKey, SearchStoreSettings } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { nfsPersistentVolume } from "../storage";
import { exporterDeployment, exporterService, exporterServiceAccount } from "./exporter";
import { indexTemplateJob, indexTemplateScriptConfigMap, indexTemplateServiceAccount } from "./index-template/job";
import { kibanaService, kibanaServiceAccount } from "./kibana/deployment";
import { kibanaWorkload } from "./kibana/workload";
import { kibanaHttpRoute } from "./kibana/gateway";
import { openSearchCredentialsSecret } from "./opensearch/credentials";
import { settingsConfigMap } from "./opensearch/settings-config-map";
import { storeStatefulSet } from "./store-workload";
import { indexPatternJob, indexPatternScriptConfigMap, indexPatternServiceAccount } from "./kibana/index-pattern-job";
import { retentionCronJob, retentionScriptConfigMap, retentionServiceAccount } from "./log-retention/cronjob";
import { searchStoreService } from "./service";
import { searchStoreServiceAccount } from "./service-account";

/** Stands in for OpenSearch's generated passwords, which the registry needs no value of, only the Secret's name. */
const NOT_YET_GENERATED = { password: "", bcryptHash: "" };

/**
 * Every object SearchStore and its parts (IndexTemplate, Kibana, LogRetention) create, from the
 * builders they call with the same arguments; named by searchStore.name but Kibana's objects, which
 * searchStore.kibana.name names; none when it is off.
 */
export function searchStoreObjects(s: SearchStoreSettings): NamedObject[] {
    if (!s.enabled) {
        return [];
    }
    const key = `${fullKey("searchStore")}.name`;
    const volume = nfsPersistentVolume(s.name, s.storage);
    return [
        ...namedBy(key, searchStoreService(s), storeStatefulSet(s), searchStoreServiceAccount(s)),
        // OpenSearch's credentials Secret holds generated passwords, which are not known at load: its name is.
        ...(s.kind === "opensearch" ? namedBy(key, openSearchCredentialsSecret(s, NOT_YET_GENERATED, NOT_YET_GENERATED, NOT_YET_GENERATED), settingsConfigMap(s)) : []),
        ...namedBy(key, indexTemplateJob(s), indexTemplateScriptConfigMap(s), indexTemplateServiceAccount(s)),
        ...(s.kibana.enabled
            ? namedBy(
                  `${fullKey("searchStore")}.kibana.name`,
                  kibanaWorkload(s),
                  kibanaService(s),
                  kibanaServiceAccount(s),
                  ...(kibanaHttpRoute(s) ? [kibanaHttpRoute(s)!] : []),
                  indexPatternJob(s),
                  indexPatternScriptConfigMap(s),
                  indexPatternServiceAccount(s),
              )
            : []),
        ...(s.retention.enabled ? namedBy(key, retentionCronJob(s), retentionScriptConfigMap(s), retentionServiceAccount(s)) : []),
        ...(s.exporter.enabled ? namedBy(key, exporterDeployment(s), exporterService(s), exporterServiceAccount(s)) : []),
        ...(volume ? namedBy(key, volume) : []),
    ];
}
