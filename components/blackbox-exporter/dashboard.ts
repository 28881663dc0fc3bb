import { PrometheusDashboardSpec } from "../common/dashboards/panels";

const sel = 'job=~"$job"';

/**
 * Probes through the blackbox exporter (docs/monitor-your-app.md#probes): every probe job's
 * series carry the probed target as instance, so each line is one probed URL or host:port.
 */
export const probesDashboard: PrometheusDashboardSpec = {
    uid: "cm-probes",
    folder: "monitoring",
    title: "Probes",
    description: "Blackbox probes: success now and over the last hour, duration and its HTTP phases, DNS lookup, HTTP status, TLS certificate expiry and version per probed target",
    needs: ["probes"],
    variables: [{ name: "job", label: "Probe job", query: "label_values(probe_success, job)", includeAll: true }],
    panels: [
        {
            title: "Success over the last hour",
            description: "The share of the last hour's probes of each target that succeeded",
            unit: "percentunit",
            kind: "stat",
            needs: ["probes"],
            queries: [{ expr: `avg by (job, instance) (avg_over_time(probe_success{${sel}}[1h]))`, legend: "{{instance}}" }],
        },
        {
            title: "Success",
            description: "1 while the target answers as its module expects, 0 while it fails",
            unit: "short",
            kind: "timeseries",
            needs: ["probes"],
            queries: [{ expr: `min by (job, instance) (probe_success{${sel}})`, legend: "{{instance}}" }],
        },
        {
            title: "Duration",
            description: "How long each probe takes, DNS, connect, TLS and the request included",
            unit: "s",
            kind: "timeseries",
            needs: ["probes"],
            queries: [{ expr: `max by (job, instance) (probe_duration_seconds{${sel}})`, legend: "{{instance}}" }],
        },
        {
            title: "HTTP duration by phase",
            description: "Where an HTTP probe spends its time: resolve, connect, tls, processing (until the first byte) and transfer",
            unit: "s",
            kind: "timeseries",
            needs: ["probes"],
            queries: [{ expr: `max by (job, instance, phase) (probe_http_duration_seconds{${sel}})`, legend: "{{instance}} {{phase}}" }],
        },
        {
            title: "DNS lookup",
            description: "How long resolving each target's host name takes, for HTTP and TCP probes alike",
            unit: "s",
            kind: "timeseries",
            needs: ["probes"],
            queries: [{ expr: `max by (job, instance) (probe_dns_lookup_time_seconds{${sel}})`, legend: "{{instance}}" }],
        },
        {
            title: "HTTP status",
            description: "The status code of the last HTTP probe (0 when no response came)",
            unit: "short",
            kind: "timeseries",
            needs: ["probes"],
            queries: [{ expr: `max by (job, instance) (probe_http_status_code{${sel}})`, legend: "{{instance}}" }],
        },
        {
            title: "Days until the TLS certificate expires",
            description: "The earliest expiry in the chain an https target serves; alerts at 14 and 3 days",
            unit: "d",
            kind: "stat",
            needs: ["probes"],
            queries: [{ expr: `min by (job, instance) (probe_ssl_earliest_cert_expiry{${sel}} - time()) / 86400`, legend: "{{instance}}" }],
        },
        {
            title: "TLS version",
            description: "The TLS version each https or TLS target negotiated; one older than TLS 1.2 is worth a look",
            unit: "short",
            kind: "stat",
            needs: ["probes"],
            queries: [{ expr: `count by (job, instance, version) (probe_tls_version_info{${sel}})`, legend: "{{instance}} {{version}}" }],
        },
    ],
};
