import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../../config";
import { curlScriptPod, scriptConfigMap, tokenlessServiceAccount } from "../../common/curl-job-pod";
import { podPlacement } from "../../common/scheduling";
import { searchStoreUrl } from "../service";
import { curlAuth } from "../opensearch/layout";
import { DELETE_OLD_INDICES_SCRIPT } from "./delete-old-indices";
import { INDEX_PREFIX, RETENTION_SCRIPT_KEY, retentionLabels, retentionName } from "./layout";

export function retentionScriptConfigMap(s: SearchStoreSettings): k8s.types.input.core.v1.ConfigMap {
    return scriptConfigMap({ name: retentionName(s), namespace: s.namespace, labels: retentionLabels(s) }, RETENTION_SCRIPT_KEY, DELETE_OLD_INDICES_SCRIPT);
}

/** Deletes old daily log indices on the stack's schedule; a run never overlaps the previous one. */
export function retentionCronJob(s: SearchStoreSettings): k8s.types.input.batch.v1.CronJob {
    const labels = retentionLabels(s);
    return {
        apiVersion: "batch/v1",
        kind: "CronJob",
        metadata: { name: retentionName(s), namespace: s.namespace, labels },
        spec: {
            schedule: s.retention.schedule,
            concurrencyPolicy: "Forbid",
            startingDeadlineSeconds: 3600,
            successfulJobsHistoryLimit: 1,
            failedJobsHistoryLimit: 3,
            jobTemplate: {
                metadata: { labels },
                spec: {
                    backoffLimit: 2,
                    activeDeadlineSeconds: 1800,
                    template: {
                        metadata: { labels },
                        spec: curlScriptPod({
                            serviceAccountName: retentionName(s),
                            image: s.retention.image,
                            configMapName: retentionName(s),
                            scriptKey: RETENTION_SCRIPT_KEY,
                            env: { SEARCH_URL: searchStoreUrl(s), INDEX_PREFIX, RETENTION_DAYS: String(s.retention.days) },
                            resources: s.retention.resources,
                            placement: podPlacement(s),
                            auth: curlAuth(s),
                        }),
                    },
                },
            },
        },
    };
}

/** The CronJob's own account, without a token: the script talks to the store, never to the API server. */
export function retentionServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return tokenlessServiceAccount(retentionName(s), s.namespace, retentionLabels(s));
}
