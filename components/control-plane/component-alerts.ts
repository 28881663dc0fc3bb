import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { instanceUnreachable } from "./instance-unreachable-alert";

/**
 * CoreDNS, the scheduler, the controller manager and kube-proxy, each group only while its job
 * scrapes (docs/alerting.md#default-alerts): a cluster that hides a component gets
 * no alert waiting on it. Durations and thresholds follow kubernetes-mixin and CoreDNS's mixin.
 */
function componentDown(alert: string, job: string, what: string, slug?: string): AlertingRule {
    return {
        alert,
        expr: `absent(up{job="${job}"} == 1)`,
        for: "15m",
        labels: { severity: "critical" },
        annotations: {
            summary: `${what} is unreachable.`,
            description: `No ${job} target has answered a scrape for 15 minutes.`,
            ...(slug ? { runbook_url: runbook(`kubernetes/${slug}`) } : {}),
        },
    };
}

/**
 * The share of CoreDNS's responses that are SERVFAIL, in two tiers as in CoreDNS's mixin
 * (CoreDNSErrorsHigh): a warning above 1 %, critical above 3 %, each for 10 minutes.
 */
function servfailShare(): AlertingRule[] {
    const share = 'sum(rate(coredns_dns_responses_total{job="coredns",rcode="SERVFAIL"}[5m])) / sum(rate(coredns_dns_responses_total{job="coredns"}[5m]))';
    return (
        [
            ["critical", 0.03, "3"],
            ["warning", 0.01, "1"],
        ] as const
    ).map(([severity, threshold, percent]) => ({
        alert: "CoreDNSErrorsHigh",
        expr: `${share} > ${threshold}`,
        for: "10m",
        labels: { severity },
        annotations: {
            summary: "CoreDNS answers many lookups with SERVFAIL.",
            description: `More than ${percent} % of CoreDNS's responses have been SERVFAIL for 10 minutes; service lookups fail.`,
        },
    }));
}

export function coreDnsGroup(): RuleGroup {
    return {
        name: "coredns",
        rules: [
            componentDown("CoreDNSDown", "coredns", "CoreDNS"),
            ...servfailShare(),
            {
                alert: "CoreDNSLatencyHigh",
                expr: 'histogram_quantile(0.99, sum(rate(coredns_dns_request_duration_seconds_bucket{job="coredns"}[5m])) by (server, zone, le)) > 4',
                for: "10m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "CoreDNS answers slowly.",
                    description: "The 99th percentile of CoreDNS's request durations for server {{ $labels.server }} zone {{ $labels.zone }} has been above 4 s for 10 minutes.",
                },
            },
        ],
    };
}

export function schedulerGroup(): RuleGroup {
    return {
        name: "kube-scheduler",
        rules: [
            componentDown("KubeSchedulerDown", "kube-scheduler", "The scheduler", "kubeschedulerdown"),
            instanceUnreachable("KubeSchedulerInstanceUnreachable", "kube-scheduler", "A scheduler", "kubeschedulerdown"),
            {
                alert: "KubeSchedulerBacklog",
                expr: 'sum(scheduler_pending_pods{job="kube-scheduler",queue=~"active|backoff"}) by (instance) > 10',
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The scheduler has a backlog.",
                    description: "More than 10 pods have waited in the active or backoff queue of the scheduler on {{ $labels.instance }} for 15 minutes.",
                },
            },
        ],
    };
}

export function controllerManagerGroup(): RuleGroup {
    return {
        name: "kube-controller-manager",
        rules: [
            componentDown("KubeControllerManagerDown", "kube-controller-manager", "The controller manager", "kubecontrollermanagerdown"),
            instanceUnreachable("KubeControllerManagerInstanceUnreachable", "kube-controller-manager", "A controller manager", "kubecontrollermanagerdown"),
            {
                alert: "KubeControllerManagerWorkQueueBacklog",
                expr: 'max(workqueue_depth{job="kube-controller-manager"}) by (instance, name) > 100',
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A controller's work queue has a backlog.",
                    description: "Work queue {{ $labels.name }} of the controller manager on {{ $labels.instance }} has held more than 100 items for 15 minutes.",
                },
            },
        ],
    };
}

export function kubeProxyGroup(): RuleGroup {
    return {
        name: "kube-proxy",
        rules: [
            componentDown("KubeProxyDown", "kube-proxy", "kube-proxy", "kubeproxydown"),
            {
                alert: "KubeProxySyncFailing",
                expr: 'increase(kubeproxy_sync_proxy_rules_iptables_restore_failures_total{job="kube-proxy"}[10m]) > 0',
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "kube-proxy fails to sync its rules.",
                    description: "kube-proxy on {{ $labels.instance }} has failed to apply its iptables rules for 15 minutes; Services on that node may route to stale endpoints.",
                },
            },
            {
                // Mode-independent (iptables, IPVS, nftables): a change is waiting for a sync and no
                // sync has succeeded for five minutes. A healthy kube-proxy syncs a queued change
                // within its minSyncPeriod (1 s by default), and a busy one keeps syncing, so only a
                // stuck or failing sync loop stays in this state.
                alert: "KubeProxySyncStalled",
                expr:
                    '(kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds{job="kube-proxy"} > kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy"})' +
                    ' and (time() - kubeproxy_sync_proxy_rules_last_timestamp_seconds{job="kube-proxy"} > 300)',
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "kube-proxy has not synced a pending change for over five minutes.",
                    description:
                        "kube-proxy on {{ $labels.instance }} has a Service or endpoint change waiting, and its last successful rule sync was over five minutes ago; Services on that node may route to stale endpoints.",
                },
            },
        ],
    };
}
