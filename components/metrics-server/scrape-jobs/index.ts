import { AnnotationDiscoverySettings, annotationDiscoveryOn, MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { annotatedPodsJob } from "./annotated-pods";
import { annotatedServicesJob } from "./annotated-services";
import { apiserverJob, apiserverReach } from "./apiserver";
import { cadvisorJob } from "./cadvisor";
import { endpointDiscovery } from "./endpoint-discovery";
import { controlPlaneJobs } from "./control-plane";
import { etcdJob, etcdReach } from "./etcd";
import { kubeletJob, kubeletReach } from "./kubelet";
import { kubeStateMetricsJob, kubeStateMetricsReach } from "./kube-state-metrics";
import { nodeExporterJob, nodeExporterReach } from "./node-exporter";
import { logAgentJob, logAgentReach } from "./log-agent";
import { withLimits } from "./limits";
import { ownComponentJobs } from "./own-components";
import { probeJobs } from "./probes";
import { ScrapeReach } from "./reach";
import { selfMonitoringJob, selfMonitoringReach } from "./self";
import { prometheusWebJobs } from "./prometheus-web";
import { alertmanagerWebJobs } from "./alertmanager-web";
import { serviceJob, serviceReach } from "./services";

export { KUBELET_PORT, ScrapeReach } from "./reach";

/** A job and what it connects to; the NetworkPolicies are derived from `reaches`. */
export interface ScrapeJob {
    config: ScrapeConfig;
    reaches: ScrapeReach[];
}

/**
 * Every enabled job with what it reaches, self-monitoring first, then the cluster components,
 * then user services and the annotated pods and services, each with the stack's scrape limits.
 */
export function scrapeJobsWithReach(s: MetricsSettings): ScrapeJob[] {
    const endpoints = endpointDiscovery(s);
    const ne = s.nodeExporterTarget;
    const ksm = s.kubeStateMetricsTarget;
    const jobs: ScrapeJob[] = [
        { config: selfMonitoringJob(s), reaches: selfMonitoringReach(s) },
        // Right after it: the parts of its work that move here while metrics.web or alertmanager.web is set.
        ...prometheusWebJobs(s, endpoints),
        ...alertmanagerWebJobs(s, endpoints),
        ...ownComponentJobs(s),
        ...(s.jobs.kubelet ? [{ config: kubeletJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.cadvisor ? [{ config: cadvisorJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.apiserver ? [{ config: apiserverJob(endpoints), reaches: apiserverReach() }] : []),
        ...(s.jobs.etcd ? [{ config: etcdJob(s), reaches: etcdReach(s) }] : []),
        ...controlPlaneJobs(s),
        ...(s.jobs.logAgent ? [{ config: logAgentJob(s), reaches: logAgentReach(s) }] : []),
        ...(ne ? [{ config: nodeExporterJob(ne), reaches: nodeExporterReach(ne) }] : []),
        ...(ksm ? [{ config: kubeStateMetricsJob(ksm, endpoints), reaches: kubeStateMetricsReach(ksm) }] : []),
        ...s.services.map((svc) => ({ config: serviceJob(svc, endpoints), reaches: serviceReach(svc) })),
        ...(annotationDiscoveryOn(s.annotationDiscovery)
            ? [
                  { config: annotatedPodsJob(s), reaches: annotatedReach(s.annotationDiscovery) },
                  { config: annotatedServicesJob(s, endpoints), reaches: annotatedReach(s.annotationDiscovery) },
              ]
            : []),
        ...probeJobs(s),
    ];
    return jobs.map((j) => ({ ...j, config: withLimits(j.config, s) }));
}

/** A team's annotated pod may serve on any port it names, in any namespace the stack lists (or all). */
function annotatedReach(a: AnnotationDiscoverySettings): ScrapeReach[] {
    return a.clusterWide ? [{ kind: "allNamespaces" }] : (a.namespaces ?? []).map((namespace): ScrapeReach => ({ kind: "namespace", namespace }));
}

/** Every enabled job, in the order of scrapeJobsWithReach. */
export function scrapeJobs(s: MetricsSettings): ScrapeConfig[] {
    return scrapeJobsWithReach(s).map((j) => j.config);
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
