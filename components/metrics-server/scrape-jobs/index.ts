import { MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { apiserverJob, apiserverReach } from "./apiserver";
import { cadvisorJob } from "./cadvisor";
import { endpointDiscovery } from "./endpoint-discovery";
import { etcdJob, etcdReach } from "./etcd";
import { kubeletJob, kubeletReach } from "./kubelet";
import { kubeStateMetricsJob, kubeStateMetricsReach } from "./kube-state-metrics";
import { nodeExporterJob, nodeExporterReach } from "./node-exporter";
import { logAgentJob, logAgentReach } from "./log-agent";
import { ScrapeReach } from "./reach";
import { selfMonitoringJob, selfMonitoringReach } from "./self";
import { serviceJob, serviceReach } from "./services";

export { KUBELET_PORT, ScrapeReach } from "./reach";

/** A job and what it connects to; the NetworkPolicies are derived from `reaches`. */
export interface ScrapeJob {
    config: ScrapeConfig;
    reaches: ScrapeReach[];
}

/** Every enabled job with what it reaches, self-monitoring first, then the cluster components, then user services. */
export function scrapeJobsWithReach(s: MetricsSettings): ScrapeJob[] {
    const endpoints = endpointDiscovery(s);
    const ne = s.nodeExporterTarget;
    const ksm = s.kubeStateMetricsTarget;
    return [
        { config: selfMonitoringJob(s), reaches: selfMonitoringReach(s) },
        ...(s.jobs.kubelet ? [{ config: kubeletJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.cadvisor ? [{ config: cadvisorJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.apiserver ? [{ config: apiserverJob(endpoints), reaches: apiserverReach() }] : []),
        ...(s.jobs.etcd ? [{ config: etcdJob(s), reaches: etcdReach(s) }] : []),
        ...(s.jobs.logAgent ? [{ config: logAgentJob(s), reaches: logAgentReach(s) }] : []),
        ...(ne ? [{ config: nodeExporterJob(ne), reaches: nodeExporterReach(ne) }] : []),
        ...(ksm ? [{ config: kubeStateMetricsJob(ksm, endpoints), reaches: kubeStateMetricsReach(ksm) }] : []),
        ...s.services.map((svc) => ({ config: serviceJob(svc, endpoints), reaches: serviceReach(svc) })),
    ];
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

/** Cluster-scoped discovery (role node) lists nodes, which no namespaced Role can grant. */
export function needsNodeDiscovery(s: MetricsSettings): boolean {
    return scrapeJobs(s).some((job) => (job.kubernetes_sd_configs ?? []).some((sd) => sd.role === "node"));
}
