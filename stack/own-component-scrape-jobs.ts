import { MetricsSettings } from "../config";
import { metricsLabels, RELOADER_PORT } from "../components/prometheus/layout";
import { reloadsInPlace } from "../components/prometheus/reloader";
import { ScrapeConfig } from "../components/common/scrape/prometheus-config-types";
import { configReloaderJob } from "../components/prometheus/config-reloader-scrape-job";
import { elasticsearchJob } from "../components/search-store/exporter-scrape-job";
import { endpointDiscovery } from "../components/common/scrape/endpoint-discovery";
import { grafanaJob } from "../components/grafana/scrape-job";
import { longTermStoreJob, vmauthJob } from "../components/long-term-store/scrape-job";
import { prometheusAdapterJob } from "../components/resource-metrics/scrape-job";
import { ScrapeReach } from "../components/common/scrape/reach";

export interface OwnJob {
    config: ScrapeConfig;
    reaches: ScrapeReach[];
}

/** Our components that serve metrics besides Prometheus and Alertmanager, each while it runs. */
export function ownComponentJobs(s: MetricsSettings): OwnJob[] {
    const d = endpointDiscovery(s);
    const service = (t: { namespace: string; serviceName: string; portName: string }): ScrapeReach[] => [
        { kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName },
    ];
    return [
        ...(reloadsInPlace(s)
            ? [{ config: configReloaderJob(s), reaches: [{ kind: "pods" as const, namespace: s.namespace, podLabels: metricsLabels(s), port: RELOADER_PORT.name }] }]
            : []),
        ...(s.grafanaTarget ? [{ config: grafanaJob(s.grafanaTarget, d), reaches: service(s.grafanaTarget) }] : []),
        ...(s.resourceMetricsTarget ? [{ config: prometheusAdapterJob(s.resourceMetricsTarget, d), reaches: service(s.resourceMetricsTarget) }] : []),
        ...(s.longTermStoreTarget ? [{ config: longTermStoreJob(s.longTermStoreTarget, d), reaches: service(s.longTermStoreTarget) }] : []),
        ...(s.longTermStoreTarget?.vmauth ? [{ config: vmauthJob(s.longTermStoreTarget.vmauth, d), reaches: service(s.longTermStoreTarget.vmauth) }] : []),
        ...(s.elasticsearchTarget ? [{ config: elasticsearchJob(s.elasticsearchTarget, d), reaches: service(s.elasticsearchTarget) }] : []),
    ];
}
