import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../../config";
import { scriptConfigMap, searchStoreScriptJob, tokenlessServiceAccount } from "../../common/curl-job-pod";
import { INDEX_PATTERN_ID, INDEX_PATTERN_SCRIPT_KEY, indexPatternJobName, indexPatternLabels, kibanaUrl } from "./layout";
import { PROVISION_INDEX_PATTERN_SCRIPT } from "./provision-index-pattern";
import { curlAuth } from "../opensearch/layout";

export function indexPatternScriptConfigMap(s: SearchStoreSettings): k8s.types.input.core.v1.ConfigMap {
    return scriptConfigMap({ name: indexPatternJobName(s), namespace: s.namespace, labels: indexPatternLabels(s) }, INDEX_PATTERN_SCRIPT_KEY, PROVISION_INDEX_PATTERN_SCRIPT);
}

/**
 * Provisions the index pattern once Kibana answers. A changed pattern changes the Job's spec,
 * which Pulumi replaces, so the new pattern is provisioned; overwrite=true makes a rerun safe.
 */
export function indexPatternJob(s: SearchStoreSettings): k8s.types.input.batch.v1.Job {
    return searchStoreScriptJob(s, {
        name: indexPatternJobName(s),
        labels: indexPatternLabels(s),
        scriptKey: INDEX_PATTERN_SCRIPT_KEY,
        env: {
            KIBANA_URL: kibanaUrl(s),
            INDEX_PATTERN: s.kibana.indexPattern,
            INDEX_PATTERN_ID,
            // OpenSearch Dashboards renamed Kibana's xsrf header and its advanced settings API.
            ...(s.kind === "opensearch" ? { XSRF_HEADER: "osd-xsrf", SETTINGS_API: "api/opensearch-dashboards/settings" } : {}),
        },
        auth: curlAuth(s),
    });
}

/** The Job's own account, without a token: the script talks to Kibana, never to the API server. */
export function indexPatternServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return tokenlessServiceAccount(indexPatternJobName(s), s.namespace, indexPatternLabels(s));
}
