import { SearchStoreSettings } from "../../config";

/** fluent-plugin-elasticsearch's logstash_format writes one index a day: <prefix>-YYYY.MM.DD. */
export const INDEX_PREFIX = "logstash";

export const RETENTION_SCRIPT_KEY = "delete-old-indices.sh";

export function retentionName(s: SearchStoreSettings): string {
    return `${s.name}-retention`;
}

export function retentionLabels(s: SearchStoreSettings): Record<string, string> {
    return { "k8s-app": retentionName(s) };
}
