import { DashboardBuilder, QueryVariableBuilder, VariableRefresh, VariableSort } from "@grafana/grafana-foundation-sdk/dashboard";
import { DataqueryBuilder as ElasticsearchQuery, LogsBuilder } from "@grafana/grafana-foundation-sdk/elasticsearch";
import { PanelBuilder as LogsPanel } from "@grafana/grafana-foundation-sdk/logs";
import { DashboardContext } from "../common/dashboards/context";
import { CONTAINER_NAME as EVENT_COLLECTOR_CONTAINER } from "../event-collector/layout";
import { DATASOURCE_VARIABLE, dashboardsLink, datasourceVariable, enabled, withSchemaVariables } from "../common/dashboards/panels";

export const ELASTICSEARCH_DATASOURCE_TYPE = "elasticsearch";
/** Where the kubernetes_metadata filter puts a record's pod and namespace (components/log-agent/containers-input.ts). */
export const NAMESPACE_FIELD = "kubernetes.namespace_name";
export const POD_FIELD = "kubernetes.pod_name";

const ref = { type: ELASTICSEARCH_DATASOURCE_TYPE, uid: `\${${DATASOURCE_VARIABLE}}` };

/**
 * Terms of a field, for a variable. Without an index template, Elasticsearch maps strings as text
 * with a .keyword sub-field, and only the keyword can be aggregated.
 */
function termsVariable(name: string, label: string, field: string, query?: string): QueryVariableBuilder {
    const q = JSON.stringify({ find: "terms", field: `${field}.keyword`, ...(query ? { query } : {}) });
    return new QueryVariableBuilder(name).label(label).datasource(ref).query(q).refresh(VariableRefresh.OnTimeRangeChanged).sort(VariableSort.AlphabeticalAsc);
}

/**
 * A "logs" metric, the query type Grafana's logs panel reads. The SDK (0.0.21) generates this
 * type as `unknown` and its LogsBuilder writes "unknown", which Grafana would not run as a
 * logs query, so the type is set here.
 */
const logsMetric = { build: () => ({ ...new LogsBuilder().id("1").settings({ limit: "500" }).build(), type: "logs" }) };

function logsPanel(title: string, description: string, query: string, height: number): LogsPanel {
    return new LogsPanel()
        .title(title)
        .description(description)
        .datasource(ref)
        .targets([new ElasticsearchQuery().refId("A").datasource(ref).query(query).metrics([logsMetric]).bucketAggs([])])
        .showTime(true)
        .wrapLogMessage(true)
        .height(height)
        .span(24);
}

/** The Lucene query of the logs panel, with Grafana's variables still in it. */
export const LOGS_QUERY = `${NAMESPACE_FIELD}:"$namespace" AND ${POD_FIELD}:$pod`;

/**
 * The event collector's warnings about objects of the chosen namespace: its lines (container
 * fluent-bit) carry each Event under payload. (docs/cluster-events.md#what-a-document-looks-like).
 */
export const EVENT_WARNINGS_QUERY = `kubernetes.container_name:"${EVENT_COLLECTOR_CONTAINER}" AND payload.kind:"Event" AND payload.type:"Warning" AND payload.involvedObject.namespace:"$namespace"`;

/** Logs: the records the agent wrote, filtered by namespace and pod. */
export function logsDashboard(ctx: DashboardContext, folderTag: string): object | undefined {
    if (!enabled(ctx, ["searchStore"])) {
        return undefined;
    }
    const dashboard = new DashboardBuilder("Logs")
        .uid("cm-logs")
        .description(`Container logs from Elasticsearch (${ctx.logIndexPattern}), by namespace and pod`)
        .tags([folderTag])
        .links([dashboardsLink(folderTag)])
        .editable()
        .refresh("30s")
        .time({ from: "now-1h", to: "now" })
        .timezone("browser")
        .withVariable(datasourceVariable(ELASTICSEARCH_DATASOURCE_TYPE, "Elasticsearch"))
        .withVariable(termsVariable("namespace", "Namespace", NAMESPACE_FIELD))
        .withVariable(termsVariable("pod", "Pod", POD_FIELD, `${NAMESPACE_FIELD}:"$namespace"`).includeAll(true).allValue("*"))
        .withPanel(logsPanel("Logs", "The newest records of the chosen pods", LOGS_QUERY, 20));
    if (enabled(ctx, ["events"])) {
        // Scheduling failures, OOM kills, evictions and image pull errors of the namespace's objects.
        dashboard.withPanel(logsPanel("Cluster events: warnings", "Kubernetes events of type Warning about objects of the chosen namespace, from the event collector", EVENT_WARNINGS_QUERY, 12));
    }
    return withSchemaVariables(dashboard.build());
}
