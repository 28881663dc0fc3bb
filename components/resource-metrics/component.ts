import { Component } from "../contribution";
import { resourceMetricsProblems } from "./checks";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { RESOURCE_METRICS_KEY } from "../../config";
import { resourceMetricsContribution } from "./contribution";
import { resourceMetricsModel } from "./model";
import { ResourceMetrics } from "./resource-metrics";
import { RESOURCE_METRICS_JOB_NAME } from "./layout";

/** Serves metrics.k8s.io from Prometheus; off by default, as a cluster may run metrics-server instead. */
export const resourceMetrics: Component = {
    name: "resource-metrics",
    jobNames: (s) => ({ own: [fixedJob(RESOURCE_METRICS_JOB_NAME, claimKey(RESOURCE_METRICS_KEY, "enabled"), s.resourceMetrics.enabled)] }),
    contribute: resourceMetricsContribution,
    checks: resourceMetricsProblems,
    build({ settings, namespaces, opts, built }) {
        if (!settings.resourceMetrics.enabled) {
            return {};
        }
        const prometheus = built["prometheus"]?.web;
        const server = new ResourceMetrics("resource-metrics", { model: resourceMetricsModel(settings), namespaces, prometheusPassword: prometheus?.password, prometheusPasswordGeneration: prometheus?.generation }, opts);
        return { outputs: { resourceMetricsApiService: server.apiServiceName } };
    },
};
