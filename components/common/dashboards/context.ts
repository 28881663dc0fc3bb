import { LOG_INDEX_PATTERN, Settings } from "../../../config";

/**
 * What the dashboards may query: a panel is rendered only when every source it reads is on, so
 * a dashboard never shows a panel whose series no scrape job collects (docs/grafana.md#dashboards).
 */
export type Source =
    | "cadvisor"
    | "nodeExporter"
    | "kubeStateMetrics"
    | "logAgent"
    | "apiserver"
    | "etcd"
    | "coreDns"
    | "scheduler"
    | "controllerManager"
    | "kubeProxy"
    | "prometheus"
    | "searchStore"
    | "probes"
    /** The in-cluster store's exporter, scraped as job elasticsearch. */
    | "elasticsearch"
    /** The in-cluster VictoriaMetrics, scraped as job long-term-store. */
    | "longTermStore";

export interface DashboardContext {
    /** The sources that are on for this stack. */
    sources: ReadonlySet<Source>;
    /** The job label of Prometheus' own series: the self-monitoring job takes the Service name. */
    prometheusJob: string;
    /** The index pattern the log agent writes (logstash_format). */
    logIndexPattern: string;
}

/** The log agent writes with logstash_format true and the default prefix (config/logs.ts). */
export { LOG_INDEX_PATTERN };

export function dashboardContext(s: Settings): DashboardContext {
    const on: Source[] = ["prometheus", "searchStore"];
    if (s.metrics.jobs.cadvisor) on.push("cadvisor");
    if (s.nodeExporter.enabled) on.push("nodeExporter");
    if (s.kubeStateMetrics.enabled) on.push("kubeStateMetrics");
    if (s.metrics.jobs.logAgent) on.push("logAgent");
    if (s.metrics.jobs.apiserver) on.push("apiserver");
    if (s.metrics.jobs.etcd) on.push("etcd");
    for (const component of ["coreDns", "scheduler", "controllerManager", "kubeProxy"] as const) {
        if (s.controlPlane[component].enabled) on.push(component);
    }
    if (s.blackboxExporter.enabled) on.push("probes");
    if (s.metrics.elasticsearchTarget) on.push("elasticsearch");
    if (s.metrics.longTermStoreTarget) on.push("longTermStore");
    return { sources: new Set(on), prometheusJob: s.metrics.name, logIndexPattern: LOG_INDEX_PATTERN };
}
