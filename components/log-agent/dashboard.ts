import { PanelLinkSpec } from "../common/dashboards/links";
import { formatFluentdSize } from "../../config/formats";
import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/** From a node's series to the Node board (docs/grafana.md#links-between-dashboards). */
const toNode: PanelLinkSpec = { title: "Node ${__field.labels.node}", dashboard: "cm-node", fromLabels: { node: "node" } };

const sel = 'node=~"$node"';

/**
 * Log agent: what fluent-plugin-prometheus' input plugins of monitoring.conf expose
 * (tests/fixtures/fluentd-metrics.txt). The agent has no per-record counter filter, so "in" is
 * the bytes in_tail reads from the log files, and "out" the records the output emits.
 * The buffer's share of its cap reads the stack's logs.buffer setting, which fluentd 1.x's
 * plugin does not export.
 */
export const logAgentDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-log-agent",
    folder: "logs",
    title: "Log agent",
    description: "fluentd per node: bytes read, records sent, buffer, retries and errors",
    needs: ["logAgent"],
    variables: [{ name: "node", label: "Node", query: "label_values(fluentd_output_status_buffer_queue_length, node)", includeAll: true }],
    panels: [
        {
            title: "Bytes read from log files",
            links: [toNode],
            description: "How fast in_tail advances through the files it follows",
            unit: "Bps",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node) (rate(fluentd_tail_file_position{${sel}}[$__rate_interval]))`, legend: "{{node}}" }],
        },
        {
            title: "Records out",
            description: "Records the outputs emit per second",
            unit: "short",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node, type) (rate(fluentd_output_status_emit_records{${sel}}[$__rate_interval]))`, legend: "{{node}} {{type}}" }],
        },
        {
            title: "Buffer",
            links: [toNode],
            description: "Bytes buffered by the outputs, waiting to be sent",
            unit: "bytes",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node) (fluentd_output_status_buffer_total_bytes{${sel}})`, legend: "{{node}}" }],
        },
        {
            title: "Buffer queue length",
            links: [toNode],
            description: "Chunks queued for sending",
            unit: "short",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node) (fluentd_output_status_buffer_queue_length{${sel}})`, legend: "{{node}}" }],
        },
        {
            title: "Retries",
            links: [toNode],
            description: "Flush retries per second",
            unit: "short",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node) (rate(fluentd_output_status_retry_count{${sel}}[$__rate_interval]))`, legend: "{{node}}" }],
        },
        {
            title: "Errors",
            links: [toNode],
            description: "Output errors per second",
            unit: "short",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `sum by (node) (rate(fluentd_output_status_num_errors{${sel}}[$__rate_interval]))`, legend: "{{node}}" }],
        },
        {
            title: "Buffer used, share of its cap",
            description:
                `Bytes buffered by each node's fullest output, as a share of its total_limit_size (${formatFluentdSize(ctx.logBufferLimitBytes)}, logs.buffer.totalLimitSize): ` +
                "a full buffer takes no new chunks and the agent acts as logs.buffer.overflowAction says; FluentdBufferNearlyFull fires at 80 %",
            unit: "percentunit",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `max by (node) (fluentd_output_status_buffer_total_bytes{${sel}}) / ${ctx.logBufferLimitBytes}`, legend: "{{node}}" }],
        },
        {
            title: "Retrying for",
            description:
                "How long each node's output has failed to flush, counted from the first failure of its current run of retries to its next retry: about as long as the chunk at the head of its queue has waited. " +
                "The plugin sets it only while the output retries and keeps the last value after, so read it with Retries",
            unit: "s",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [{ expr: `max by (node) (fluentd_output_status_retry_wait{${sel}})`, legend: "{{node}}" }],
        },
        {
            title: "Chunks written and rolled back",
            description: "Buffer chunks the outputs write to the store per second, and writes rolled back (the chunk goes back to the queue for a retry)",
            unit: "short",
            kind: "timeseries",
            needs: ["logAgent"],
            queries: [
                { expr: `sum by (node) (rate(fluentd_output_status_write_count{${sel}}[$__rate_interval]))`, legend: "{{node}} written" },
                { expr: `sum by (node) (rate(fluentd_output_status_rollback_count{${sel}}[$__rate_interval]))`, legend: "{{node}} rolled back" },
            ],
        },
        {
            kind: "text",
            title: "Log agent: not answered here",
            content:
                "**How far reading lags behind the log files, and how old the oldest buffered record is.** fluent-plugin-prometheus exports each " +
                "followed file's read position, not its size, and no age of the buffered chunks. A backlog shows as a growing queue, a buffer " +
                "filling towards its cap, and time spent retrying.",
            needs: ["logAgent"],
        },
    ],
});
