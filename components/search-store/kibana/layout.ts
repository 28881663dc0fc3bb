import { SearchStoreSettings } from "../../../config";
import { INDEX_PATTERN_SUFFIX } from "../../../config/search-store";

/** Names and ports that several Kibana builders share. */

export const KIBANA_PORT = { name: "http", number: 5601 } as const;

/** The kibana user of the official image. */
export const KIBANA_UID = 1000;

/** The saved object id of the provisioned index pattern, which the default-index setting names. */
export const INDEX_PATTERN_ID = "logs";

export const INDEX_PATTERN_SCRIPT_KEY = "provision-index-pattern.sh";

export function kibanaLabels(s: SearchStoreSettings): Record<string, string> {
    return { "k8s-app": s.kibana.name };
}

export function indexPatternJobName(s: SearchStoreSettings): string {
    return `${s.kibana.name}${INDEX_PATTERN_SUFFIX}`;
}

export function indexPatternLabels(s: SearchStoreSettings): Record<string, string> {
    return { "k8s-app": indexPatternJobName(s) };
}

/** The UI's in-cluster URL, which the index pattern Job and `kubectl port-forward` users reach; OpenSearch Dashboards serves HTTPS. */
export function kibanaUrl(s: SearchStoreSettings): string {
    return `${s.kind === "opensearch" ? "https" : "http"}://${s.kibana.name}.${s.namespace}.svc:${KIBANA_PORT.number}`;
}
