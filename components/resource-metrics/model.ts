import { ResourceMetricsSettings, Settings } from "../../config";
import { inClusterUrl } from "../metrics-server/service";

/** The adapter's settings and the Prometheus it queries, derived from the metrics settings. */
export interface ResourceMetricsModel {
    settings: ResourceMetricsSettings;
    /** Prometheus' Service, namespace, port and route prefix, as Grafana reaches it too. */
    prometheusUrl: string;
}

export function resourceMetricsModel(s: Settings): ResourceMetricsModel {
    return { settings: s.resourceMetrics, prometheusUrl: inClusterUrl(s.metrics) };
}
