import { LOG_INDEX_PREFIX, SearchStoreSettings } from "../../../config";
import { RETENTION_SUFFIX } from "../../../config/search-store";

/** fluent-plugin-elasticsearch's logstash_format writes one index a day: <prefix>-YYYY.MM.DD. */
export const INDEX_PREFIX = LOG_INDEX_PREFIX;

export const RETENTION_SCRIPT_KEY = "delete-old-indices.sh";

export function retentionName(s: SearchStoreSettings): string {
    return `${s.name}${RETENTION_SUFFIX}`;
}

export function retentionLabels(s: SearchStoreSettings): Record<string, string> {
    return { "k8s-app": retentionName(s) };
}
