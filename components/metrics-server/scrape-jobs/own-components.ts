import { MetricsSettings } from "../../../config";
import { metricsLabels, RELOADER_PORT } from "../layout";
import { reloadsInPlace } from "../reloader";
import { ScrapeConfig } from "../prometheus-config-types";
import { configReloaderJob } from "./config-reloader";
import { elasticsearchJob } from "./elasticsearch";
import { endpointDiscovery } from "./endpoint-discovery";
import { grafanaJob } from "./grafana";
import { prometheusAdapterJob } from "./prometheus-adapter";
import { ScrapeReach } from "./reach";

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
        ...(s.elasticsearchTarget ? [{ config: elasticsearchJob(s.elasticsearchTarget, d), reaches: service(s.elasticsearchTarget) }] : []),
    ];
}
