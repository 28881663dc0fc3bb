import { droppedFamily, FamilyRule, keptFamily } from "../common/scrape/family-rules";

const OWN_SERIES = "Prometheus writes it itself for every target; a pushed copy under another job's labels would pass for that job's own series";

/**
 * The pushgateway job's families (docs/scrape-jobs.md#what-each-job-keeps): what v1.11.3 serves
 * of its own (storage/diskmetricstore.go, handler/metrics.go), and the names of the series
 * Prometheus writes itself, which a batch job must not push. Every other family passes: the
 * pushed families are the batch jobs' own, whatever their names, and a family filter reads the
 * name alone, so dropping the gateway's Go runtime detail would drop a Go batch job's pushed go_* too.
 */
export const PUSHGATEWAY_FAMILIES: readonly FamilyRule[] = [
    keptFamily("push_time_seconds", "PushgatewayPushStale and the board's last push: the time of each group's last successful push"),
    keptFamily("push_failure_time_seconds", "PushgatewayPushFailed and the board: the time of each group's last refused push, 0 while none was"),
    keptFamily("pushgateway_http_requests_total", "the board's pushes and deletes by status code: refused pushes show as 400"),
    keptFamily("pushgateway_http_push_duration_seconds", "the board's push duration (a summary of quantiles 0.1, 0.5, 0.9)"),
    keptFamily("pushgateway_build_info", "one series: which gateway version answers"),
    keptFamily("process_resident_memory_bytes", "the board's memory: what the gateway holds of the pushed groups"),
    droppedFamily("up", OWN_SERIES),
    droppedFamily("scrape_*", OWN_SERIES),
    droppedFamily("ALERTS", "Prometheus' own series of its alerts; a pushed copy would show an alert as firing that no rule fires"),
    droppedFamily("ALERTS_FOR_STATE", "Prometheus' own state of its pending alerts, which it restores at start; a pushed copy would corrupt it"),
];
