import { RuleGroup } from "../common/rules/types";

/**
 * fluentd, from the metrics the agent's monitoring.conf exposes: `up` of the log-agent job and
 * fluent-plugin-prometheus' prometheus_output_monitor (fluentd_output_status_*). `logBufferLimitBytes`
 * is the buffer's total_limit_size in bytes, the 100 % of "buffer nearly full".
 */
export function logAgentGroup(c: { logBufferLimitBytes: number }): RuleGroup {
    const job = 'job="log-agent"';
    const agent = "Log agent {{ $labels.namespace }}/{{ $labels.pod }}";
    return {
        name: "log-agent",
        rules: [
            {
                alert: "FluentdDown",
                expr: `up{${job}} == 0`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A log agent does not answer.",
                    description: `${agent} has not answered scrapes for 10 minutes; logs of its node may not be shipped.`,
                },
            },
            {
                alert: "FluentdBufferNearlyFull",
                // 80 % of total_limit_size; at 100 % the overflow action blocks the inputs.
                expr: `fluentd_output_status_buffer_total_bytes{${job}} > ${Math.floor(c.logBufferLimitBytes * 0.8)}`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A log agent's buffer is nearly full.",
                    description: `The buffer of output {{ $labels.plugin_id }} of ${agent} has held more than 80 % of its limit for 10 minutes; the search store is not keeping up.`,
                },
            },
            {
                alert: "FluentdRetriesGrowing",
                expr: `increase(fluentd_output_status_retry_count{${job}}[10m]) > 0`,
                for: "20m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A log agent keeps retrying its output.",
                    description: `Output {{ $labels.plugin_id }} of ${agent} has been retrying for 20 minutes; the search store refuses or cannot be reached.`,
                },
            },
            {
                alert: "FluentdNoRecordsEmitted",
                expr: `sum by (namespace, pod) (rate(fluentd_output_status_emit_count{${job}}[5m])) == 0`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A log agent ships nothing.",
                    description: `${agent} has emitted no records to its outputs for 15 minutes, although its own node writes logs all the time.`,
                },
            },
        ],
    };
}
