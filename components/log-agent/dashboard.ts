import { PanelLinkSpec } from "../common/dashboards/links";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/** From a node's series to the Node board (docs/grafana.md#links-between-dashboards). */
const toNode: PanelLinkSpec = { title: "Node ${__field.labels.node}", dashboard: "cm-node", fromLabels: { node: "node" } };

const sel = 'node=~"$node"';

/**
 * Log agent: what fluent-plugin-prometheus' input plugins of monitoring.conf expose
 * (tests/fixtures/fluentd-metrics.txt). The agent has no per-record counter filter, so "in" is
 * the bytes in_tail reads from the log files, and "out" the records the output emits.
 */
export const logAgentDashboard: PrometheusDashboardSpec = {
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
    ],
};
