import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { LOG_INDEX_PATTERN, SEARCH_STORE_NODES, SearchStoreSettings } from "../../../config";
import { STORE_EXPORTER_PASSWORD_KEY } from "../../../config/search-store";
import { OPENSEARCH_EXPORTER_ROLE, OPENSEARCH_EXPORTER_USER } from "../layout";
import { ScriptSecretFile, scriptConfigMap, searchStoreScriptJob, tokenlessServiceAccount } from "../../common/curl-job-pod";
import { credentialsAnnotations } from "../../common/web-password";
import { searchStoreUrl } from "../service";
import { credentialsSecretName, curlAuth } from "../opensearch/layout";
import { exporterRoleBody, exporterUserFields } from "../opensearch/settings-files";
import { INDEX_TEMPLATE_SCRIPT_KEY, indexTemplateJobName, indexTemplateLabels, LOG_INDEX_TEMPLATE_NAME } from "./layout";
import { PUT_INDEX_TEMPLATE_SCRIPT } from "./put-index-template";
import { logIndexReplicas, logIndexSettings, logIndexTemplate } from "./template";

export function indexTemplateScriptConfigMap(s: SearchStoreSettings): k8s.types.input.core.v1.ConfigMap {
    return scriptConfigMap({ name: indexTemplateJobName(s), namespace: s.namespace, labels: indexTemplateLabels(s) }, INDEX_TEMPLATE_SCRIPT_KEY, PUT_INDEX_TEMPLATE_SCRIPT);
}

/** Where the OpenSearch Job reads the exporter's password: a file of its own, from the credentials Secret's key. */
export const EXPORTER_PASSWORD_DIR = "/etc/exporter-credentials";

/** The exporter's password file, OpenSearch only; the script sends it in a request body read from stdin. */
function exporterPasswordFile(s: SearchStoreSettings): ScriptSecretFile[] {
    return s.kind === "opensearch" ? [{ volume: "exporter-password", secretName: credentialsSecretName(s), key: STORE_EXPORTER_PASSWORD_KEY, mountDir: EXPORTER_PASSWORD_DIR }] : [];
}

/**
 * The script's environment: the store, and the request bodies, built here rather than in shell.
 * For OpenSearch also the exporter's role and user (all but the password, which the script reads
 * from EXPORTER_PASSWORD_FILE), so a store that existed before them learns them (settings-files.ts).
 */
export function indexTemplateEnv(s: SearchStoreSettings): Record<string, string> {
    const replicas = logIndexReplicas(SEARCH_STORE_NODES);
    return {
        SEARCH_URL: searchStoreUrl(s),
        TEMPLATE_NAME: LOG_INDEX_TEMPLATE_NAME,
        INDEX_PATTERN: LOG_INDEX_PATTERN,
        TEMPLATE_BODY: JSON.stringify(logIndexTemplate(replicas)),
        SETTINGS_BODY: JSON.stringify(logIndexSettings(replicas)),
        ...(s.kind === "opensearch"
            ? {
                  EXPORTER_ROLE: OPENSEARCH_EXPORTER_ROLE,
                  EXPORTER_ROLE_BODY: JSON.stringify(exporterRoleBody()),
                  EXPORTER_USER: OPENSEARCH_EXPORTER_USER,
                  EXPORTER_USER_FIELDS: JSON.stringify(exporterUserFields()),
                  EXPORTER_PASSWORD_FILE: `${EXPORTER_PASSWORD_DIR}/${STORE_EXPORTER_PASSWORD_KEY}`,
              }
            : {}),
    };
}

/**
 * Installs the log indices' template once the store answers (and, for OpenSearch, the exporter's
 * role and user). A changed body changes the Job's spec, which Pulumi replaces, so the new
 * template, role or user is installed; PUT makes a rerun harmless. A replaced exporter password
 * changes `exporterPasswordGeneration` (its RandomUuid, never the password or a hash of it) in
 * the pod template's annotations, so the Job runs again with the new password too.
 */
export function indexTemplateJob(s: SearchStoreSettings, exporterPasswordGeneration?: pulumi.Input<string>): k8s.types.input.batch.v1.Job {
    return searchStoreScriptJob(s, {
        name: indexTemplateJobName(s),
        labels: indexTemplateLabels(s),
        scriptKey: INDEX_TEMPLATE_SCRIPT_KEY,
        env: indexTemplateEnv(s),
        auth: curlAuth(s),
        secretFiles: exporterPasswordFile(s),
        annotations: credentialsAnnotations({ searchStoreExporter: s.kind === "opensearch" ? exporterPasswordGeneration : undefined }),
    });
}

/** The Job's own account, without a token: the script talks to the store, never to the API server. */
export function indexTemplateServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return tokenlessServiceAccount(indexTemplateJobName(s), s.namespace, indexTemplateLabels(s));
}
