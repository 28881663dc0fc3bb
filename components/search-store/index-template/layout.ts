import { INDEX_TEMPLATE_SUFFIX, SearchStoreSettings } from "../../../config";

/** Names that the template Job's builders and the NetworkPolicy share. */

/** The composable template's name in the store; PUT under it again replaces it. */
export const LOG_INDEX_TEMPLATE_NAME = "cluster-monitoring-logs";

export const INDEX_TEMPLATE_SCRIPT_KEY = "put-index-template.sh";

export function indexTemplateJobName(s: Pick<SearchStoreSettings, "name">): string {
    return `${s.name}${INDEX_TEMPLATE_SUFFIX}`;
}

export function indexTemplateLabels(s: Pick<SearchStoreSettings, "name">): Record<string, string> {
    return { "k8s-app": indexTemplateJobName(s) };
}
