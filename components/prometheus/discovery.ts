import { MetricsSettings } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { AlertmanagerTarget } from "../alertmanager/target";

/**
 * Namespaces that need a discovery Role: the configured ones plus every namespace an enabled
 * job or the Alertmanager discovery looks in, so none can be blind for lack of RBAC.
 */
export function discoveryNamespaces(s: Pick<MetricsSettings, "discoveryNamespaces">, jobs: readonly ScrapeConfig[], alertmanager?: AlertmanagerTarget): string[] {
    const wanted = [...s.discoveryNamespaces, ...(alertmanager ? [alertmanager.namespace] : [])];
    for (const job of jobs) {
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
export function clusterWideDiscoveryRoles(jobs: readonly ScrapeConfig[]): string[] {
    const roles = jobs.flatMap((job) => (job.kubernetes_sd_configs ?? []).filter((sd) => sd.role !== "node" && sd.namespaces === undefined).map((sd) => sd.role));
    return [...new Set(roles)];
}

/** Cluster-scoped discovery (role node) lists nodes, which no namespaced Role can grant. */
export function needsNodeDiscovery(jobs: readonly ScrapeConfig[]): boolean {
    return jobs.some((job) => (job.kubernetes_sd_configs ?? []).some((sd) => sd.role === "node"));
}
