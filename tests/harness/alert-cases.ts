import { Settings } from "../../config";
import { settingsWithGrafana } from "./stack-config";
import { AlertCase, AlertCases, s, text, ticks, bounded } from "./alert-case-format";
import { DAY_ONE_ALERT_CASES } from "./alert-cases-day-one";
import { NODE_NETWORK_ALERT_CASES } from "./alert-cases-node-network";
import { NODE_LIMITS_ALERT_CASES } from "./alert-cases-node-limits";
import { NODE_HEALTH_ALERT_CASES } from "./alert-cases-node-health";
import { SYSTEM_ALERT_CASES } from "./alert-cases-system";
import { RESOURCE_ALERT_CASES } from "./alert-cases-resources";
import { NODE_SATURATION_ALERT_CASES } from "./alert-cases-node-saturation";
import { NODE_HARDWARE_ALERT_CASES } from "./alert-cases-node-hardware";
import { PROMETHEUS_HEALTH_ALERT_CASES } from "./alert-cases-prometheus-health";
import { GRAFANA_ALERT_CASES } from "./alert-cases-grafana";
import { INSTANCE_ALERT_CASES } from "./alert-cases-instances";
import { FILESYSTEM_ALERT_CASES } from "./alert-cases-filesystems";

// The case format lives apart so that alert-cases-day-one.ts can use it without an import cycle.
export type { AlertCase, AlertCases } from "./alert-case-format";
export { casesOf } from "./alert-case-format";
import { LONG_TERM_STORE_ALERT_CASES } from "./alert-cases-long-term-store";
import { searchStoreAlertCases } from "./alert-cases-search-store";

/**
 * Every job and component on, etcd over http so no certificates are needed, one remote-write
 * target, three Alertmanagers and Grafana: every default alert exists.
 */
