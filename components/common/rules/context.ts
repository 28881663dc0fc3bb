import { RemoteStorageFamilies, SelfHealthFamilies } from "../../../prometheus-releases/release-lines";
import { RuleGroup } from "./types";
/**
 * What the default rules may rely on: which jobs scrape, under which job labels. A group whose
 * series no enabled job scrapes is left out, so no alert waits on a series that never arrives.
 */
export interface RuleContext {
    /** The self-monitoring job's label: the Prometheus Service's name (relabel rule 6). */
    prometheusJob: string;
    /** Which of Prometheus' own health families the stack's release line exports (release-lines.ts, selfHealth). */
    prometheusHealth: SelfHealthFamilies;
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
    /** The kinds kube-state-metrics exposes (kubeStateMetrics.exposedResources); left out: every kind. */
    kubeStateMetricsResources?: readonly string[];
    /** Alertmanager is deployed, so Prometheus sends notifications that can fail. */
    alertmanager: boolean;
    /**
     * The job label of Alertmanager's own metrics (its Service name), when the self-monitoring
     * job scrapes it: only while the metrics namespace is one of metrics.scrapeNamespaces.
     */
    alertmanagerJob?: string;
    /**
     * More than one Alertmanager gossips as a cluster, and the self-monitoring job scrapes them
     * (alertmanagerJob set): the cluster alerts have members to compare.
     */
    alertmanagerCluster?: boolean;
    /** metrics.remoteWrite names targets: what the remote-write alerts read. */
    remoteWrite?: RemoteWriteContext;
    /** The log agent buffer's total_limit_size in bytes, the 100 % of "buffer nearly full". */
    logBufferLimitBytes: number;
    /** The blackbox exporter runs, so probe_* series exist (docs/monitor-your-app.md#probes). */
    blackbox?: boolean;
    /** The in-cluster search store's exporter is scraped as job elasticsearch. */
    elasticsearch?: boolean;
    /** Which store that exporter watches, so the alerts name it (Elasticsearch OSS unless said). */
    searchStoreKind?: "elasticsearch-oss" | "opensearch";
    /** The in-cluster long-term store runs and is scraped as job long-term-store. */
    longTermStore?: boolean;
    /** longTermStore.backup's interval in seconds, while the store runs its backup loop. */
    longTermStoreBackupSeconds?: number;
    /** Grafana runs and is scraped as job grafana (components/grafana/scrape-job.ts). */
    grafana?: boolean;
    /** alertRules.runbookBaseUrl: where this repository's docs/ directory is published (components/common/rules/runbooks.ts). */
    runbookBaseUrl?: string;
    /**
     * The groups the component list contributes while their components run (components/contribution.ts,
     * ruleGroups), which follow the built-in ones; every one of them on a line for the catalog.
     */
    contributed?: readonly RuleGroup[];
}

/** The remote-write queues, as the deployed release line names their metrics. */
export interface RemoteWriteContext {
    /** The release line's names of the queue metrics (prometheus-releases/release-lines.ts). */
    families: RemoteStorageFamilies;
    /**
     * 2.11 only: each queue's `queue` label ("<index>:<url>", the target's place in remote_write)
     * and its max_shards (the target's queue.maxShards, else 2.11's default 1000). 2.11 exports
     * no shards_max, so the alert takes the limit from here.
     */
    queues: { queue: string; maxShards: number }[];
}
