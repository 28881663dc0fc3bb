import { Component } from "../contribution";
import { kubeStateMetricsRuleGroups } from "./rule-groups";
import { KUBE_STATE_METRICS_FAMILY_TABLES, kubeStateMetricsContribution } from "./contribution";
import { KubeStateMetrics } from "./kube-state-metrics";

/** kube-state-metrics; on by default and switchable per stack. */
export const kubeStateMetrics: Component = {
    name: "kube-state-metrics",
    contribute: kubeStateMetricsContribution,
    rules: kubeStateMetricsRuleGroups,
    familyTables: KUBE_STATE_METRICS_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.kubeStateMetrics.enabled) {
            return {};
        }
        const ksm = new KubeStateMetrics("kube-state-metrics", { settings: settings.kubeStateMetrics, namespaces }, opts);
        return { outputs: { kubeStateMetricsService: ksm.serviceName } };
    },
};
