import { Settings } from "../../config";
import { Component, Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { KUBE_STATE_METRICS_FAMILIES } from "./families";
import { kubeStateMetricsObjects } from "./object-names";
import { kubeStateMetricsJob, kubeStateMetricsReach, kubeStateMetricsTelemetryJob, kubeStateMetricsTelemetryReach } from "./scrape-job";
import { kubeStateMetricsTarget } from "./target";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

/** kube-state-metrics, while it runs: its object metrics and its own telemetry, each on its port of its Service. */
export function kubeStateMetricsContribution(s: Settings): Contribution {
    const objects = kubeStateMetricsObjects(s.kubeStateMetrics);
    const t = kubeStateMetricsTarget(s.kubeStateMetrics);
    if (t === undefined) {
        return { objects };
    }
    const d = endpointDiscovery(s.metrics);
    return {
        scrapeJobs: {
            cluster: [
                { config: kubeStateMetricsJob(t, d), reaches: kubeStateMetricsReach(t) },
                { config: kubeStateMetricsTelemetryJob(t, d), reaches: kubeStateMetricsTelemetryReach(t) },
            ],
        },
        objects,
        namespaceWorkloads: [{ namespace: t.namespace, name: `Deployment ${t.namespace}/${t.serviceName}`, workload: "kube-state-metrics" }],
    };
}

export const KUBE_STATE_METRICS_FAMILY_TABLES: Component["familyTables"] = { [KUBE_STATE_METRICS_JOB_NAME]: KUBE_STATE_METRICS_FAMILIES };
