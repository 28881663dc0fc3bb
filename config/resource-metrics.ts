import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { z } from "zod";
import { closedObject, flag, integer, text } from "./fields";
import { dnsLabel, prometheusDuration, serviceName } from "./formats";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";

export const RESOURCE_METRICS_KEY = "resourceMetrics";

/**
 * prometheus-adapter v0.12.0, the newest release, with the requests of its own deploy manifests.
 * The window is four scrape intervals of the default 30s: rate() needs two samples inside it, and
 * four intervals leave room for a missed scrape (docs/resource-metrics.md#the-window).
 */
export const RESOURCE_METRICS_DEFAULTS = {
    enabled: false,
    name: "prometheus-adapter",
    image: "registry.k8s.io/prometheus-adapter/prometheus-adapter:v0.12.0",
    replicas: 1,
    resources: { cpuRequest: "102m", memoryRequest: "180Mi" } as ResourceSettings,
    nodeSelector: { "kubernetes.io/os": "linux" } as Record<string, string>,
    window: "2m",
};

/** The window must hold at least this many scrape intervals of the series it rates. */
export const MIN_SCRAPES_PER_WINDOW = 4;

const d = RESOURCE_METRICS_DEFAULTS;

/** `cluster-monitoring:resourceMetrics`: the resource metrics API (metrics.k8s.io) served from Prometheus (docs/resource-metrics.md). */
export const resourceMetricsSchema = closedObject({
    enabled: flag()
        .default(d.enabled)
        .meta({ description: "deploy prometheus-adapter and register it as the cluster's metrics.k8s.io API (kubectl top, HPA)" }),
    namespace: text(dnsLabel)
        .optional()
        .meta({ description: "the metrics namespace (the default), the log agent namespace or kube-system" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v))
        .default(d.name)
        .meta({ description: "Deployment, Service, ServiceAccount, ConfigMap and ClusterRole(Binding) name; the RBAC objects add suffixes" }),
    image: text(imageAtLeast(OLDEST_IMAGES.resourceMetrics)).default(d.image).meta({ description: "the prometheus-adapter image; flags and config follow v0.12.0" }),
    replicas: integer(1, 10)
        .default(d.replicas)
        .meta({ description: "adapter replicas; from 2 on a PodDisruptionBudget keeps one up during node drains" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields({ nodeSelector: { value: d.nodeSelector, why: "the image is built for Linux only" } }),
    window: text(prometheusDuration)
        .default(d.window)
        .meta({ description: `the CPU rate window, also reported as the API's window; at least ${MIN_SCRAPES_PER_WINDOW} times metrics.scrapeInterval` }),
});

export type ResourceMetricsSettings = Omit<z.output<typeof resourceMetricsSchema>, "namespace"> & {
    /** Where the adapter runs; the metrics namespace unless the stack names another. */
    namespace: string;
};
