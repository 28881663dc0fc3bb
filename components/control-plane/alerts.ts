import { ControlPlaneRuleInput } from "./rule-input";
import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { instanceUnreachable } from "./instance-unreachable-alert";
import { KUBE_STATE_METRICS_JOB_NAME } from "../kube-state-metrics/layout";

/** The API server and kubelets, each only while its job scrapes; kubernetes-mixin's durations. */
export function controlPlaneGroup(c: Pick<ControlPlaneRuleInput, "apiserver" | "kubelet" | "kubeStateMetrics">): RuleGroup | undefined {
    const rules: AlertingRule[] = [];
    if (c.apiserver) {
        rules.push(
            {
                alert: "KubeAPIDown",
                expr: 'absent(up{job="apiserver"} == 1)',
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "The API server is unreachable.",
                    description: "No API server target has answered a scrape for 15 minutes.",
                    runbook_url: runbook("kubernetes/kubeapidown"),
                },
            },
            instanceUnreachable("KubeAPIInstanceUnreachable", "apiserver", "An API server", "kubeapidown"),
        );
    }
    if (c.kubelet) {
        // Kubelets to answer: the kubelet job's targets, or, with kube-state-metrics, the nodes the
        // API lists (so a node discovery that lost every node still fires). With neither, there is
        // no node at all and nothing that should answer: silent, where absent() would fire.
        const expected = c.kubeStateMetrics
            ? `(count(up{job="kubelet"}) or count(kube_node_info{job="${KUBE_STATE_METRICS_JOB_NAME}"}))`
            : 'count(up{job="kubelet"})';
        rules.push({
            alert: "KubeletDown",
            expr: `${expected} unless on () count(up{job="kubelet"} == 1)`,
            for: "15m",
            labels: { severity: "critical" },
            annotations: {
                summary: "No kubelet answers.",
                description: "There are nodes, and no kubelet target has answered a scrape for 15 minutes.",
                runbook_url: runbook("kubernetes/kubeletdown"),
            },
        });
        rules.push(instanceUnreachable("KubeletInstanceUnreachable", "kubelet", "A kubelet", "kubeletdown"));
    }
    return rules.length > 0 ? { name: "kubernetes-control-plane", rules } : undefined;
}

/** etcd, only while the etcd job scrapes it; thresholds and durations from etcd's mixin. */
export function etcdGroup(): RuleGroup {
    return {
        name: "etcd",
        rules: [
            {
                alert: "etcdNoLeader",
                expr: 'etcd_server_has_leader{job="etcd"} == 0',
                for: "1m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "An etcd member has no leader.",
                    description: "etcd member {{ $labels.instance }} has had no leader for a minute; it cannot serve writes.",
                    runbook_url: runbook("etcd/etcdnoleader"),
                },
            },
            {
                alert: "etcdMembersDown",
                // Down is either of two signals: Prometheus cannot scrape the member, or its peers cannot send to it
                // (more than 0.01 failures a second over 2 minutes, etcd's mixin's threshold) while Prometheus still
                // can, a partition between members that `up` alone never sees. The value counts the members down
                // by scrape, else those the peers cannot reach (`To`, the member ID). Warning after 20 minutes, as etcd's mixin.
                expr: '(sum(up{job="etcd"} == bool 0) > 0) or (count(sum by (To) (rate(etcd_network_peer_sent_failures_total{job="etcd"}[2m])) > 0.01))',
                for: "20m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "etcd members are down.",
                    description: "At least one etcd member has not answered scrapes, or its peers have failed to reach it, for 20 minutes; the cluster is closer to losing quorum.",
                    runbook_url: runbook("etcd/etcdmembersdown"),
                },
            },
            // Two tiers, as in etcd's mixin: a warning above 0.5 s, critical above 1 s.
            ...(
                [
                    ["critical", "1"],
                    ["warning", "0.5"],
                ] as const
            ).map(([severity, seconds]): AlertingRule => ({
                alert: "etcdHighFsyncDurations",
                expr: `histogram_quantile(0.99, rate(etcd_disk_wal_fsync_duration_seconds_bucket{job="etcd"}[5m])) > ${seconds}`,
                for: "10m",
                labels: { severity },
                annotations: {
                    summary: "etcd's disk is slow.",
                    description: `The 99th percentile of WAL fsync durations of etcd member {{ $labels.instance }} is above ${seconds} s; leader elections follow.`,
                    runbook_url: runbook("etcd/etcdhighfsyncdurations"),
                },
            })),
        ],
    };
}
