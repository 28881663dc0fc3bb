import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

/**
 * Prometheus itself: ingestion, series, rule evaluation and scrape durations. Every family is one
 * that v2.11.1 already serves, and none is a vector that stays empty while the rule file is empty.
 */
export function prometheusDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const self = `job="${ctx.prometheusJob}"`;
    return {
        uid: "cm-prometheus",
        folder: "monitoring",
        title: "Prometheus",
        description: "The metrics server itself: ingestion, series, rule evaluation and scrape durations",
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
        ],
    };
}
