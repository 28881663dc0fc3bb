import { MetricsSettings } from "../../../config";
import { reloadsInPlace } from "../reloader";
import { ScrapeConfig } from "../prometheus-config-types";
import { configReloaderJob } from "./config-reloader";
import { endpointDiscovery } from "./endpoint-discovery";
import { grafanaJob } from "./grafana";
import { prometheusAdapterJob } from "./prometheus-adapter";

/** Our components that serve metrics besides Prometheus and Alertmanager, each while it runs. */
export function ownComponentJobs(s: MetricsSettings): ScrapeConfig[] {
    const d = endpointDiscovery(s);
    return [
        ...(reloadsInPlace(s) ? [configReloaderJob(s)] : []),
        ...(s.grafanaTarget ? [grafanaJob(s.grafanaTarget, d)] : []),
        ...(s.resourceMetricsTarget ? [prometheusAdapterJob(s.resourceMetricsTarget, d)] : []),
    ];
}
