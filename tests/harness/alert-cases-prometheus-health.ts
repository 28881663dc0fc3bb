import { AlertCase, AlertCases, bounded, s, text, ticks } from "./alert-case-format";

/**
 * The prometheus-health alerts' cases (components/prometheus/health-alerts.ts), each at its
 * boundary, in the names and labels every release line exports (v2.11.1 to v3.14.0), but
 * PrometheusKubernetesListWatchFailures, whose family differs: here in v2.11.1's names, in
 * PROMETHEUS_LINE_ALERT_CASES in those of v2.53.0 and later.
 */
const self = { job: "monitor", namespace: "monitoring", pod: "monitor-0" };
const flat = (value: number, minutes: number) => `${value}+0x${minutes}`;
const AM0 = "http://10.244.0.21:9093/api/v2/alerts";
const AM1 = "http://10.244.0.22:9093/api/v2/alerts";

/**
 * A counter of Prometheus itself: one increment at minute 1 and every `every` minutes after, the
 * least that keeps `increase(x[<every>m]) > 0` true from minute 1 (alert-case-format.ts, ticks);
 * fires at 1m + the `for`.
 */
const counter = (name: string, extra: Record<string, string>, every: number, forMinutes: number): AlertCases => {
    const labels = { ...self, ...extra };
    const at = `${1 + forMinutes}m`;
    return bounded({
        fires: { series: [s(`${name}{${text(labels)}}`, ticks(every, forMinutes + 10))], at, labels },
        silent: { series: [s(`${name}{${text(labels)}}`, flat(3, forMinutes + 10))], at },
    });
};

/** The alert queue against a capacity of 3000 from minute 0; predict_linear holds from minute 1, with two samples. */
const queue = (values: string, at: string): AlertCase => ({
    series: [s(`prometheus_notifications_queue_length{${text(self)}}`, values), s(`prometheus_notifications_queue_capacity{${text(self)}}`, flat(3000, 20))],
    at,
    labels: self,
});

/** Samples appended (`appended` a minute) and rules loaded, from minute 0; rate() holds from minute 1. */
const ingest = (appended: number, rules: number, at: string): AlertCase => ({
    series: [
        s(`prometheus_tsdb_head_samples_appended_total{${text(self)}}`, `5000+${appended}x20`),
        s(`prometheus_rule_group_rules{${text({ ...self, rule_group: "/etc/prometheus/rules/defaults-watchdog.yml;watchdog" })}}`, flat(rules, 20)),
    ],
    at,
    labels: self,
});

/** Queries running against a limit of 100, from minute 0. */
const queries = (running: number, at: string): AlertCase => ({
    series: [s(`prometheus_engine_queries{${text(self)}}`, flat(running, 20)), s(`prometheus_engine_queries_concurrent_max{${text(self)}}`, flat(100, 20))],
    at,
    labels: self,
});

/**
 * v2.11.1's client-go request results (discovery/kubernetes/client_metrics.go): one series per
 * status_code, over every list and watch of every discovery role. Each failing code ticks every
 * `every` minutes from minute 1; a successful 200 and an expired 410 tick every minute beside
 * them, and an `<error>` from before the case (a failure that has stopped) stays where it is.
 */
const requests = (failing: Record<string, number>, at: string): AlertCase => {
    const series = (code: string) => `prometheus_sd_kubernetes_http_request_total{${text({ ...self, status_code: code })}}`;
    return {
        series: [
            s(series("200"), "100+7x30"),
            s(series("410"), "3+1x30"),
            ...("<error>" in failing ? [] : [s(series("<error>"), flat(2, 30))]),
            ...Object.entries(failing).map(([code, every]) => s(series(code), ticks(every, 30))),
        ],
        at,
        labels: self,
    };
};

