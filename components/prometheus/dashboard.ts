import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/**
 * Prometheus itself: ingestion, series, rule evaluation, scrape and target sync durations, and
 * queries. Every family is one that v2.11.1 already serves and every later line keeps (the target
 * sync summary, scrape/scrape.go, labelled scrape_job; the engine's gauges, promql/engine.go), so
 * none needs a row of the release lines' table; none is a vector that stays empty while the rule
 * file is empty. The self-monitoring job keeps every family Prometheus serves.
 */
export function prometheusDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const self = `job="${ctx.prometheusJob}"`;
    return {
        uid: "cm-prometheus",
        folder: "monitoring",
        title: "Prometheus",
        description: "The metrics server itself: ingestion, series, rule evaluation, scrape and target sync durations, and queries",
        needs: ["prometheus"],
        variables: [],
        panels: [
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
        ],
    };
}