export function everyAlertSettings(): Settings {
    return settingsWithGrafana({
        metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://metrics.example.com/api/v1/write" }] },
        alertmanager: { replicas: 3, storage: { mode: "storageClass" } },
        blackboxExporter: { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/" }] },
        searchStore: { enabled: true },
        // Backups every hour: LongTermStoreBackupMissed's window is two of them (alert-cases-long-term-store.ts).
        longTermStore: { enabled: true, backup: { destination: "s3://metrics-backups/alert-cases", interval: "1h" } },
    });
}

/** `value` at every minute from 0 to `minutes`, in promtool's notation. */
const flat = (value: number | string, minutes = 90) => `${value}+0x${minutes}`;
/** A counter ticking every `every` minutes over the cases' 90 minutes (alert-case-format.ts). */
const ticks90 = (every: number) => ticks(every, 90);
const self = 'job="monitor",namespace="monitoring",pod="monitor-0"';
/** etcd members 10.0.0.11 to .13 as the etcd job labels them, each 1 (scraped) or 0. */
const etcdMembers = (up: (0 | 1)[]) => up.map((v, i) => s(`up{job="etcd",instance="10.0.0.1${i + 1}:2379"}`, flat(v, 40)));
/** Members .11 and .12 failing to send to .13 (ID 8e9e05c52164694d), each counting `values` (split between them). */
const peerFailures = (values: string) =>
    ["10.0.0.11:2379", "10.0.0.12:2379"].flatMap((instance) => [
        s(`etcd_network_peer_sent_failures_total{job="etcd",instance="${instance}",To="8e9e05c52164694d"}`, values),
        s(`etcd_network_peer_sent_failures_total{job="etcd",instance="${instance}",To="fd422379fda50e48"}`, "0+0x40"),
    ]);
const selfLabels = { job: "monitor", namespace: "monitoring", pod: "monitor-0" };
const reloaderLabels = { job: "config-reloader", namespace: "monitoring", pod: "monitor-0", endpoint: "reloader-web", instance: "10.244.0.30:8080" };
const reloader = text(reloaderLabels);
const ksm = 'job="kube-state-metrics"';
const am = 'job="alertmanager",namespace="monitoring",pod="alertmanager-0"';
const amLabels = { job: "alertmanager", namespace: "monitoring", pod: "alertmanager-0" };
const fs = 'job="node-exporter",instance="node-1",node="node-1",device="/dev/sda1",fstype="ext4",mountpoint="/"';
const fsLabels = { job: "node-exporter", instance: "node-1", node: "node-1", device: "/dev/sda1", fstype: "ext4", mountpoint: "/" };
const node = 'job="node-exporter",instance="node-1",node="node-1"';
const nodeLabels = { job: "node-exporter", instance: "node-1", node: "node-1" };
const agent = 'job="log-agent",namespace="kube-system",pod="fluentd-es-v2.7.0-abcde",node="node-1"';
const agentLabels = { job: "log-agent", namespace: "kube-system", pod: "fluentd-es-v2.7.0-abcde", node: "node-1" };
const output = `${agent},plugin_id="elasticsearch",type="elasticsearch"`;
const outputLabels = { ...agentLabels, plugin_id: "elasticsearch", type: "elasticsearch" };
const container = 'job="cadvisor",namespace="default",pod="web-1",container="web"';
/**
 * The container's throttled and total CFS periods in its cgroup, as cAdvisor writes them (id and image), 100 periods a
 * minute; `duplicatePeriods` / `duplicateThrottled` serve that counter a second time without the image label.
 */
function throttling(throttled: string, duplicatePeriods = false, duplicateThrottled = false) {
    const cgroup = `${container},id="/kubepods/pod1/new"`;
    const series = [s(`container_cpu_cfs_throttled_periods_total{${cgroup},image="shop/web:1"}`, throttled), s(`container_cpu_cfs_periods_total{${cgroup},image="shop/web:1"}`, "0+100x40")];
    if (duplicatePeriods) series.push(s(`container_cpu_cfs_periods_total{${cgroup}}`, "0+100x40"));
    if (duplicateThrottled) series.push(s(`container_cpu_cfs_throttled_periods_total{${cgroup}}`, throttled));
    return series;
}
const containerLabels = { job: "cadvisor", namespace: "default", pod: "web-1", container: "web" };

const probe = 'job="shop",instance="https://shop.example.com/"';
const probeLabels = { job: "shop", instance: "https://shop.example.com/" };

/** 100 CoreDNS responses a minute, `percent` of them SERVFAIL: true from 1m (rate needs two samples). */
const servfail = (percent: number) => [
    s('coredns_dns_responses_total{job="coredns",rcode="SERVFAIL"}', `0+${percent}x30`),
    s('coredns_dns_responses_total{job="coredns",rcode="NOERROR"}', `0+${Number((100 - percent).toFixed(2))}x30`),
];

const AM_A = "http://10.0.0.9:9093/api/v2/alerts";
const AM_B = "http://10.0.0.10:9093/api/v2/alerts";
/** 100 notifications a minute to each of two Alertmanagers, `a` and `b` of them failing: true from 1m (rate needs two samples). */
const notifications = (a: number, b: number) =>
    ([[AM_A, a], [AM_B, b]] as const).flatMap(([url, failing]) => [
        s(`prometheus_notifications_errors_total{${self},alertmanager="${url}"}`, `0+${failing}x40`),
        s(`prometheus_notifications_sent_total{${self},alertmanager="${url}"}`, "0+100x40"),
    ]);
/** `n` node-exporter targets, the first `down` of them down. */
const targets = (n: number, down: number) =>
    Array.from({ length: n }, (_, i) => s(`up{job="node-exporter",namespace="kube-system",instance="node-${i + 1}"}`, flat(i < down ? 0 : 1, 30)));
/** `n` idle-CPU counters of node-1. */
const cpus = (n: number) => Array.from({ length: n }, (_, i) => s(`node_cpu_seconds_total{${node},cpu="${i}",mode="idle"}`, "0+60x90"));
/**
 * 100 observations a minute in a histogram whose buckets are `bounds`: `below` of them under the
 * first bound, 99.5 under the second, all under the third. The 99th percentile then falls in the
 * second bucket, interpolated by Prometheus at (99 - below) / (99.5 - below) of its width.
 */
const histogram = (name: string, labels: string, bounds: [string, string, string], below: number) =>
    ([[bounds[0], below], [bounds[1], 99.5], [bounds[2], 100], ["+Inf", 100]] as const).map(([le, n]) => s(`${name}{${labels},le="${le}"}`, `0+${n}x30`));
/** CoreDNS's buckets around 4 s (ExponentialBuckets(0.00025, 2, 16)). */
const dnsLatency = (below: number) => histogram("coredns_dns_request_duration_seconds_bucket", 'job="coredns",server="dns://:53",zone="."', ["2.048", "4.096", "8.192"], below);
/** etcd's WAL fsync buckets around 0.5 s (ExponentialBuckets(0.001, 2, 14)). */
const fsyncDurations = (below: number) => histogram("etcd_disk_wal_fsync_duration_seconds_bucket", 'job="etcd",instance="10.0.0.11:2379"', ["0.256", "0.512", "1.024"], below);
const fsyncVerySlow = (below: number) => histogram("etcd_disk_wal_fsync_duration_seconds_bucket", 'job="etcd",instance="10.0.0.11:2379"', ["0.512", "1.024", "2.048"], below);

/** Reads of one object per minute, a share `e` of them failing with a 500 and every one within its 1 s bound, evaluated `at`. */
const burn = (e: number, at: string): AlertCase => {
    const perMinute = 1000;
    const failed = Number((e * perMinute).toFixed(3));
    const read = 'job="apiserver",verb="GET",scope="resource"';
    return {
        series: [
            s(`apiserver_request_total{${read},code="200"}`, `0+${Number((perMinute - failed).toFixed(3))}x200`),
            s(`apiserver_request_total{${read},code="500"}`, `0+${failed}x200`),
            s(`apiserver_request_sli_duration_seconds_bucket{${read},le="+Inf"}`, `0+${perMinute}x200`),
            s(`apiserver_request_sli_duration_seconds_bucket{${read},le="1"}`, `0+${perMinute}x200`),
        ],
        at,
        labels: { verb: "read" },
    };
};

/** 80 % of the default buffer (2M chunks x 8) is 13421772 bytes. */
export const ALERT_CASES: Record<string, AlertCases> = {
    ...DAY_ONE_ALERT_CASES,
    ...NODE_NETWORK_ALERT_CASES,
    ...NODE_LIMITS_ALERT_CASES,
    ...NODE_HEALTH_ALERT_CASES,
    ...SYSTEM_ALERT_CASES,
    ...RESOURCE_ALERT_CASES,
    ...NODE_SATURATION_ALERT_CASES,
    ...NODE_HARDWARE_ALERT_CASES,
    ...PROMETHEUS_HEALTH_ALERT_CASES,
    ...GRAFANA_ALERT_CASES,
    ...INSTANCE_ALERT_CASES,
    ...FILESYSTEM_ALERT_CASES,
    ...LONG_TERM_STORE_ALERT_CASES,
    ...searchStoreAlertCases("elasticsearch-oss"),
    PrometheusBadConfig: bounded({
        fires: { series: [s(`prometheus_config_last_reload_successful{${self}}`, flat(0))], at: "10m", labels: selfLabels },
        silent: { series: [s(`prometheus_config_last_reload_successful{${self}}`, flat(1))], at: "10m" },
    }),
    // A rule failing once every five minutes: one failure in each 5m window.
    PrometheusRuleFailures: bounded({
        fires: {
            series: [s(`prometheus_rule_evaluation_failures_total{${self},rule_group="/etc/prometheus/rules/custom-a.yml;a"}`, ticks90(5))],
            at: "16m",
            labels: { ...selfLabels, rule_group: "/etc/prometheus/rules/custom-a.yml;a" },
        },
        silent: { series: [s(`prometheus_rule_evaluation_failures_total{${self},rule_group="a"}`, flat(5))], at: "16m" },
    }),
    // One Alertmanager of two fails 1.1 % of its notifications, the other none: the warning names
    // the one; at 0.9 % it stays silent.
    PrometheusErrorSendingAlertsToSomeAlertmanagers: bounded({
        fires: { series: notifications(1.1, 0), at: "16m", labels: { ...selfLabels, alertmanager: AM_A } },
        silent: { series: notifications(0.9, 0), at: "16m" },
    }),
    // Both Alertmanagers fail 3.5 % or more: the least failing is above 3 %. One at 50 % and the
    // other at 2.5 %: alerts still get through, only the warning above fires.
    PrometheusErrorSendingAlertsToAnyAlertmanager: bounded({
        fires: { series: notifications(3.5, 3.6), at: "16m", labels: selfLabels },
        silent: { series: notifications(50, 2.5), at: "16m" },
    }),
    PrometheusNotConnectedToAlertmanagers: bounded({
        fires: { series: [s(`prometheus_notifications_alertmanagers_discovered{${self}}`, flat(0))], at: "10m", labels: selfLabels },
        silent: { series: [s(`prometheus_notifications_alertmanagers_discovered{${self}}`, flat(1))], at: "10m" },
    }),
    // One failed compaction every three hours: one in each 3h window.
    PrometheusTSDBCompactionsFailing: bounded({
        fires: { series: [s(`prometheus_tsdb_compactions_failed_total{${self}}`, ticks(180, 250))], at: "241m", labels: selfLabels },
        silent: { series: [s(`prometheus_tsdb_compactions_failed_total{${self}}`, flat(2, 250))], at: "241m" },
    }),
    PrometheusTSDBWALCorruptions: bounded({
        fires: { series: [s(`prometheus_tsdb_wal_corruptions_total{${self}}`, ticks(180, 250))], at: "241m", labels: selfLabels },
        silent: { series: [s(`prometheus_tsdb_wal_corruptions_total{${self}}`, flat(1, 250))], at: "241m" },
    }),
    // The sidecar as its job labels it (components/prometheus/config-reloader-scrape-job.ts). A failed
    // reload POST sets the gauge to 0 until a good one (thanos pkg/reloader): one good reload in
    // every 5 minutes keeps the alert silent; one failed render in every 5 minutes (the least that
    // keeps increase()[5m] above 0, alert-case-format.ts, ticks) fires it though reloads succeed,
    // and one in every 6 leaves a window without one, so never for 10 minutes.
    ConfigReloaderSidecarErrors: bounded({
        fires: { series: [s(`reloader_last_reload_successful{${reloader}}`, flat(0))], at: "10m", labels: reloaderLabels },
        silent: { series: [s(`reloader_last_reload_successful{${reloader}}`, Array.from({ length: 31 }, (_, t) => (t % 5 === 0 ? 1 : 0)).join(" "))], at: "10m" },
        scenarios: [
            {
                name: "a render that fails in every 5 minutes, while reloads succeed",
                fires: true,
                case: { series: [s(`reloader_last_reload_successful{${reloader}}`, flat(1)), s(`reloader_config_apply_operations_failed_total{${reloader}}`, ticks90(5))], at: "11m", labels: reloaderLabels },
            },
            {
                name: "a render that fails in every 5 minutes, one minute before its 10 minutes",
                fires: false,
                case: { series: [s(`reloader_last_reload_successful{${reloader}}`, flat(1)), s(`reloader_config_apply_operations_failed_total{${reloader}}`, ticks90(5))], at: "10m" },
            },
            {
                name: "a render that fails once in every 6 minutes",
                fires: false,
                case: { series: [s(`reloader_last_reload_successful{${reloader}}`, flat(1)), s(`reloader_config_apply_operations_failed_total{${reloader}}`, ticks90(6))], at: "11m" },
            },
        ],
    }),
    PrometheusScrapeSampleLimitHit: bounded({
        fires: { series: [s(`prometheus_target_scrapes_exceeded_sample_limit_total{${self}}`, ticks90(5))], at: "16m", labels: selfLabels },
        silent: { series: [s(`prometheus_target_scrapes_exceeded_sample_limit_total{${self}}`, flat(3))], at: "16m" },
    }),
    ProbeFailing: bounded({
        fires: { series: [s(`probe_success{${probe}}`, "1 1 0+0x20")], at: "7m", labels: probeLabels },
        silent: { series: [s(`probe_success{${probe}}`, "0 0 1+0x20")], at: "7m" },
    }),
    ProbeSlow: bounded({
        fires: { series: [s(`probe_duration_seconds{${probe}}`, flat(2.05))], at: "10m", labels: probeLabels },
        silent: { series: [s(`probe_duration_seconds{${probe}}`, flat(1.95))], at: "10m" },
    }),
    // time() is the evaluation time, from 0: the certificate expires 100 s short of the 14 days
    // at 0m, and 1h past them in the silent case, and expiry - time() shrinks by 900 s by 15m.
    ProbeTLSCertificateExpiresIn14Days: bounded({
        fires: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, flat(14 * 86400 - 100, 30))], at: "15m", labels: probeLabels },
        silent: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, flat(14 * 86400 + 3600, 30))], at: "15m" },
    }),
    ProbeTLSCertificateExpiresIn3Days: bounded({
        fires: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, flat(3 * 86400 - 100, 30))], at: "15m", labels: probeLabels },
        silent: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, flat(3 * 86400 + 3600, 30))], at: "15m" },
    }),
    // 2 of 19 targets down is 10.5 %, 1 of 11 is 9.1 %.
    TargetDown: bounded({
        fires: { series: targets(19, 2), at: "10m", labels: { job: "node-exporter", namespace: "kube-system" } },
        silent: { series: targets(11, 1), at: "10m" },
    }),
    Watchdog: {
        fires: { series: [], at: "0m", labels: {} },
        silent: null,
        why: "it always fires: its absence at the receiver is the alarm",
    },
    AlertmanagerFailedReload: bounded({
        fires: { series: [s(`alertmanager_config_last_reload_successful{${am}}`, flat(0))], at: "10m", labels: amLabels },
        silent: { series: [s(`alertmanager_config_last_reload_successful{${am}}`, flat(1))], at: "10m" },
    }),
    // 1.02 % and 0.98 % of an integration's notifications fail.
    AlertmanagerFailedToSendAlerts: bounded({
        fires: {
            series: [
                s(`alertmanager_notifications_failed_total{${am},integration="webhook",reason="clientError"}`, "0+1.02x40"),
                s(`alertmanager_notifications_total{${am},integration="webhook"}`, "0+100x40"),
            ],
            at: "6m",
            labels: { ...amLabels, integration: "webhook", reason: "clientError" },
        },
        silent: {
            series: [
                s(`alertmanager_notifications_failed_total{${am},integration="webhook",reason="clientError"}`, "0+0.98x40"),
                s(`alertmanager_notifications_total{${am},integration="webhook"}`, "0+100x40"),
            ],
            at: "6m",
        },
    }),
    // 92 % and 88 % used.
    NodeMemoryHighUtilization: bounded({
        fires: { series: [s(`node_memory_MemAvailable_bytes{${node}}`, flat(8)), s(`node_memory_MemTotal_bytes{${node}}`, flat(100))], at: "15m", labels: nodeLabels },
        silent: { series: [s(`node_memory_MemAvailable_bytes{${node}}`, flat(12)), s(`node_memory_MemTotal_bytes{${node}}`, flat(100))], at: "15m" },
    }),
    // 51 ms ahead and steady (deriv needs two samples: true from 1m); 49 ms ahead.
    NodeClockSkewDetected: bounded({
        fires: { series: [s(`node_timex_offset_seconds{${node}}`, flat(0.051))], at: "11m", labels: nodeLabels },
        silent: { series: [s(`node_timex_offset_seconds{${node}}`, flat(0.049))], at: "11m" },
        scenarios: [
            { name: "ahead and converging", fires: false, case: { series: [s(`node_timex_offset_seconds{${node}}`, "0.06-0.0001x30")], at: "11m" } },
            { name: "behind", fires: true, case: { series: [s(`node_timex_offset_seconds{${node}}`, flat(-0.051))], at: "11m", labels: nodeLabels } },
            { name: "behind, short of the threshold", fires: false, case: { series: [s(`node_timex_offset_seconds{${node}}`, flat(-0.049))], at: "11m" } },
            { name: "behind and converging", fires: false, case: { series: [s(`node_timex_offset_seconds{${node}}`, "-0.06+0.0001x30")], at: "11m" } },
        ],
    }),
    // Load 4.1 and 3.9 on two CPUs: 2.05 and 1.95 per CPU.
    NodeSystemSaturation: bounded({
        fires: { series: [s(`node_load1{${node}}`, flat(4.1)), ...cpus(2)], at: "15m", labels: nodeLabels },
        silent: { series: [s(`node_load1{${node}}`, flat(3.9)), ...cpus(2)], at: "15m" },
    }),
    KubeNodeNotReady: bounded({
        fires: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, flat(0)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(0))],
            at: "15m",
            labels: { job: "kube-state-metrics", node: "node-1", condition: "Ready", status: "true" },
        },
        silent: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, flat(1)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(0))],
            at: "15m",
        },
        scenarios: [
            {
                // Cordoned for maintenance: not ready on purpose.
                name: "cordoned",
                fires: false,
                case: {
                    series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, flat(0)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(1))],
                    at: "15m",
                },
            },
        ],
    }),
    KubeNodePressure: bounded({
        fires: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="MemoryPressure",status="true"}`, flat(1)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(0))],
            at: "10m",
            labels: { job: "kube-state-metrics", node: "node-1", condition: "MemoryPressure", status: "true" },
        },
        silent: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="MemoryPressure",status="true"}`, flat(0)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(0))],
            at: "10m",
        },
        scenarios: [
            {
                name: "cordoned",
                fires: false,
                case: {
                    series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="MemoryPressure",status="true"}`, flat(1)), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, flat(1))],
                    at: "10m",
                },
            },
        ],
    }),
    KubePodCrashLooping: bounded({
        fires: {
            series: [s(`kube_pod_container_status_waiting_reason{${ksm},namespace="default",pod="web-1",container="web",reason="CrashLoopBackOff"}`, flat(1))],
            at: "15m",
            labels: { job: "kube-state-metrics", namespace: "default", pod: "web-1", container: "web", reason: "CrashLoopBackOff" },
        },
        silent: { series: [s(`kube_pod_container_status_waiting_reason{${ksm},namespace="default",pod="web-1",container="web",reason="ContainerCreating"}`, flat(1))], at: "15m" },
    }),
    KubeDeploymentReplicasMismatch: bounded({
        fires: {
            series: [s(`kube_deployment_spec_replicas{${ksm},namespace="default",deployment="web"}`, flat(3)), s(`kube_deployment_status_replicas_available{${ksm},namespace="default",deployment="web"}`, flat(2))],
            at: "15m",
            labels: { job: "kube-state-metrics", namespace: "default", deployment: "web" },
        },
        silent: {
            series: [s(`kube_deployment_spec_replicas{${ksm},namespace="default",deployment="web"}`, flat(3)), s(`kube_deployment_status_replicas_available{${ksm},namespace="default",deployment="web"}`, flat(3))],
            at: "15m",
        },
    }),
    KubeDaemonSetNotScheduled: bounded({
        fires: {
            series: [
                s(`kube_daemonset_status_desired_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(3)),
                s(`kube_daemonset_status_current_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(2)),
            ],
            at: "10m",
            labels: { job: "kube-state-metrics", namespace: "kube-system", daemonset: "node-exporter" },
        },
        silent: {
            series: [
                s(`kube_daemonset_status_desired_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(3)),
                s(`kube_daemonset_status_current_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(3)),
            ],
            at: "10m",
        },
    }),
    KubeDaemonSetMisScheduled: bounded({
        fires: {
            series: [s(`kube_daemonset_status_number_misscheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(1))],
            at: "15m",
            labels: { job: "kube-state-metrics", namespace: "kube-system", daemonset: "node-exporter" },
        },
        silent: { series: [s(`kube_daemonset_status_number_misscheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, flat(0))], at: "15m" },
    }),
    KubeJobFailed: bounded({
        fires: {
            series: [s(`kube_job_failed{${ksm},namespace="default",job_name="backup",condition="true"}`, flat(1))],
            at: "15m",
            labels: { job: "kube-state-metrics", namespace: "default", job_name: "backup", condition: "true" },
        },
        silent: { series: [s(`kube_job_failed{${ksm},namespace="default",job_name="backup",condition="true"}`, flat(0))], at: "15m" },
    }),
    KubeContainerOOMKilled: {
        // The first evaluation that sees the kill: no for.
        fires: { series: [s(`container_oom_events_total{${container}}`, "0+0x5 1+0x20")], at: "6m", labels: containerLabels },
        silent: { series: [s(`container_oom_events_total{${container}}`, "1+0x25")], at: "6m" },
    },
    // 26 % and 24.5 % of the CFS periods throttled.
    CPUThrottlingHigh: bounded({
        fires: {
            series: [s(`container_cpu_cfs_throttled_periods_total{${container}}`, "0+26x40"), s(`container_cpu_cfs_periods_total{${container}}`, "0+100x40")],
            at: "16m",
            labels: { namespace: "default", pod: "web-1", container: "web" },
        },
        silent: {
            series: [s(`container_cpu_cfs_throttled_periods_total{${container}}`, "0+24.5x40"), s(`container_cpu_cfs_periods_total{${container}}`, "0+100x40")],
            at: "16m",
        },
        // #42, defect class 4: one cgroup's periods counter served twice, once without its image label. Counted
        // once, 26 % still fires and 24.5 % still does not; summed twice it would read 13 % and stay silent.
        scenarios: [
            { name: "periods served twice under an extra label, 26 % throttled", fires: true, case: { series: throttling("0+26x40", true), at: "16m", labels: { namespace: "default", pod: "web-1", container: "web" } } },
            { name: "periods served twice under an extra label, 24.5 % throttled", fires: false, case: { series: throttling("0+24.5x40", true), at: "16m" } },
            { name: "throttled periods served twice, 24.5 % throttled (would read 49 % summed)", fires: false, case: { series: throttling("0+24.5x40", false, true), at: "16m" } },
            // A restart: the old cgroup's counters stop, the new one's run; both are the container's.
            { name: "old and new cgroup of a restart, 26 % in the new", fires: true, case: { series: [...throttling("0+26x40"), s(`container_cpu_cfs_throttled_periods_total{${container},id="/kubepods/pod1/old"}`, "500+0x40"), s(`container_cpu_cfs_periods_total{${container},id="/kubepods/pod1/old"}`, "900+0x40")], at: "16m", labels: { namespace: "default", pod: "web-1", container: "web" } } },
        ],
    }),
    KubeAPIDown: bounded({
        fires: { series: [s('up{job="apiserver",instance="10.0.0.11:6443"}', flat(0))], at: "15m", labels: {} },
        silent: { series: [s('up{job="apiserver",instance="10.0.0.11:6443"}', flat(1))], at: "15m" },
    }),
    // 3.1 % and 2.9 % of the requests answered 5xx.
    // Reads of one object, a share `e` of them failing with a 500, all within their bound: each
    // window's burn rate is e. Each pair of windows fires alone at its factor times the 1 % budget.
    KubeAPIErrorBudgetBurn: {
        fires: { ...burn(0.145, "3m"), ruleLabels: { long: "1h" } },
        silent: burn(0.143, "3m"),
        early: burn(0.145, "2m"),
        scenarios: [
            { name: "6h and 30m above 6 times the budget", fires: true, case: { ...burn(0.061, "16m"), ruleLabels: { long: "6h" } } },
            { name: "6h and 30m at 5.9 %", fires: false, case: burn(0.059, "16m") },
            { name: "6h and 30m, one evaluation early", fires: false, case: burn(0.061, "15m") },
            { name: "1d and 2h above 3 times the budget", fires: true, case: { ...burn(0.031, "61m"), ruleLabels: { long: "1d" } } },
            { name: "1d and 2h at 2.9 %", fires: false, case: burn(0.029, "61m") },
            { name: "1d and 2h, one evaluation early", fires: false, case: burn(0.031, "60m") },
            { name: "3d and 6h above the budget", fires: true, case: { ...burn(0.0101, "181m"), ruleLabels: { long: "3d" } } },
            { name: "3d and 6h at 0.99 %", fires: false, case: burn(0.0099, "181m") },
            { name: "3d and 6h, one evaluation early", fires: false, case: burn(0.0101, "180m") },
            {
                name: "slow, not failing: a tenth of reads of one object above 1 s",
                fires: true,
                case: {
                    series: [
                        s('apiserver_request_total{job="apiserver",verb="GET",scope="resource",code="200"}', "0+1000x10"),
                        s('apiserver_request_sli_duration_seconds_bucket{job="apiserver",verb="GET",scope="resource",le="+Inf"}', "0+1000x10"),
                        s(`apiserver_request_sli_duration_seconds_bucket{job="apiserver",verb="GET",scope="resource",le="1"}`, "0+850x10"),
                    ],
                    at: "3m",
                    labels: { verb: "read" },
                    ruleLabels: { long: "1h" },
                },
            },
        ],
    },
    CoreDNSDown: bounded({
        fires: { series: [s('up{job="coredns",instance="coredns-1"}', flat(0))], at: "15m", labels: {} },
        silent: { series: [s('up{job="coredns",instance="coredns-1"}', flat(1))], at: "15m" },
    }),
    // Two tiers: critical above 3 %, warning above 1 % SERVFAIL. 3.1 % fires both; 2.9 % and 1.02 %
    // the warning only; 0.98 % neither (the silent case, which sat at 2.9 % while only the 3 % tier existed).
    CoreDNSErrorsHigh: bounded({
        fires: { series: servfail(3.1), at: "11m", labels: {} },
        silent: { series: servfail(0.98), at: "11m" },
        scenarios: [
            { name: "2.9 % SERVFAIL: warning only", fires: true, case: { series: servfail(2.9), at: "11m", labels: {}, severities: ["warning"] } },
            { name: "1.02 % SERVFAIL: warning only", fires: true, case: { series: servfail(1.02), at: "11m", labels: {}, severities: ["warning"] } },
            { name: "1.02 % SERVFAIL, one evaluation early", fires: false, case: { series: servfail(1.02), at: "10m" } },
        ],
    }),
    // CoreDNS's buckets (..., 2.048, 4.096, 8.192 s): p99 interpolated to 4.04 s and 3.89 s.
    CoreDNSLatencyHigh: bounded({
        fires: { series: dnsLatency(80), at: "11m", labels: { server: "dns://:53", zone: "." } },
        silent: { series: dnsLatency(94.5), at: "11m" },
    }),
    KubeSchedulerDown: bounded({
        fires: { series: [s('up{job="kube-scheduler",instance="control-plane-1"}', flat(0))], at: "15m", labels: {} },
        silent: { series: [s('up{job="kube-scheduler",instance="control-plane-1"}', flat(1))], at: "15m" },
    }),
    // 11 and 10 pods in the active and backoff queues.
    KubeSchedulerBacklog: bounded({
        fires: {
            series: [
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="active"}', flat(6)),
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="backoff"}', flat(5)),
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="unschedulable"}', flat(50)),
            ],
            at: "15m",
            labels: { instance: "control-plane-1" },
        },
        // Pods no node can take wait in the unschedulable queue: that is no scheduler backlog.
        silent: {
            series: [
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="active"}', flat(5)),
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="backoff"}', flat(5)),
                s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="unschedulable"}', flat(50)),
            ],
            at: "15m",
        },
    }),
    KubeControllerManagerDown: bounded({
        fires: { series: [s('up{job="kube-controller-manager",instance="control-plane-1"}', flat(0))], at: "15m", labels: {} },
        silent: { series: [s('up{job="kube-controller-manager",instance="control-plane-1"}', flat(1))], at: "15m" },
    }),
    KubeControllerManagerWorkQueueBacklog: bounded({
        fires: {
            series: [s('workqueue_depth{job="kube-controller-manager",instance="control-plane-1",name="deployment"}', flat(101))],
            at: "15m",
            labels: { instance: "control-plane-1", name: "deployment" },
        },
        silent: { series: [s('workqueue_depth{job="kube-controller-manager",instance="control-plane-1",name="deployment"}', flat(100))], at: "15m" },
    }),
    KubeProxyDown: bounded({
        fires: { series: [s('up{job="kube-proxy",instance="node-1"}', flat(0))], at: "15m", labels: {} },
        silent: { series: [s('up{job="kube-proxy",instance="node-1"}', flat(1))], at: "15m" },
    }),
    // A change queued every minute, and the last successful sync stuck at t = 110 s: time() is
    // the evaluation time, so the sync is 250 s old at 6m and 310 s old at 7m, when the alert
    // becomes true; it fires at 17m.
    KubeProxySyncStalled: bounded({
        fires: {
            series: [
                s('kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "200+60x40"),
                s('kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', flat(110, 40)),
            ],
            at: "17m",
            labels: { job: "kube-proxy", instance: "node-1", node: "node-1" },
        },
        // A quiet node: its last sync is old, but nothing has been queued since.
        silent: {
            series: [
                s('kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', flat(50, 40)),
                s('kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', flat(100, 40)),
            ],
            at: "17m",
        },
        scenarios: [
            {
                // Stuck at t = 130 s: 290 s old at 7m, not yet past 300 s, so the alert becomes
                // true at 8m and has not fired at 17m.
                name: "stalled 290 s at 7m",
                fires: false,
                case: {
                    series: [
                        s('kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "200+60x40"),
                        s('kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', flat(130, 40)),
                    ],
                    at: "17m",
                },
            },
        ],
    }),
    // One iptables-restore failure every ten minutes: one in each 10m window.
    KubeProxySyncFailing: bounded({
        fires: {
            series: [s('kubeproxy_sync_proxy_rules_iptables_restore_failures_total{job="kube-proxy",instance="node-1",node="node-1"}', ticks(10, 40))],
            at: "16m",
            labels: { job: "kube-proxy", instance: "node-1", node: "node-1" },
        },
        silent: { series: [s('kubeproxy_sync_proxy_rules_iptables_restore_failures_total{job="kube-proxy",instance="node-1",node="node-1"}', flat(3, 40))], at: "16m" },
    }),
    etcdNoLeader: bounded({
        fires: { series: [s('etcd_server_has_leader{job="etcd",instance="10.0.0.11:2379"}', flat(0, 10))], at: "1m", labels: { job: "etcd", instance: "10.0.0.11:2379" } },
        silent: { series: [s('etcd_server_has_leader{job="etcd",instance="10.0.0.11:2379"}', flat(1, 10))], at: "1m" },
    }),
    // Three members, as etcd labels its peer counters (To, the receiving member's ID). Boundaries both ways: a member
    // Prometheus cannot scrape, and one it still scrapes while its peers fail to send to it, 0.0103 failures a second
    // against the threshold of 0.01 (two members at 0.31 a minute each); 0.0098 (0.295 a minute each) stays silent.
    etcdMembersDown: bounded({
        fires: { series: [...etcdMembers([0, 1, 1]), ...peerFailures("0+0x40")], at: "20m", labels: {} },
        silent: { series: [...etcdMembers([1, 1, 1]), ...peerFailures("0+0.295x40")], at: "22m" },
        scenarios: [
            // The rate over 2m reaches 0.0103/s at 2m (one sample at 1m only extrapolates to half), so 20 minutes later.
            { name: "scraped, but its peers fail to reach it at 0.0103/s", fires: true, case: { series: [...etcdMembers([1, 1, 1]), ...peerFailures("0+0.31x40")], at: "22m", labels: {} } },
            { name: "the same, one evaluation before its 20 minutes", fires: false, case: { series: [...etcdMembers([1, 1, 1]), ...peerFailures("0+0.31x40")], at: "21m" } },
        ],
    }),
    // etcd's buckets (..., 0.256, 0.512, 1.024, 2.048 s). Two tiers: p99 interpolated to 0.505 s
    // and 0.486 s around the warning's 0.5 s, to 1.011 s and 0.973 s around the critical 1 s.
    etcdHighFsyncDurations: bounded({
        fires: { series: fsyncDurations(80), at: "11m", labels: { job: "etcd", instance: "10.0.0.11:2379" }, severities: ["warning"] },
        silent: { series: fsyncDurations(94.5), at: "11m" },
        scenarios: [
            { name: "p99 1.011 s: critical and warning", fires: true, case: { series: fsyncVerySlow(80), at: "11m", labels: { job: "etcd", instance: "10.0.0.11:2379" } } },
            { name: "p99 1.011 s, one evaluation early", fires: false, case: { series: fsyncVerySlow(80), at: "10m" } },
            { name: "p99 0.973 s: warning only", fires: true, case: { series: fsyncVerySlow(94.5), at: "11m", labels: { job: "etcd", instance: "10.0.0.11:2379" }, severities: ["warning"] } },
        ],
    }),
    FluentdDown: bounded({
        fires: { series: [s(`up{${agent}}`, flat(0, 20))], at: "10m", labels: agentLabels },
        silent: { series: [s(`up{${agent}}`, flat(1, 20))], at: "10m" },
    }),
    // 13.5 MB and 13.4 MB buffered, against 80 % of the buffer, 13421772 bytes.
    FluentdBufferNearlyFull: bounded({
        fires: { series: [s(`fluentd_output_status_buffer_total_bytes{${output}}`, flat(13500000, 20))], at: "10m", labels: outputLabels },
        silent: { series: [s(`fluentd_output_status_buffer_total_bytes{${output}}`, flat(13400000, 20))], at: "10m" },
    }),
    // One retry every ten minutes: one in each 10m window.
    FluentdRetriesGrowing: bounded({
        fires: { series: [s(`fluentd_output_status_retry_count{${output}}`, ticks(10, 40))], at: "21m", labels: outputLabels },
        silent: { series: [s(`fluentd_output_status_retry_count{${output}}`, flat(5, 40))], at: "21m" },
    }),
    // rate() needs two samples: true from 1m.
    FluentdNoRecordsEmitted: bounded({
        fires: { series: [s(`fluentd_output_status_emit_count{${output}}`, flat(0, 30))], at: "16m", labels: { namespace: "kube-system", pod: "fluentd-es-v2.7.0-abcde" } },
        silent: { series: [s(`fluentd_output_status_emit_count{${output}}`, "0+10x30")], at: "16m" },
    }),
    InfoInhibitor: {
        // An info alert fires in namespace shop; silent when a warning fires there too.
        // The info alert fires from 5m on: InfoInhibitor fires at once, with no for.
        fires: {
            series: [s('ALERTS{alertname="CPUThrottlingHigh",alertstate="firing",severity="info",namespace="shop",pod="web-1",container="web"}', "_x5 1+0x5")],
            at: "5m",
            labels: { namespace: "shop" },
        },
        silent: {
            series: [
                s('ALERTS{alertname="CPUThrottlingHigh",alertstate="firing",severity="info",namespace="shop",pod="web-1",container="web"}', "1+0x10"),
                s('ALERTS{alertname="KubePodCrashLooping",alertstate="firing",severity="warning",namespace="shop",pod="web-1",container="web"}', "1+0x10"),
            ],
            at: "5m",
        },
        scenarios: [
            {
                name: "a pending warning does not count",
                fires: true,
                case: {
                    series: [
                        s('ALERTS{alertname="CPUThrottlingHigh",alertstate="firing",severity="info",namespace="shop",pod="web-1",container="web"}', "1+0x10"),
                        s('ALERTS{alertname="KubePodCrashLooping",alertstate="pending",severity="warning",namespace="shop",pod="web-1",container="web"}', "1+0x10"),
                    ],
                    at: "5m",
                    labels: { namespace: "shop" },
                },
            },
            {
                name: "a warning in another namespace does not count",
                fires: true,
                case: {
                    series: [
                        s('ALERTS{alertname="CPUThrottlingHigh",alertstate="firing",severity="info",namespace="shop",pod="web-1",container="web"}', "1+0x10"),
                        s('ALERTS{alertname="KubePodCrashLooping",alertstate="firing",severity="warning",namespace="other",pod="x",container="x"}', "1+0x10"),
                    ],
                    at: "5m",
                    labels: { namespace: "shop" },
                },
            },
        ],
    },
};
