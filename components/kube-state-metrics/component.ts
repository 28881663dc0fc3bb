import { Component } from "../contribution";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { KUBE_STATE_METRICS_KEY } from "../../config";
import { kubeStateMetricsRules } from "./rule-groups";
import { KUBE_STATE_METRICS_FAMILY_TABLES, kubeStateMetricsContribution } from "./contribution";
import { KubeStateMetrics } from "./kube-state-metrics";
import { KUBE_STATE_METRICS_JOB_NAME, KUBE_STATE_METRICS_TELEMETRY_JOB_NAME } from "./layout";

/** kube-state-metrics; on by default and switchable per stack. */
export const kubeStateMetrics: Component = {
    name: "kube-state-metrics",
    jobNames: (s) => ({ cluster: [KUBE_STATE_METRICS_JOB_NAME, KUBE_STATE_METRICS_TELEMETRY_JOB_NAME].map((name) => fixedJob(name, claimKey(KUBE_STATE_METRICS_KEY, "enabled"), s.kubeStateMetrics.enabled)) }),
    contribute: kubeStateMetricsContribution,
    rules: kubeStateMetricsRules,
    familyTables: KUBE_STATE_METRICS_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.kubeStateMetrics.enabled) {
            return {};
        }
        const ksm = new KubeStateMetrics("kube-state-metrics", { settings: settings.kubeStateMetrics, namespaces }, opts);
        return { outputs: { kubeStateMetricsService: ksm.serviceName } };
    },
};
