import { fullKey, SearchStoreSettings } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { tokenlessServiceAccount } from "../common/curl-job-pod";
import { ownServiceAccount } from "../common/own-service-account";
import { nfsPersistentVolume } from "../storage";
import { exporterDeployment, exporterService, exporterServiceAccount } from "./exporter";
import { indexTemplateJob, indexTemplateScriptConfigMap } from "./index-template/job";
import { indexTemplateJobName, indexTemplateLabels } from "./index-template/layout";
import { kibanaDeployment, kibanaService } from "./kibana/deployment";
import { indexPatternJob, indexPatternScriptConfigMap } from "./kibana/index-pattern-job";
import { indexPatternJobName, indexPatternLabels, kibanaLabels } from "./kibana/layout";
import { searchStoreLabels } from "./layout";
import { retentionCronJob, retentionScriptConfigMap } from "./log-retention/cronjob";
import { retentionLabels, retentionName } from "./log-retention/layout";
import { searchStoreService } from "./service";
import { searchStoreStatefulSet } from "./statefulset";

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
        ...namedBy(key, searchStoreService(s), searchStoreStatefulSet(s), ownServiceAccount(s.name, s.namespace, searchStoreLabels(s))),
        ...namedBy(key, indexTemplateJob(s), indexTemplateScriptConfigMap(s), tokenlessServiceAccount(indexTemplateJobName(s), s.namespace, indexTemplateLabels(s))),
        ...(s.kibana.enabled
            ? namedBy(
                  `${fullKey("searchStore")}.kibana.name`,
                  kibanaDeployment(s),
                  kibanaService(s),
                  tokenlessServiceAccount(s.kibana.name, s.namespace, kibanaLabels(s)),
                  indexPatternJob(s),
                  indexPatternScriptConfigMap(s),
                  tokenlessServiceAccount(indexPatternJobName(s), s.namespace, indexPatternLabels(s)),
              )
            : []),
        ...(s.retention.enabled ? namedBy(key, retentionCronJob(s), retentionScriptConfigMap(s), tokenlessServiceAccount(retentionName(s), s.namespace, retentionLabels(s))) : []),
        ...(s.exporter.enabled ? namedBy(key, exporterDeployment(s), exporterService(s), exporterServiceAccount(s)) : []),
        ...(volume ? namedBy(key, volume) : []),
    ];
}