export const PROMETHEUS_HEALTH_ALERT_CASES: Record<string, AlertCases> = {
    // One failed request in every 5 minutes for 15 minutes; every successful request and 410 Gone (a re-list by design) beside it.
    PrometheusKubernetesListWatchFailures: bounded({
        fires: requests({ "<error>": 5 }, "16m"),
        silent: requests({}, "16m"),
        scenarios: [
            { name: "403 (RBAC refuses the list)", fires: true, case: requests({ "403": 5 }, "16m") },
            { name: "503 from the API server", fires: true, case: requests({ "503": 5 }, "16m") },
            { name: "401 (credentials refused)", fires: true, case: requests({ "401": 5 }, "16m") },
            { name: "404 (the API is not served)", fires: true, case: requests({ "404": 5 }, "16m") },
            { name: "429 (the API server throttles)", fires: true, case: requests({ "429": 5 }, "16m") },
            // The failure changes its code every 5 minutes: each code alone has windows without an increase, the failures together have none.
            {
                name: "a 503, then no answer, in turn: one alert",
                fires: true,
                case: {
                    series: [
                        s(`prometheus_sd_kubernetes_http_request_total{${text({ ...self, status_code: "503" })}}`, "0 1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 3 3"),
                        s(`prometheus_sd_kubernetes_http_request_total{${text({ ...self, status_code: "<error>" })}}`, "0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 3 3 3 3 3"),
                    ],
                    at: "16m",
                    labels: self,
                },
            },
            { name: "only 201 and 304 (no failure)", fires: false, case: requests({ "201": 5, "304": 5 }, "16m") },
        ],
    }),
    PrometheusSDRefreshFailure: counter("prometheus_sd_refresh_failures_total", { mechanism: "dns" }, 10, 20),
    // 100 more alerts queued a minute reach 3000 within 30 minutes (100 + 30 × 100 at 1m); one more a minute never does.
    PrometheusNotificationQueueRunningFull: bounded({
        fires: queue("0+100x20", "16m"),
        silent: queue("0+1x20", "16m"),
        scenarios: [
            {
                // v3.10.0 and later notifier/metric.go: a queue per Alertmanager, labelled alertmanager; the capacity is not.
                name: "3.10 and later: one Alertmanager's queue filling",
                fires: true,
                case: {
                    series: [
                        s(`prometheus_notifications_queue_length{${text({ ...self, alertmanager: AM0 })}}`, "0+100x20"),
                        s(`prometheus_notifications_queue_length{${text({ ...self, alertmanager: AM1 })}}`, "0+1x20"),
                        s(`prometheus_notifications_queue_capacity{${text(self)}}`, flat(3000, 20)),
                    ],
                    at: "16m",
                    labels: { ...self, alertmanager: AM0 },
                },
            },
        ],
    }),
    PrometheusTSDBReloadsFailing: counter("prometheus_tsdb_reloads_failures_total", {}, 180, 240),
    PrometheusNotIngestingSamples: bounded({
        fires: ingest(0, 1, "11m"),
        // One sample a minute is ingesting.
        silent: ingest(1, 1, "11m"),
        scenarios: [
            { name: "nothing to ingest: no rules", fires: false, case: ingest(0, 0, "11m") },
            {
                // v2.42.0 and later tsdb/head.go label samples appended by type; one type ingesting is ingesting.
                name: "later lines: float samples appended, no histograms",
                fires: false,
                case: {
                    series: [
                        s(`prometheus_tsdb_head_samples_appended_total{${text({ ...self, type: "float" })}}`, "5000+1x20"),
                        s(`prometheus_tsdb_head_samples_appended_total{${text({ ...self, type: "histogram" })}}`, "0+0x20"),
                        ...ingest(1, 1, "11m").series.slice(1),
                    ],
                    at: "11m",
                },
            },
        ],
    }),
    PrometheusDuplicateTimestamps: counter("prometheus_target_scrapes_sample_duplicate_timestamp_total", {}, 5, 10),
    PrometheusOutOfOrderTimestamps: counter("prometheus_target_scrapes_sample_out_of_order_total", {}, 5, 10),
    PrometheusMissingRuleEvaluations: counter("prometheus_rule_group_iterations_missed_total", {}, 5, 15),
    // 82 and 78 of 100 queries.
    PrometheusHighQueryLoad: bounded({ fires: queries(82, "15m"), silent: queries(78, "15m") }),
};

/**
 * The alerts only lines after 2.11 have (release-lines.ts, selfHealth), in the names and labels of
 * v2.53.0 to v3.14.0: tests/alert-boundaries.real.test.ts runs them against the newest line's rules.
 */
export const PROMETHEUS_LINE_ALERT_CASES: Record<string, AlertCases> = {
    PrometheusKubernetesListWatchFailures: counter("prometheus_sd_kubernetes_failures_total", {}, 5, 15),
    PrometheusTargetSyncFailure: counter("prometheus_target_sync_failed_total", { scrape_job: "kubelet" }, 30, 5),
    // The three scrape-limit counters carry no label of their own (scrape/metrics.go at v2.53.0).
    PrometheusTargetLimitHit: counter("prometheus_target_scrape_pool_exceeded_target_limit_total", {}, 5, 15),
    PrometheusLabelLimitHit: counter("prometheus_target_scrape_pool_exceeded_label_limits_total", {}, 5, 15),
    PrometheusScrapeBodySizeLimitHit: counter("prometheus_target_scrapes_exceeded_body_size_limit_total", {}, 5, 15),
};
