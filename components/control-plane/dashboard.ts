import { DashboardContext, Source } from "../common/dashboards/context";
import { APISERVER_LATENCY_P99, apiserverLatencyP99Expr } from "../apiserver/latency-rules";
import { DashboardPanelSpec, PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { APISERVER_REQUESTS_BY_CODE, apiserverRequestsByCodeExpr } from "../apiserver/request-rate-rules";
import { APISERVER_SLO_PANELS } from "../apiserver/slo-panels";
import { CONTROLLER_MANAGER_MORE_PANELS, KUBE_PROXY_MORE_PANELS, SCHEDULER_MORE_PANELS } from "./component-panels";

const rate = (selector: string) => `rate(${selector}[$__rate_interval])`;
const up = (title: string, job: string, need: Source): PanelSpec => ({
    title,
    description: `${job} targets whose last scrape succeeded`,
    unit: "short",
    kind: "stat",
    needs: [need],
    queries: [{ expr: `sum(up{job="${job}"})`, legend: "up" }],
});

const CLUSTER_COMPONENT_PANELS: DashboardPanelSpec[] = [
    up("CoreDNS up", "coredns", "coreDns"),
    {
        title: "CoreDNS requests by type",
        description: "Lookups per second, by record type",
        unit: "reqps",
        kind: "timeseries",
        needs: ["coreDns"],
        queries: [{ expr: `sum by (type) (${rate('coredns_dns_requests_total{job="coredns"}')})`, legend: "{{type}}" }],
    },
    {
        title: "CoreDNS responses by code",
        description: "Responses per second, by DNS response code; SERVFAIL is what CoreDNSErrorsHigh counts",
        unit: "reqps",
        kind: "timeseries",
        needs: ["coreDns"],
        queries: [{ expr: `sum by (rcode) (${rate('coredns_dns_responses_total{job="coredns"}')})`, legend: "{{rcode}}" }],
    },
    {
        title: "CoreDNS latency (p99)",
        description: "99th percentile of request duration, by server block",
        unit: "s",
        kind: "timeseries",
        needs: ["coreDns"],
        queries: [{ expr: `histogram_quantile(0.99, sum by (server, le) (${rate('coredns_dns_request_duration_seconds_bucket{job="coredns"}')}))`, legend: "{{server}}" }],
    },
    {
        title: "CoreDNS cache hits",
        description: "Cache hits per second, by cache type",
        unit: "reqps",
        kind: "timeseries",
        needs: ["coreDns"],
        queries: [{ expr: `sum by (type) (${rate('coredns_cache_hits_total{job="coredns"}')})`, legend: "{{type}}" }],
    },
    up("Schedulers up", "kube-scheduler", "scheduler"),
    {
        title: "Scheduler pending pods",
        description: "Pods waiting, by queue; active and backoff are what KubeSchedulerBacklog counts",
        unit: "short",
        kind: "timeseries",
        needs: ["scheduler"],
        queries: [{ expr: 'sum by (queue) (scheduler_pending_pods{job="kube-scheduler"})', legend: "{{queue}}" }],
    },
    {
        title: "Scheduling attempts by result",
        description: "Attempts per second: scheduled, unschedulable or error",
        unit: "ops",
        kind: "timeseries",
        needs: ["scheduler"],
        queries: [{ expr: `sum by (result) (${rate('scheduler_schedule_attempts_total{job="kube-scheduler"}')})`, legend: "{{result}}" }],
    },
    {
        title: "Scheduling attempt latency (p99)",
        description: "99th percentile of one scheduling attempt's duration",
        unit: "s",
        kind: "timeseries",
        needs: ["scheduler"],
        queries: [{ expr: `histogram_quantile(0.99, sum by (le) (${rate('scheduler_scheduling_attempt_duration_seconds_bucket{job="kube-scheduler"}')}))`, legend: "p99" }],
    },
    ...SCHEDULER_MORE_PANELS,
    up("Controller managers up", "kube-controller-manager", "controllerManager"),
    {
        title: "Controller work-queue depth",
        description: "Items waiting per controller queue; KubeControllerManagerWorkQueueBacklog fires above 100",
        unit: "short",
        kind: "timeseries",
        needs: ["controllerManager"],
        queries: [{ expr: 'sum by (name) (workqueue_depth{job="kube-controller-manager"})', legend: "{{name}}" }],
    },
    {
        title: "Controller work-queue adds",
        description: "Items added per second, per controller queue",
        unit: "ops",
        kind: "timeseries",
        needs: ["controllerManager"],
        queries: [{ expr: `sum by (name) (${rate('workqueue_adds_total{job="kube-controller-manager"}')})`, legend: "{{name}}" }],
    },
    ...CONTROLLER_MANAGER_MORE_PANELS,
    up("kube-proxies up", "kube-proxy", "kubeProxy"),
    {
        title: "kube-proxy rule sync (p99)",
        description: "99th percentile of the time to sync proxy rules, per node",
        unit: "s",
        kind: "timeseries",
        needs: ["kubeProxy"],
        queries: [{ expr: `histogram_quantile(0.99, sum by (instance, le) (${rate('kubeproxy_sync_proxy_rules_duration_seconds_bucket{job="kube-proxy"}')}))`, legend: "{{instance}}" }],
    },
    {
        title: "kube-proxy rule syncs",
        description: "Syncs per second, per node",
        unit: "ops",
        kind: "timeseries",
        needs: ["kubeProxy"],
        queries: [{ expr: `sum by (instance) (${rate('kubeproxy_sync_proxy_rules_duration_seconds_count{job="kube-proxy"}')})`, legend: "{{instance}}" }],
    },
    ...KUBE_PROXY_MORE_PANELS,
];


/**
 * Control plane: the API servers (the `apiserver` job), etcd (the `etcd` job, off by default),
 * CoreDNS, the scheduler, the controller manager and kube-proxy (cluster-monitoring:controlPlane),
 * each panel present only while its job is on, each reading only families its job keeps. Only STABLE API server families, which keep their
 * names and labels across Kubernetes releases.
 */
export const controlPlaneDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-control-plane",
    title: "Control plane",
    description: "API server, etcd, CoreDNS, scheduler, controller manager and kube-proxy",
    needs: [],
    variables: [],
    panels: [
        {
            title: "API server requests by code",
            description: "Requests per second, by HTTP response code",
            unit: "reqps",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [
                {
                    // The record while the default rules are evaluated (request-rate-rules.ts): one series per code, not per verb, resource and instance.
                    expr: ctx.computeRules ? APISERVER_REQUESTS_BY_CODE : apiserverRequestsByCodeExpr("$__rate_interval"),
                    legend: "{{code}}",
                },
            ],
        },
        {
            title: "API server latency (p99)",
            description: "99th percentile of request latency by verb, long-running WATCH and CONNECT left out",
            unit: "s",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [
                {
                    // The record while the default rules are evaluated (latency-rules.ts): one series per verb, not every bucket.
                    expr: ctx.computeRules ? APISERVER_LATENCY_P99 : apiserverLatencyP99Expr("$__rate_interval"),
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
        ...APISERVER_SLO_PANELS,
        {
            title: "API server work-queue depth",
            description: "Items waiting in each of the API server's work queues (its controllers: APIService availability, CRD naming, certificate reload ...)",
            unit: "short",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: 'sum by (name) (workqueue_depth{job="apiserver"})', legend: "{{name}}" }],
        },
        {
            title: "API server work-queue adds",
            description: "Items added per second to each of the API server's work queues",
            unit: "ops",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: `sum by (name) (${rate('workqueue_adds_total{job="apiserver"}')})`, legend: "{{name}}" }],
        },
        {
            title: "API server memory",
            description: "Resident memory of each API server",
            unit: "bytes",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: 'process_resident_memory_bytes{job="apiserver"}', legend: "{{instance}}" }],
        },
        {
            title: "API server CPU",
            description: "CPU cores each API server uses",
            unit: "short",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: rate('process_cpu_seconds_total{job="apiserver"}'), legend: "{{instance}}" }],
        },
        {
            title: "API server goroutines",
            description: "Goroutines of each API server: a steady climb is a leak",
            unit: "short",
            kind: "timeseries",
            needs: ["apiserver"],
            queries: [{ expr: 'go_goroutines{job="apiserver"}', legend: "{{instance}}" }],
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
        ...CLUSTER_COMPONENT_PANELS,
    ],
});
