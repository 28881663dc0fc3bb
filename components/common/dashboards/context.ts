import { LOG_INDEX_PATTERN, logStoreProtocol, Settings } from "../../../config";
import { fluentdSizeBytes } from "../../../config/formats";
import { prometheusRelease, RemoteStorageFamilies } from "../../../prometheus-releases/release-lines";

/**
 * What the dashboards may query: a panel is rendered only when every source it reads is on, so
 * a dashboard never shows a panel whose series no scrape job collects (docs/grafana.md#dashboards).
 */
export type Source =
    | "cadvisor"
    /** The kubelet job (/metrics): the kubelet's own families and the volume stats of each claim. */
    | "kubelet"
    /** Alertmanager's own /metrics, scraped by the self-monitoring job under its Service name. */
    | "alertmanager"
    /** At least one metrics.remoteWrite target, so Prometheus serves its remote-storage families. */
    | "remoteWrite"
    | "nodeExporter"
    | "kubeStateMetrics"
    /** kube-state-metrics exposes ResourceQuotas (kube_resourcequota): resourcequotas is in its exposedResources. */
    | "resourceQuotas"
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
    | "longTermStore"
    /** The event collector, whose lines carry Kubernetes events into the log store (docs/cluster-events.md). */
    | "events"
    /** Grafana's own /metrics, scraped by its job (components/grafana/scrape-job.ts) exactly while Grafana runs. */
    | "grafana"
    /** The default rule groups load (alertRules.defaults), with the recording rules that boards read: node, API server SLO. */
    | "defaultRules";

export interface DashboardContext {
    /** The sources that are on for this stack. */
    sources: ReadonlySet<Source>;
    /** The job label of Prometheus' own series: the self-monitoring job takes the Service name. */
    prometheusJob: string;
    /** The index pattern the log agent writes (logstash_format). */
    logIndexPattern: string;
    /** The log agent's buffer cap per output (logs.buffer total_limit_size), which its buffer panel measures against. */
    logBufferLimitBytes: number;
    /** The job label of Alertmanager's own series (its Service name), while Prometheus scrapes it. */
    alertmanagerJob?: string;
    /** The remote-storage family names of the stack's Prometheus release line (prometheus-releases/). */
    remoteStorage: RemoteStorageFamilies;
    /**
     * Whether a data source the dashboards read can hold several clusters: a central stack's
     * long-term store, which edges write to. Only then is the cluster variable shown
     * (cluster-variable.ts); elsewhere it stays hidden, and empty or the one cluster there is.
     */
    manyClusters: boolean;
    /**
     * Whether Prometheus evaluates the default rule groups (alertRules.defaults), among them the
     * compute recording rules the Compute Resources boards read (docs/grafana.md#recording-rules);
     * without them the boards read the raw families. Each group loads while its job is on, as
     * the sources the boards need.
     */
    computeRules: boolean;
}

/** The log agent writes with logstash_format true and the default prefix (config/logs.ts). */
export { LOG_INDEX_PATTERN };

export function dashboardContext(s: Settings): DashboardContext {
    // The Logs board reads Grafana's Elasticsearch data source, which exists only while the log store speaks Elasticsearch (components/grafana/stack-model.ts).
    const on: Source[] = ["prometheus", ...(logStoreProtocol(s.logs) === "elasticsearch" ? (["searchStore"] as const) : [])];
    if (s.metrics.jobs.cadvisor) on.push("cadvisor");
    if (s.metrics.jobs.kubelet) on.push("kubelet");
    if (s.metrics.remoteWrite.length > 0) on.push("remoteWrite");
    // As the Alertmanager alerts (stack/rule-groups.ts): the self-monitoring job scrapes it while the metrics namespace is scraped.
    const alertmanagerJob = s.alertmanager.enabled && s.metrics.scrapeNamespaces.includes(s.metrics.namespace) ? s.alertmanager.name : undefined;
    if (alertmanagerJob !== undefined) on.push("alertmanager");
    if (s.nodeExporter.enabled) on.push("nodeExporter");
    if (s.kubeStateMetrics.enabled) on.push("kubeStateMetrics");
    if (s.kubeStateMetrics.enabled && s.kubeStateMetrics.exposedResources.includes("resourcequotas")) on.push("resourceQuotas");
    if (s.metrics.jobs.logAgent) on.push("logAgent");
    if (s.metrics.jobs.apiserver) on.push("apiserver");
    if (s.metrics.jobs.etcd) on.push("etcd");
    for (const component of ["coreDns", "scheduler", "controllerManager", "kubeProxy"] as const) {
        if (s.controlPlane[component].enabled) on.push(component);
    }
    if (s.blackboxExporter.enabled) on.push("probes");
    // As their jobs (components/search-store/contribution.ts, components/long-term-store/contribution.ts).
    if (s.searchStore.enabled && s.searchStore.exporter.enabled) on.push("elasticsearch");
    if (s.longTermStore.enabled) on.push("longTermStore");
    if (s.eventCollector.enabled) on.push("events");
    if (s.alertRules.defaults) on.push("defaultRules");
    // As the scrape jobs (components/grafana/contribution.ts): Grafana's job is generated exactly while Grafana is enabled.
    if (s.grafana.enabled) on.push("grafana");
    return {
        sources: new Set(on),
        prometheusJob: s.metrics.name,
        logIndexPattern: LOG_INDEX_PATTERN,
        logBufferLimitBytes: fluentdSizeBytes(s.logs.buffer.totalLimitSize),
        ...(alertmanagerJob !== undefined ? { alertmanagerJob } : {}),
        remoteStorage: prometheusRelease(s.metrics).remoteStorage,
        manyClusters: s.longTermStore.enabled && s.longTermStore.edges.length > 0,
        computeRules: s.alertRules.defaults,
    };
}
