import { MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
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
import { serviceJob } from "./services";

/** Every enabled job, self-monitoring first, then the cluster components, then user services. */
export function scrapeJobs(s: MetricsSettings): ScrapeConfig[] {
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

/** Cluster-scoped discovery (role node) lists nodes, which no namespaced Role can grant. */
export function needsNodeDiscovery(s: MetricsSettings): boolean {
    return scrapeJobs(s).some((job) => (job.kubernetes_sd_configs ?? []).some((sd) => sd.role === "node"));
}
