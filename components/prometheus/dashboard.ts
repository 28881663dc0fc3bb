import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/**
 * The scrape-failure counters of v2.11.1 (scrape/scrape.go at the tag), each with its legend; every
 * later line keeps them. prometheus_target_scrapes_exceeded_body_size_limit_total came in 2.28.0.
 */
const SCRAPE_FAILURE_CAUSES: ReadonlyArray<readonly [string, string]> = [
    ["prometheus_target_scrapes_exceeded_sample_limit_total", "sample limit"],
    ["prometheus_target_scrapes_sample_duplicate_timestamp_total", "duplicate timestamp"],
    ["prometheus_target_scrapes_sample_out_of_bounds_total", "out of bounds"],
    ["prometheus_target_scrapes_sample_out_of_order_total", "out of order"],
];

/**
 * The question of kube-prometheus' Prometheus / Overview board this one leaves open, and why;
 * docs/grafana.md#questions-not-answered repeats it.
 */
export const PROMETHEUS_NOT_ANSWERED: ReadonlyArray<{ question: string; why: string }> = [
    {
        question: "Scrapes refused for exceeding the body size limit",
        why: "`prometheus_target_scrapes_exceeded_body_size_limit_total` came with `body_size_limit` in 2.28.0, after v2.11.1, the default, and the board reads only families every release line serves; the four causes v2.11.1 counts are shown",
    },
];

/**
 * Prometheus itself: uptime and version, discovery, the actual scrape interval, refused scrapes,
 * ingestion, head series and chunks, rule evaluation, scrape and target sync durations, and
 * queries: the questions of kube-prometheus' Prometheus / Overview board, with queries written
 * here. Every family is one that v2.11.1 already serves and every later line keeps, with the same
 * labels (checked at v2.11.1, v2.53.0, v2.55.0, v3.5.0 and v3.14.0: the target sync and interval
 * summaries and the scrape counters, scrape/; prometheus_sd_discovered_targets, labelled name and
 * config, discovery/; the engine's gauges and its query_duration_seconds by slice, promql/engine.go), so
 * none needs a row of the release lines' table; none is a vector that stays empty while the rule
 * file is empty. The self-monitoring job keeps every family Prometheus serves.
 */
export function prometheusDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const self = `job="${ctx.prometheusJob}"`;
    return {
        uid: "cm-prometheus",
        folder: "monitoring",
        title: "Prometheus",
        description: "The metrics server itself: uptime and version, discovery, scrape interval and refused scrapes, ingestion, head series and chunks, rule evaluation, scrape and target sync durations, and queries",
        needs: ["prometheus"],
        variables: [],
        panels: [
            {
                title: "Uptime and version",
                description: "Time since each Prometheus started, with the version it runs (prometheus_build_info)",
                unit: "s",
                kind: "stat",
                needs: ["prometheus"],
                queries: [
                    {
                        expr: `(time() - process_start_time_seconds{${self}}) * on (instance) group_left (version) prometheus_build_info{${self}}`,
                        legend: "{{pod}} {{version}}",
                    },
                ],
            },
            {
                title: "Targets discovered per scrape job",
                description: "Targets service discovery hands each scrape job, before relabelling keeps or drops them",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                // name="scrape": the scrape manager's; the notifier's discovery of Alertmanagers is "notify".
                queries: [{ expr: `sum by (config) (prometheus_sd_discovered_targets{${self}, name="scrape"})`, legend: "{{config}}" }],
            },
            {
                title: "Actual scrape interval",
                description: "Mean time between two scrapes of a target, per configured interval: above the interval means scrapes start late",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [
                    {
                        expr: `sum by (interval) (rate(prometheus_target_interval_length_seconds_sum{${self}}[$__rate_interval])) / sum by (interval) (rate(prometheus_target_interval_length_seconds_count{${self}}[$__rate_interval]))`,
                        legend: "{{interval}}",
                    },
                ],
            },
            {
                title: "Scrapes refused, by cause",
                description: "Scrapes refused for exceeding a job's sample_limit, and samples refused for a duplicate timestamp, a time out of bounds or out of order, per second",
                unit: "ops",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: SCRAPE_FAILURE_CAUSES.map(([family, legend]) => ({ expr: `sum(rate(${family}{${self}}[$__rate_interval]))`, legend })),
            },
            {
                title: "Samples ingested",
                description: "Samples appended to the head block per second",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `rate(prometheus_tsdb_head_samples_appended_total{${self}}[$__rate_interval])`, legend: "{{pod}}" }],
            },
            {
                title: "Head series",
                description: "Series in the head block, the main driver of memory use",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `prometheus_tsdb_head_series{${self}}`, legend: "{{pod}}" }],
            },
            {
                title: "Head chunks",
                description: "Chunks in the head block: with the head series, what the head holds in memory",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `prometheus_tsdb_head_chunks{${self}}`, legend: "{{pod}}" }],
            },
            {
                title: "Rule evaluation duration",
                description: "Quantiles of the time one rule takes to evaluate",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `prometheus_rule_evaluation_duration_seconds{${self}}`, legend: "q{{quantile}}" }],
            },
            {
                title: "Scrape duration per job",
                description: "The slowest target's last scrape, per job",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: "max by (job) (scrape_duration_seconds)", legend: "{{job}}" }],
            },
            {
                title: "Samples scraped per job",
                description: "Samples stored per scrape after metric_relabel_configs, summed over each job's targets",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: "sum by (job) (scrape_samples_post_metric_relabeling)", legend: "{{job}}" }],
            },
            {
                title: "Target sync duration per scrape pool",
                description: "Mean time to rebuild a scrape pool's targets after service discovery changed them; a slow sync delays new targets and keeps scraping gone ones",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [
                    {
                        expr: `sum by (scrape_job) (rate(prometheus_target_sync_length_seconds_sum{${self}}[$__rate_interval])) / sum by (scrape_job) (rate(prometheus_target_sync_length_seconds_count{${self}}[$__rate_interval]))`,
                        legend: "{{scrape_job}}",
                    },
                ],
            },
            {
                title: "Queries",
                description: "Queries evaluated per second, from dashboards, the API and rules",
                unit: "reqps",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `rate(prometheus_engine_query_duration_seconds_count{${self}, slice="inner_eval"}[$__rate_interval])`, legend: "{{pod}}" }],
            },
            {
                title: "Query duration by stage (p90)",
                description: "90th percentile of the time a query spends in each stage: waiting in the queue, preparing (reading series), evaluating and sorting the result",
                unit: "s",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [{ expr: `max by (slice) (prometheus_engine_query_duration_seconds{${self}, quantile="0.9"})`, legend: "{{slice}}" }],
            },
            {
                title: "Queries running and the concurrency limit",
                description: "Queries executing or waiting, against --query.max-concurrency: at the limit, further queries queue and dashboards and rules slow down",
                unit: "short",
                kind: "timeseries",
                needs: ["prometheus"],
                queries: [
                    { expr: `prometheus_engine_queries{${self}}`, legend: "{{pod}} running" },
                    { expr: `prometheus_engine_queries_concurrent_max{${self}}`, legend: "{{pod}} limit" },
                ],
            },
            {
                kind: "text",
                title: "Not answered on this board",
                needs: ["prometheus"],
                content: PROMETHEUS_NOT_ANSWERED.map((n) => `- **${n.question}**: ${n.why}.`).join("\n"),
            },
        ],
    };
}
