import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule, keptFamily, histogramFamilies } from "../common/scrape/family-rules";

/** The kube-proxy job's families (docs/scrape-jobs.md#control-plane-families). */
export const KUBE_PROXY_OWN_FAMILIES: readonly FamilyRule[] = [
    ...histogramFamilies("kubeproxy_sync_proxy_rules_duration_seconds", ["bucket", "count"], "the kube-proxy rule sync latency and rate panels"),
    keptFamily("kubeproxy_sync_proxy_rules_iptables_restore_failures_total", "the kube-proxy sync failure alert"),
    keptFamily("kubeproxy_sync_proxy_rules_last_timestamp_seconds", "time of the last sync: one series per node"),
    keptFamily("kubeproxy_sync_proxy_rules_last_queued_timestamp_seconds", "time a sync was last asked for; later than the last sync means one is overdue"),
    ...histogramFamilies("kubeproxy_network_programming_duration_seconds", ["bucket", "count"], "the network programming rate and p99 panels: from a Service's endpoints changing to the node's rules, 84 series per node"),
    droppedFamily("kubeproxy_sync_full_proxy_rules_duration_seconds*", "the full-sync share of the sync duration, which is kept"),
    droppedFamily("kubeproxy_sync_partial_proxy_rules_duration_seconds*", "the partial-sync share of the sync duration, which is kept"),
];

export const KUBE_PROXY_FAMILIES: readonly FamilyRule[] = [...KUBE_PROXY_OWN_FAMILIES, ...COMPONENT_BASE_FAMILIES];
