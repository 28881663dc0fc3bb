import { annotationDiscoveryOn, MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { annotatedPodsJob } from "./annotated-pods";
import { annotatedServicesJob } from "./annotated-services";
import { apiserverJob } from "./apiserver";
import { cadvisorJob } from "./cadvisor";
import { controlPlaneJobs } from "./control-plane";
import { endpointDiscovery } from "./endpoint-discovery";
import { etcdJob } from "./etcd";
import { kubeletJob } from "./kubelet";
import { kubeStateMetricsJobs } from "./kube-state-metrics";
import { nodeExporterJobs } from "./node-exporter";
import { ownComponentJobs } from "./own-components";
import { logAgentJob } from "./log-agent";
import { selfMonitoringJob } from "./self";
import { withLimits } from "./limits";
import { probeJobs } from "./probes";
import { serviceJob } from "./services";

/**
 * Every enabled job, self-monitoring first, then the cluster components, then user services and
 * the annotated pods and services, each with the stack's scrape limits.
 */
export function scrapeJobs(s: MetricsSettings): ScrapeConfig[] {
    return unlimitedScrapeJobs(s).map((job) => withLimits(job, s));
}

function unlimitedScrapeJobs(s: MetricsSettings): ScrapeConfig[] {
    const endpoints = endpointDiscovery(s);
    return [
        selfMonitoringJob(s),
        ...ownComponentJobs(s),
        ...(s.jobs.kubelet ? [kubeletJob(s)] : []),
        ...(s.jobs.cadvisor ? [cadvisorJob(s)] : []),
        ...(s.jobs.apiserver ? [apiserverJob(endpoints)] : []),
        ...(s.jobs.etcd ? [etcdJob(s)] : []),
        ...controlPlaneJobs(s),
        ...(s.jobs.logAgent ? [logAgentJob(s)] : []),
        ...nodeExporterJobs(s),
        ...kubeStateMetricsJobs(s),
        ...s.services.map((svc) => serviceJob(svc, endpoints)),
        ...(annotationDiscoveryOn(s.annotationDiscovery) ? [annotatedPodsJob(s), annotatedServicesJob(s, endpoints)] : []),
        ...probeJobs(s),
    ];
}

/**
 * Namespaces that need a discovery Role: the configured ones plus every namespace an enabled
 * job or the Alertmanager discovery looks in, so none can be blind for lack of RBAC.
 */
export function discoveryNamespaces(s: MetricsSettings): string[] {
    const wanted = [...s.discoveryNamespaces, ...(s.alertmanagerTarget ? [s.alertmanagerTarget.namespace] : [])];
    for (const job of scrapeJobs(s)) {
        for (const sd of job.kubernetes_sd_configs ?? []) {
            wanted.push(...(sd.namespaces?.names ?? []));
        }
    }
    return [...new Set(wanted)];
}

/**
 * The discovery roles a job uses in every namespace at once (annotationDiscovery.clusterWide),
 * which only a ClusterRole can grant.
 */
export function clusterWideDiscoveryRoles(s: MetricsSettings): string[] {
    const roles = scrapeJobs(s).flatMap((job) => (job.kubernetes_sd_configs ?? []).filter((sd) => sd.role !== "node" && sd.namespaces === undefined).map((sd) => sd.role));
    return [...new Set(roles)];
}

/** Cluster-scoped discovery (role node) lists nodes, which no namespaced Role can grant. */
export function needsNodeDiscovery(s: MetricsSettings): boolean {
    return scrapeJobs(s).some((job) => (job.kubernetes_sd_configs ?? []).some((sd) => sd.role === "node"));
}
