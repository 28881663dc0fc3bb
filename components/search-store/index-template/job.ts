import * as k8s from "@pulumi/kubernetes";
import { LOG_INDEX_PATTERN, SEARCH_STORE_NODES, SearchStoreSettings } from "../../../config";
import { scriptConfigMap, searchStoreScriptJob, tokenlessServiceAccount } from "../../common/curl-job-pod";
import { searchStoreUrl } from "../service";
import { curlAuth } from "../opensearch/layout";
import { INDEX_TEMPLATE_SCRIPT_KEY, indexTemplateJobName, indexTemplateLabels, LOG_INDEX_TEMPLATE_NAME } from "./layout";
import { PUT_INDEX_TEMPLATE_SCRIPT } from "./put-index-template";
import { logIndexReplicas, logIndexSettings, logIndexTemplate } from "./template";

export function indexTemplateScriptConfigMap(s: SearchStoreSettings): k8s.types.input.core.v1.ConfigMap {
    return scriptConfigMap({ name: indexTemplateJobName(s), namespace: s.namespace, labels: indexTemplateLabels(s) }, INDEX_TEMPLATE_SCRIPT_KEY, PUT_INDEX_TEMPLATE_SCRIPT);
}

/** The script's environment: the store, and the two request bodies, built here rather than in shell. */
export function indexTemplateEnv(s: SearchStoreSettings): Record<string, string> {
    const replicas = logIndexReplicas(SEARCH_STORE_NODES);
    return {
        SEARCH_URL: searchStoreUrl(s),
        TEMPLATE_NAME: LOG_INDEX_TEMPLATE_NAME,
        INDEX_PATTERN: LOG_INDEX_PATTERN,
        TEMPLATE_BODY: JSON.stringify(logIndexTemplate(replicas)),
        SETTINGS_BODY: JSON.stringify(logIndexSettings(replicas)),
    };
}

/**
 * Installs the log indices' template once the store answers. A changed body changes the Job's
 * spec, which Pulumi replaces, so the new template is installed; PUT makes a rerun harmless.
 */
export function indexTemplateJob(s: SearchStoreSettings): k8s.types.input.batch.v1.Job {
    return searchStoreScriptJob(s, { name: indexTemplateJobName(s), labels: indexTemplateLabels(s), scriptKey: INDEX_TEMPLATE_SCRIPT_KEY, env: indexTemplateEnv(s), auth: curlAuth(s) });
}

/** The Job's own account, without a token: the script talks to the store, never to the API server. */
export function indexTemplateServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return tokenlessServiceAccount(indexTemplateJobName(s), s.namespace, indexTemplateLabels(s));
}
