import { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { LONG_TERM_STORE_JOB_NAME } from "./layout";

const job = `job="${LONG_TERM_STORE_JOB_NAME}"`;
const rate = (expr: string) => `rate(${expr}[$__rate_interval])`;

/**
 * The in-cluster VictoriaMetrics through its own /metrics (job long-term-store): what arrives,
 * what dedup removes, what it keeps and on what disk. Every family is served by v1.150.0 and by
 * Debian's 1.79.5; tests/long-term-store.real.test.ts runs each query on the real store's series.
 */
export const longTermStoreDashboard: PrometheusDashboardSpec = {
    uid: "cm-long-term-store",
    folder: "monitoring",
    title: "Long-term store",
    description: "The in-cluster VictoriaMetrics: samples written and deduplicated, series, disk, refused writes and ignored samples, queries and memory",
    needs: ["longTermStore"],
    variables: [],
    panels: [
        {
            title: "Read-only",
            description: "1 while the volume's free space is below -storage.minFreeDiskSpaceBytes: every write is refused",
            unit: "short",
            kind: "stat",
            needs: ["longTermStore"],
            queries: [{ expr: `max by (pod) (vm_storage_is_read_only{${job}})`, legend: "{{pod}}" }],
        },
        {
            title: "Samples written",
            description: "Samples per second arriving through remote write, from every Prometheus replica",
            unit: "short",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [{ expr: `sum by (pod) (${rate(`vm_rows_inserted_total{${job},type="promremotewrite"}`)})`, legend: "{{pod}}" }],
        },
        {
            title: "Samples deduplicated",
            description: "Samples per second that dedup removed: one replica's copy of each scrape interval (-dedup.minScrapeInterval)",
            unit: "short",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [{ expr: `sum by (type) (${rate(`vm_deduplicated_samples_total{${job}}`)})`, legend: "{{type}}" }],
        },
        {
            title: "New series",
            description: "Series created per second: churn from new pods and labels",
            unit: "short",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [{ expr: `sum by (pod) (${rate(`vm_new_timeseries_created_total{${job}}`)})`, legend: "{{pod}}" }],
        },
        {
            title: "Disk",
            description: "What the data takes by part type, and the volume's free space; dividing one by their sum is LongTermStoreDiskUsageHigh's ratio",
            unit: "bytes",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [
                { expr: `sum by (type) (vm_data_size_bytes{${job}})`, legend: "{{type}}" },
                { expr: `sum by (pod) (vm_free_disk_space_bytes{${job}})`, legend: "free" },
            ],
        },
        {
            title: "Refused writes and ignored samples",
            description: "Remote write requests answered with an error, and samples dropped by reason (outside the retention, too far in the future)",
            unit: "short",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [
                { expr: `sum by (pod) (${rate(`vm_http_request_errors_total{${job},path="/api/v1/write"}`)})`, legend: "refused writes" },
                { expr: `sum by (reason) (${rate(`vm_rows_ignored_total{${job}}`)})`, legend: "ignored: {{reason}}" },
            ],
        },
        {
            title: "Queries",
            description: "Instant and range queries per second: Grafana's long-term data source",
            unit: "short",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [{ expr: `sum by (path) (${rate(`vm_http_requests_total{${job},path=~"/api/v1/query|/api/v1/query_range"}`)})`, legend: "{{path}}" }],
        },
        {
            title: "Memory",
            description: "Resident memory of the store, against longTermStore.resources",
            unit: "bytes",
            kind: "timeseries",
            needs: ["longTermStore"],
            queries: [{ expr: `sum by (pod) (process_resident_memory_bytes{${job}})`, legend: "{{pod}}" }],
        },
    ],
};
