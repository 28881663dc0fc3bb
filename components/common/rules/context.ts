/**
 * What the default rules may rely on: which jobs scrape, under which job labels. A group whose
 * series no enabled job scrapes is left out, so no alert waits on a series that never arrives.
 */
export interface RuleContext {
    /** The self-monitoring job's label: the Prometheus Service's name (relabel rule 6). */
    prometheusJob: string;
    kubelet: boolean;
    cadvisor: boolean;
    apiserver: boolean;
    etcd: boolean;
    logAgent: boolean;
    /** The control-plane jobs of cluster-monitoring:controlPlane. */
    coreDns: boolean;
    scheduler: boolean;
    controllerManager: boolean;
    kubeProxy: boolean;
    nodeExporter: boolean;
    kubeStateMetrics: boolean;
    /** Alertmanager is deployed, so Prometheus sends notifications that can fail. */
    alertmanager: boolean;
    /**
     * The job label of Alertmanager's own metrics (its Service name), when the self-monitoring
     * job scrapes it: only while the metrics namespace is one of metrics.scrapeNamespaces.
     */
    alertmanagerJob?: string;
    /** The log agent buffer's total_limit_size in bytes, the 100 % of "buffer nearly full". */
    logBufferLimitBytes: number;
    /** The blackbox exporter runs, so probe_* series exist (docs/monitor-your-app.md#probes). */
    blackbox?: boolean;
    /** The in-cluster search store's exporter is scraped as job elasticsearch. */
    elasticsearch?: boolean;
    /** The in-cluster long-term store runs and is scraped as job long-term-store. */
    longTermStore?: boolean;
}
