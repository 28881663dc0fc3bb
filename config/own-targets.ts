/**
 * Where the program's own components serve metrics, filled from their settings while they run,
 * so the metrics server scrapes each (docs/scrape-jobs.md#our-own-components).
 */
export interface ServiceTarget {
    namespace: string;
    serviceName: string;
    portName: string;
}

/** The job labels of our own components besides Prometheus and Alertmanager, which the monitor job scrapes. */
export const OWN_JOB_NAMES = {
    grafana: "grafana",
    resourceMetrics: "prometheus-adapter",
    configReloader: "config-reloader",
    /** Prometheus itself while metrics.web is set: its credentials must not go to the other monitor=main Services. */
    prometheusWeb: "prometheus-web",
    /** Alertmanager while alertmanager.web is set, for the same reason. */
    alertmanagerWeb: "alertmanager-web",
    searchStore: "elasticsearch",
} as const;

/** The port names the components' Services give their metrics ports; their layouts use these. */
export const GRAFANA_PORT_NAME = "http";
export const RESOURCE_METRICS_PORT_NAME = "https";
