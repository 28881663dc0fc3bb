import { Settings } from "../../config";
import { settingsWith } from "./stack-config";
import { AlertCases } from "./alert-case-format";
import { DAY_ONE_ALERT_CASES } from "./alert-cases-day-one";

// The case format lives apart so that alert-cases-day-one.ts can use it without an import cycle.
export type { AlertCase, AlertCases } from "./alert-case-format";
export { casesOf } from "./alert-case-format";

/**
 * Every job and component on, etcd over http so no certificates are needed, one remote-write
 * target and three Alertmanagers: every default alert exists.
 */
export function everyAlertSettings(): Settings {
    return settingsWith({
        metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://metrics.example.com/api/v1/write" }] },
        alertmanager: { replicas: 3, storage: { mode: "storageClass" } },
        blackboxExporter: { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/" }] },
        searchStore: { enabled: true },
    });
}

const s = (series: string, values: string) => ({ series, values });
const self = 'job="monitor",namespace="monitoring",pod="monitor-0"';
const selfLabels = { job: "monitor", namespace: "monitoring", pod: "monitor-0" };
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
const containerLabels = { job: "cadvisor", namespace: "default", pod: "web-1", container: "web" };

const probe = 'job="shop",instance="https://shop.example.com/"';
const probeLabels = { job: "shop", instance: "https://shop.example.com/" };

const esLabels = {
    job: "elasticsearch",
    namespace: "kube-system",
    pod: "elasticsearch-logging-exporter-6c9f7-abcde",
    service: "elasticsearch-logging-exporter",
    endpoint: "http",
    instance: "10.244.0.9:9114",
};
const text = (labels: Record<string, string>) => Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(",");
const es = text(esLabels);
const esClusterLabels = { ...esLabels, cluster: "elasticsearch-logging" };
const esNodeLabels = { ...esClusterLabels, host: "10.244.0.7", name: "elasticsearch-logging-0", es_master_node: "true", es_data_node: "true", es_ingest_node: "true", es_client_node: "true" };
const esFsLabels = { ...esNodeLabels, mount: "/usr/share/elasticsearch/data (/dev/sda1)", path: "/usr/share/elasticsearch/data/nodes/0" };
const esFs = text(esFsLabels);
/** The data disk's size and available bytes, and a watermark setting, as the exporter serves them. */
const esDisk = (available: string, setting: string, value: string) => [
    s(`elasticsearch_filesystem_data_size_bytes{${esFs}}`, "100+0x40"),
    s(`elasticsearch_filesystem_data_available_bytes{${esFs}}`, `${available}+0x40`),
    s(`elasticsearch_clustersettings_allocation_watermark_${setting}{${es}}`, `${value}+0x40`),
];

/** 80 % of the default buffer (2M chunks x 8) is 13421772 bytes. */
export const ALERT_CASES: Record<string, AlertCases> = {
    ...DAY_ONE_ALERT_CASES,
    PrometheusConfigReloadFailed: {
        fires: { series: [s(`prometheus_config_last_reload_successful{${self}}`, "0+0x30")], at: "20m", labels: selfLabels },
        silent: { series: [s(`prometheus_config_last_reload_successful{${self}}`, "1+0x30")], at: "20m" },
    },
    PrometheusRuleFailures: {
        fires: {
            series: [s(`prometheus_rule_evaluation_failures_total{${self},rule_group="/etc/prometheus/rules/custom-a.yml;a"}`, "0+1x40")],
            at: "30m",
            labels: { ...selfLabels, rule_group: "/etc/prometheus/rules/custom-a.yml;a" },
        },
        silent: { series: [s(`prometheus_rule_evaluation_failures_total{${self},rule_group="a"}`, "5+0x40")], at: "30m" },
    },
    PrometheusNotificationsFailing: {
        fires: {
            series: [
                s(`prometheus_notifications_errors_total{${self},alertmanager="http://10.0.0.9:9093/api/v2/alerts"}`, "0+10x40"),
                s(`prometheus_notifications_sent_total{${self},alertmanager="http://10.0.0.9:9093/api/v2/alerts"}`, "0+100x40"),
            ],
            at: "30m",
            labels: { ...selfLabels, alertmanager: "http://10.0.0.9:9093/api/v2/alerts" },
        },
        silent: {
            series: [
                s(`prometheus_notifications_errors_total{${self},alertmanager="a"}`, "0+0x40"),
                s(`prometheus_notifications_sent_total{${self},alertmanager="a"}`, "0+100x40"),
            ],
            at: "30m",
        },
    },
    PrometheusNotConnectedToAlertmanagers: {
        fires: { series: [s(`prometheus_notifications_alertmanagers_discovered{${self}}`, "0+0x30")], at: "20m", labels: selfLabels },
        silent: { series: [s(`prometheus_notifications_alertmanagers_discovered{${self}}`, "1+0x30")], at: "20m" },
    },
    PrometheusTSDBCompactionsFailing: {
        fires: { series: [s(`prometheus_tsdb_compactions_failed_total{${self}}`, "0+1x330")], at: "5h", labels: selfLabels },
        silent: { series: [s(`prometheus_tsdb_compactions_failed_total{${self}}`, "2+0x330")], at: "5h" },
    },
    PrometheusTSDBWALCorruptions: {
        fires: { series: [s(`prometheus_tsdb_wal_corruptions_total{${self}}`, "0+1x330")], at: "5h", labels: selfLabels },
        silent: { series: [s(`prometheus_tsdb_wal_corruptions_total{${self}}`, "1+0x330")], at: "5h" },
    },
    PrometheusScrapeSampleLimitHit: {
        fires: { series: [s(`prometheus_target_scrapes_exceeded_sample_limit_total{${self}}`, "0+1x30")], at: "20m", labels: selfLabels },
        silent: { series: [s(`prometheus_target_scrapes_exceeded_sample_limit_total{${self}}`, "3+0x30")], at: "20m" },
    },
    ProbeFailing: {
        fires: { series: [s(`probe_success{${probe}}`, "1 1 0+0x20")], at: "15m", labels: probeLabels },
        silent: { series: [s(`probe_success{${probe}}`, "0 0 1+0x20")], at: "15m" },
    },
    ProbeSlow: {
        fires: { series: [s(`probe_duration_seconds{${probe}}`, "3+0x30")], at: "20m", labels: probeLabels },
        silent: { series: [s(`probe_duration_seconds{${probe}}`, "0.2+0x30")], at: "20m" },
    },
    // time() is the evaluation time, 1h here: expiry at 1h + 10 days is within 14 days, at 1h + 20 days not.
    ProbeTLSCertificateExpiresIn14Days: {
        fires: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, `${3600 + 10 * 86400}+0x60`)], at: "1h", labels: probeLabels },
        silent: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, `${3600 + 20 * 86400}+0x60`)], at: "1h" },
    },
    ProbeTLSCertificateExpiresIn3Days: {
        fires: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, `${3600 + 2 * 86400}+0x60`)], at: "1h", labels: probeLabels },
        silent: { series: [s(`probe_ssl_earliest_cert_expiry{${probe}}`, `${3600 + 10 * 86400}+0x60`)], at: "1h" },
    },
    TargetDown: {
        fires: {
            series: [s('up{job="node-exporter",namespace="kube-system",instance="node-1"}', "0+0x20"), s('up{job="node-exporter",namespace="kube-system",instance="node-2"}', "1+0x20")],
            at: "15m",
            labels: { job: "node-exporter", namespace: "kube-system" },
        },
        silent: {
            series: [s('up{job="node-exporter",namespace="kube-system",instance="node-1"}', "1+0x20"), s('up{job="node-exporter",namespace="kube-system",instance="node-2"}', "1+0x20")],
            at: "15m",
        },
    },
    Watchdog: {
        fires: { series: [], at: "1m", labels: {} },
        silent: null,
        why: "it always fires: its absence at the receiver is the alarm",
    },
    AlertmanagerFailedReload: {
        fires: { series: [s(`alertmanager_config_last_reload_successful{${am}}`, "0+0x30")], at: "20m", labels: amLabels },
        silent: { series: [s(`alertmanager_config_last_reload_successful{${am}}`, "1+0x30")], at: "20m" },
    },
    AlertmanagerFailedToSendAlerts: {
        fires: {
            series: [
                s(`alertmanager_notifications_failed_total{${am},integration="webhook",reason="clientError"}`, "0+1x40"),
                s(`alertmanager_notifications_total{${am},integration="webhook"}`, "0+10x40"),
            ],
            at: "30m",
            labels: { ...amLabels, integration: "webhook", reason: "clientError" },
        },
        silent: {
            series: [
                s(`alertmanager_notifications_failed_total{${am},integration="webhook",reason="clientError"}`, "0+0x40"),
                s(`alertmanager_notifications_total{${am},integration="webhook"}`, "0+10x40"),
            ],
            at: "30m",
        },
    },
    NodeFilesystemAlmostOutOfSpace: {
        fires: {
            series: [s(`node_filesystem_avail_bytes{${fs}}`, "3+0x60"), s(`node_filesystem_size_bytes{${fs}}`, "100+0x60"), s(`node_filesystem_readonly{${fs}}`, "0+0x60")],
            at: "40m",
            labels: fsLabels,
        },
        silent: {
            series: [s(`node_filesystem_avail_bytes{${fs}}`, "3+0x60"), s(`node_filesystem_size_bytes{${fs}}`, "100+0x60"), s(`node_filesystem_readonly{${fs}}`, "1+0x60")],
            at: "40m",
        },
    },
    NodeFilesystemSpaceFillingUp: {
        fires: {
            series: [s(`node_filesystem_avail_bytes{${fs}}`, "14-0.01x500"), s(`node_filesystem_size_bytes{${fs}}`, "100+0x500"), s(`node_filesystem_readonly{${fs}}`, "0+0x500")],
            at: "150m",
            labels: fsLabels,
        },
        silent: {
            series: [s(`node_filesystem_avail_bytes{${fs}}`, "14+0x500"), s(`node_filesystem_size_bytes{${fs}}`, "100+0x500"), s(`node_filesystem_readonly{${fs}}`, "0+0x500")],
            at: "150m",
        },
    },
    NodeFilesystemAlmostOutOfFiles: {
        fires: {
            series: [s(`node_filesystem_files_free{${fs}}`, "3+0x100"), s(`node_filesystem_files{${fs}}`, "100+0x100"), s(`node_filesystem_readonly{${fs}}`, "0+0x100")],
            at: "80m",
            labels: fsLabels,
        },
        silent: {
            series: [s(`node_filesystem_files_free{${fs}}`, "50+0x100"), s(`node_filesystem_files{${fs}}`, "100+0x100"), s(`node_filesystem_readonly{${fs}}`, "0+0x100")],
            at: "80m",
        },
    },
    NodeMemoryHighUtilization: {
        fires: { series: [s(`node_memory_MemAvailable_bytes{${node}}`, "5+0x40"), s(`node_memory_MemTotal_bytes{${node}}`, "100+0x40")], at: "20m", labels: nodeLabels },
        silent: { series: [s(`node_memory_MemAvailable_bytes{${node}}`, "50+0x40"), s(`node_memory_MemTotal_bytes{${node}}`, "100+0x40")], at: "20m" },
    },
    NodeClockSkewDetected: {
        fires: { series: [s(`node_timex_offset_seconds{${node}}`, "0.1+0x30")], at: "15m", labels: nodeLabels },
        silent: { series: [s(`node_timex_offset_seconds{${node}}`, "0.001+0x30")], at: "15m" },
    },
    NodeSystemSaturation: {
        fires: { series: [s(`node_load1{${node}}`, "5+0x30"), s(`node_cpu_seconds_total{${node},cpu="0",mode="idle"}`, "0+60x30")], at: "20m", labels: nodeLabels },
        silent: { series: [s(`node_load1{${node}}`, "1+0x30"), s(`node_cpu_seconds_total{${node},cpu="0",mode="idle"}`, "0+60x30")], at: "20m" },
    },
    KubeNodeNotReady: {
        fires: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, "0+0x30"), s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, "0+0x30")],
            at: "20m",
            labels: { job: "kube-state-metrics", node: "node-1", condition: "Ready", status: "true" },
        },
        // Cordoned for maintenance: not ready on purpose.
        silent: {
            series: [
                s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, "0+0x30"),
                s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, "1+0x30"),
            ],
            at: "20m",
        },
    },
    KubeNodePressure: {
        fires: {
            series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="MemoryPressure",status="true"}`, "1+0x30")],
            at: "15m",
            labels: { job: "kube-state-metrics", node: "node-1", condition: "MemoryPressure", status: "true" },
        },
        silent: { series: [s(`kube_node_status_condition{${ksm},node="node-1",condition="MemoryPressure",status="true"}`, "0+0x30")], at: "15m" },
    },
    KubePodCrashLooping: {
        fires: {
            series: [s(`kube_pod_container_status_waiting_reason{${ksm},namespace="default",pod="web-1",container="web",reason="CrashLoopBackOff"}`, "1+0x30")],
            at: "20m",
            labels: { job: "kube-state-metrics", namespace: "default", pod: "web-1", container: "web", reason: "CrashLoopBackOff" },
        },
        silent: { series: [s(`kube_pod_container_status_waiting_reason{${ksm},namespace="default",pod="web-1",container="web",reason="ContainerCreating"}`, "1+0x30")], at: "20m" },
    },
    KubeDeploymentReplicasMismatch: {
        fires: {
            series: [s(`kube_deployment_spec_replicas{${ksm},namespace="default",deployment="web"}`, "3+0x30"), s(`kube_deployment_status_replicas_available{${ksm},namespace="default",deployment="web"}`, "2+0x30")],
            at: "20m",
            labels: { job: "kube-state-metrics", namespace: "default", deployment: "web" },
        },
        silent: {
            series: [s(`kube_deployment_spec_replicas{${ksm},namespace="default",deployment="web"}`, "3+0x30"), s(`kube_deployment_status_replicas_available{${ksm},namespace="default",deployment="web"}`, "3+0x30")],
            at: "20m",
        },
    },
    KubeDaemonSetNotScheduled: {
        fires: {
            series: [
                s(`kube_daemonset_status_desired_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "3+0x30"),
                s(`kube_daemonset_status_current_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "2+0x30"),
            ],
            at: "15m",
            labels: { job: "kube-state-metrics", namespace: "kube-system", daemonset: "node-exporter" },
        },
        silent: {
            series: [
                s(`kube_daemonset_status_desired_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "3+0x30"),
                s(`kube_daemonset_status_current_number_scheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "3+0x30"),
            ],
            at: "15m",
        },
    },
    KubeDaemonSetMisScheduled: {
        fires: {
            series: [s(`kube_daemonset_status_number_misscheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "1+0x30")],
            at: "20m",
            labels: { job: "kube-state-metrics", namespace: "kube-system", daemonset: "node-exporter" },
        },
        silent: { series: [s(`kube_daemonset_status_number_misscheduled{${ksm},namespace="kube-system",daemonset="node-exporter"}`, "0+0x30")], at: "20m" },
    },
    KubeJobFailed: {
        fires: {
            series: [s(`kube_job_failed{${ksm},namespace="default",job_name="backup",condition="true"}`, "1+0x30")],
            at: "20m",
            labels: { job: "kube-state-metrics", namespace: "default", job_name: "backup", condition: "true" },
        },
        silent: { series: [s(`kube_job_failed{${ksm},namespace="default",job_name="backup",condition="true"}`, "0+0x30")], at: "20m" },
    },
    KubeContainerOOMKilled: {
        fires: { series: [s(`container_oom_events_total{${container}}`, "0+0x5 1+0x20")], at: "8m", labels: containerLabels },
        silent: { series: [s(`container_oom_events_total{${container}}`, "1+0x25")], at: "8m" },
    },
    CPUThrottlingHigh: {
        fires: {
            series: [s(`container_cpu_cfs_throttled_periods_total{${container}}`, "0+50x40"), s(`container_cpu_cfs_periods_total{${container}}`, "0+100x40")],
            at: "30m",
            labels: { namespace: "default", pod: "web-1", container: "web" },
        },
        silent: {
            series: [s(`container_cpu_cfs_throttled_periods_total{${container}}`, "0+10x40"), s(`container_cpu_cfs_periods_total{${container}}`, "0+100x40")],
            at: "30m",
        },
    },
    KubeAPIDown: {
        fires: { series: [s('up{job="apiserver",instance="10.0.0.11:6443"}', "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s('up{job="apiserver",instance="10.0.0.11:6443"}', "1+0x30")], at: "20m" },
    },
    KubeAPIErrorsHigh: {
        fires: {
            series: [s('apiserver_request_total{job="apiserver",code="500"}', "0+10x30"), s('apiserver_request_total{job="apiserver",code="200"}', "0+90x30")],
            at: "20m",
            labels: {},
        },
        silent: {
            series: [s('apiserver_request_total{job="apiserver",code="500"}', "0+1x30"), s('apiserver_request_total{job="apiserver",code="200"}', "0+99x30")],
            at: "20m",
        },
    },
    CoreDNSDown: {
        fires: { series: [s('up{job="coredns",instance="coredns-1"}', "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s('up{job="coredns",instance="coredns-1"}', "1+0x30")], at: "20m" },
    },
    CoreDNSErrorsHigh: {
        fires: {
            series: [s('coredns_dns_responses_total{job="coredns",rcode="SERVFAIL"}', "0+10x30"), s('coredns_dns_responses_total{job="coredns",rcode="NOERROR"}', "0+90x30")],
            at: "20m",
            labels: {},
        },
        silent: {
            series: [s('coredns_dns_responses_total{job="coredns",rcode="SERVFAIL"}', "0+1x30"), s('coredns_dns_responses_total{job="coredns",rcode="NOERROR"}', "0+99x30")],
            at: "20m",
        },
    },
    CoreDNSLatencyHigh: {
        fires: {
            series: [
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="4"}', "0+0x30"),
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="8"}', "0+10x30"),
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="+Inf"}', "0+10x30"),
            ],
            at: "20m",
            labels: { server: "dns://:53", zone: "." },
        },
        silent: {
            series: [
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="4"}', "0+10x30"),
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="8"}', "0+10x30"),
                s('coredns_dns_request_duration_seconds_bucket{job="coredns",server="dns://:53",zone=".",le="+Inf"}', "0+10x30"),
            ],
            at: "20m",
        },
    },
    KubeSchedulerDown: {
        fires: { series: [s('up{job="kube-scheduler",instance="control-plane-1"}', "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s('up{job="kube-scheduler",instance="control-plane-1"}', "1+0x30")], at: "20m" },
    },
    KubeSchedulerBacklog: {
        fires: {
            series: [s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="active"}', "20+0x30"), s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="unschedulable"}', "50+0x30")],
            at: "20m",
            labels: { instance: "control-plane-1" },
        },
        // Pods no node can take wait in the unschedulable queue: that is no scheduler backlog.
        silent: {
            series: [s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="active"}', "3+0x30"), s('scheduler_pending_pods{job="kube-scheduler",instance="control-plane-1",queue="unschedulable"}', "50+0x30")],
            at: "20m",
        },
    },
    KubeControllerManagerDown: {
        fires: { series: [s('up{job="kube-controller-manager",instance="control-plane-1"}', "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s('up{job="kube-controller-manager",instance="control-plane-1"}', "1+0x30")], at: "20m" },
    },
    KubeControllerManagerWorkQueueBacklog: {
        fires: {
            series: [s('workqueue_depth{job="kube-controller-manager",instance="control-plane-1",name="deployment"}', "150+0x30")],
            at: "20m",
            labels: { instance: "control-plane-1", name: "deployment" },
        },
        silent: { series: [s('workqueue_depth{job="kube-controller-manager",instance="control-plane-1",name="deployment"}', "5+0x30")], at: "20m" },
    },
    KubeProxyDown: {
        fires: { series: [s('up{job="kube-proxy",instance="node-1"}', "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s('up{job="kube-proxy",instance="node-1"}', "1+0x30")], at: "20m" },
    },
    KubeProxySyncStalled: {
        // A change queued every minute, and the last successful sync stuck at t=100 s.
        fires: {
            series: [
                s('kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "200+60x40"),
                s('kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "100+0x40"),
            ],
            at: "30m",
            labels: { job: "kube-proxy", instance: "node-1", node: "node-1" },
        },
        // A quiet node: its last sync is old, but nothing has been queued since.
        silent: {
            series: [
                s('kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "50+0x40"),
                s('kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy",instance="node-1",node="node-1"}', "100+0x40"),
            ],
            at: "30m",
        },
    },
    KubeProxySyncFailing: {
        fires: {
            series: [s('kubeproxy_sync_proxy_rules_iptables_restore_failures_total{job="kube-proxy",instance="node-1",node="node-1"}', "0+1x40")],
            at: "30m",
            labels: { job: "kube-proxy", instance: "node-1", node: "node-1" },
        },
        silent: { series: [s('kubeproxy_sync_proxy_rules_iptables_restore_failures_total{job="kube-proxy",instance="node-1",node="node-1"}', "3+0x40")], at: "30m" },
    },
    etcdNoLeader: {
        fires: { series: [s('etcd_server_has_leader{job="etcd",instance="10.0.0.11:2379"}', "0+0x10")], at: "5m", labels: { job: "etcd", instance: "10.0.0.11:2379" } },
        silent: { series: [s('etcd_server_has_leader{job="etcd",instance="10.0.0.11:2379"}', "1+0x10")], at: "5m" },
    },
    etcdMembersDown: {
        fires: { series: [s('up{job="etcd",instance="10.0.0.11:2379"}', "0+0x20"), s('up{job="etcd",instance="10.0.0.12:2379"}', "1+0x20")], at: "15m", labels: {} },
        silent: { series: [s('up{job="etcd",instance="10.0.0.11:2379"}', "1+0x20"), s('up{job="etcd",instance="10.0.0.12:2379"}', "1+0x20")], at: "15m" },
    },
    etcdHighFsyncDurations: {
        fires: {
            series: [
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="0.5"}', "0+0x30"),
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="1"}', "0+10x30"),
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="+Inf"}', "0+10x30"),
            ],
            at: "20m",
            labels: { job: "etcd", instance: "10.0.0.11:2379" },
        },
        silent: {
            series: [
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="0.5"}', "0+10x30"),
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="1"}', "0+10x30"),
                s('etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd",instance="10.0.0.11:2379",le="+Inf"}', "0+10x30"),
            ],
            at: "20m",
        },
    },
    FluentdDown: {
        fires: { series: [s(`up{${agent}}`, "0+0x20")], at: "15m", labels: agentLabels },
        silent: { series: [s(`up{${agent}}`, "1+0x20")], at: "15m" },
    },
    FluentdBufferNearlyFull: {
        fires: { series: [s(`fluentd_output_status_buffer_total_bytes{${output}}`, "15000000+0x20")], at: "15m", labels: outputLabels },
        silent: { series: [s(`fluentd_output_status_buffer_total_bytes{${output}}`, "1000000+0x20")], at: "15m" },
    },
    FluentdRetriesGrowing: {
        fires: { series: [s(`fluentd_output_status_retry_count{${output}}`, "0+1x40")], at: "30m", labels: outputLabels },
        silent: { series: [s(`fluentd_output_status_retry_count{${output}}`, "5+0x40")], at: "30m" },
    },
    FluentdNoRecordsEmitted: {
        fires: { series: [s(`fluentd_output_status_emit_count{${output}}`, "0+0x30")], at: "20m", labels: { namespace: "kube-system", pod: "fluentd-es-v2.7.0-abcde" } },
        silent: { series: [s(`fluentd_output_status_emit_count{${output}}`, "0+10x30")], at: "20m" },
    },
    ElasticsearchExporterDown: {
        fires: { series: [s(`up{${es}}`, "0+0x30")], at: "20m", labels: {} },
        silent: { series: [s(`up{${es}}`, "1+0x30")], at: "20m" },
    },
    ElasticsearchDown: {
        fires: { series: [s(`elasticsearch_scrape_success{${es},collector="cluster-info"}`, "0+0x20")], at: "15m", labels: { ...esLabels, collector: "cluster-info" } },
        silent: { series: [s(`elasticsearch_scrape_success{${es},collector="cluster-info"}`, "1+0x20")], at: "15m" },
    },
    ElasticsearchClusterRed: {
        fires: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="red"}`, "1+0x20")], at: "10m", labels: { ...esClusterLabels, color: "red" } },
        silent: { series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="red"}`, "0+0x20")], at: "10m" },
    },
    ElasticsearchClusterYellow: {
        // A one-node store: with the log indices' template it is green, so yellow there is a fault too.
        fires: {
            series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="yellow"}`, "1+0x100")],
            at: "80m",
            labels: { ...esClusterLabels, color: "yellow" },
        },
        // Yellow for less than the hour: replicas being placed after a restart.
        silent: {
            series: [s(`elasticsearch_cluster_health_status{${text(esClusterLabels)},color="yellow"}`, "0+0x40 1+0x40")],
            at: "80m",
        },
    },
    ElasticsearchDiskAboveHighWatermark: {
        fires: { series: esDisk("5", "high_ratio", "0.9"), at: "30m", labels: esFsLabels },
        silent: { series: esDisk("50", "high_ratio", "0.9"), at: "30m" },
    },
    ElasticsearchDiskAtFloodStage: {
        // A watermark written as bytes means free space: 3 bytes left, 4 required.
        fires: { series: esDisk("3", "flood_stage_bytes", "4"), at: "20m", labels: esFsLabels },
        silent: { series: esDisk("3", "flood_stage_ratio", "0.99"), at: "20m" },
    },
    ElasticsearchHeapHigh: {
        fires: {
            series: [s(`elasticsearch_jvm_memory_used_bytes{${text(esNodeLabels)},area="heap"}`, "95+0x40"), s(`elasticsearch_jvm_memory_max_bytes{${text(esNodeLabels)},area="heap"}`, "100+0x40")],
            at: "30m",
            labels: { ...esNodeLabels, area: "heap" },
        },
        silent: {
            series: [s(`elasticsearch_jvm_memory_used_bytes{${text(esNodeLabels)},area="heap"}`, "60+0x40"), s(`elasticsearch_jvm_memory_max_bytes{${text(esNodeLabels)},area="heap"}`, "100+0x40")],
            at: "30m",
        },
    },
};
