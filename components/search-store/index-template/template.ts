import { LOG_INDEX_PATTERN } from "../../../config";

/** Elasticsearch 7's index.number_of_replicas when neither the request nor a template sets it. */
export const ELASTICSEARCH_DEFAULT_REPLICAS = 1;

/**
 * Elasticsearch's default of one replica, but never as many as the store has nodes: a replica is
 * never allocated on the node holding its primary, so with `nodes` nodes at most `nodes - 1`
 * copies can be placed, and any more leave the cluster yellow for good.
 */
export function logIndexReplicas(nodes: number): number {
    return Math.max(0, Math.min(ELASTICSEARCH_DEFAULT_REPLICAS, nodes - 1));
}

/**
 * The body of `PUT _index_template/<name>` (Elasticsearch 7.8+ composable templates): settings
 * only, no mappings, so fluentd's dynamic mapping is unchanged. Composable rather than legacy
 * (`_template`): a composable template wins over every legacy one, so a legacy template for the
 * same indices (fluent-plugin-elasticsearch's template_file, say) cannot put the default replica
 * back; legacy templates are deprecated from 7.8 on. Priority 0, the lowest: a composable
 * template someone writes for these indices with a higher priority replaces this one and then
 * decides the replica count itself (docs/log-agent.md#replicas-of-the-log-indices).
 */
export function logIndexTemplate(replicas: number): object {
    return {
        index_patterns: [LOG_INDEX_PATTERN],
        priority: 0,
        template: { settings: { index: { number_of_replicas: replicas } } },
    };
}

/** The body of `PUT <pattern>/_settings`, for the log indices created before the template. */
export function logIndexSettings(replicas: number): object {
    return { index: { number_of_replicas: replicas } };
}
