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
    description: "Blackbox probes: success, duration, HTTP status and TLS certificate expiry per probed target",
    needs: ["probes"],
    variables: [{ name: "job", label: "Probe job", query: "label_values(probe_success, job)", includeAll: true }],
    panels: [
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
    ],
};
