import { PrometheusDashboardSpec } from "./panels";

/**
 * Control plane: the API servers (the `apiserver` job) and etcd (the `etcd` job, off by default),
 * each panel present only while its job is on. Only STABLE API server families, which keep their
 * names and labels across Kubernetes releases.
 */
export const controlPlaneDashboard: PrometheusDashboardSpec = {
    uid: "cm-control-plane",
    title: "Control plane",
    description: "API server requests, latency and load, and etcd's leader, database and disk",
    needs: [],
    variables: [],
    panels: [
        {
            title: "API server requests by code",
            description: "Requests per second, by HTTP response code",
            unit: "reqps",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: 'sum by (code) (rate(apiserver_request_total{job="apiserver"}[$__rate_interval]))', legend: "{{code}}" }],
        },
        {
            title: "API server latency (p99)",
            description: "99th percentile of request latency by verb, long-running WATCH and CONNECT left out",
            unit: "s",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [
                {
                    expr: 'histogram_quantile(0.99, sum by (verb, le) (rate(apiserver_request_duration_seconds_bucket{job="apiserver", verb!~"WATCH|CONNECT"}[$__rate_interval])))',
                    legend: "{{verb}}",
                },
            ],
        },
        {
            title: "API server requests in flight",
            description: "Requests being served, by kind",
            unit: "short",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: 'sum by (request_kind) (apiserver_current_inflight_requests{job="apiserver"})', legend: "{{request_kind}}" }],
        },
        {
            title: "API servers up",
            description: "API server endpoints whose last scrape succeeded",
            unit: "short",
            kind: "stat",
            needs: ["apiserver"],
            queries: [{ expr: 'sum(up{job="apiserver"})', legend: "up" }],
        },
        {
            title: "etcd has a leader",
            description: "1 while every member sees a leader",
            unit: "short",
            kind: "stat",
            needs: ["etcd"],
            queries: [{ expr: 'min(etcd_server_has_leader{job="etcd"})', legend: "leader" }],
        },
        {
            title: "etcd leader changes",
            description: "Leader elections seen in the last hour; frequent ones mean a slow disk or network",
            unit: "short",
            kind: "timeseries",
            needs: ["etcd"],
            queries: [{ expr: 'sum(increase(etcd_server_leader_changes_seen_total{job="etcd"}[1h]))', legend: "changes" }],
        },
        {
            title: "etcd database size",
            description: "Database size on disk per member",
            unit: "bytes",
            kind: "timeseries",
            needs: ["etcd"],
            queries: [{ expr: 'etcd_mvcc_db_total_size_in_bytes{job="etcd"}', legend: "{{instance}}" }],
        },
        {
            title: "etcd WAL fsync (p99)",
            description: "99th percentile of the write-ahead log's fsync latency per member",
            unit: "s",
            kind: "timeseries",
            needs: ["etcd"],
            queries: [
                {
                    expr: 'histogram_quantile(0.99, sum by (instance, le) (rate(etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd"}[$__rate_interval])))',
                    legend: "{{instance}}",
                },
            ],
        },
    ],
};
