import { CONTROL_PLANE_JOB_NAMES } from "../config/control-plane";
import { KUBE_STATE_METRICS_JOB_NAME, NODE_EXPORTER_JOB_NAME } from "../config/fixed-job-names";
import { OWN_JOB_NAMES } from "../config/own-targets";
import { APISERVER_FAMILIES } from "../components/apiserver/families";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { CONTROLLER_MANAGER_FAMILIES } from "../components/control-plane/controller-manager-families";
import { COREDNS_FAMILIES } from "../components/control-plane/coredns-families";
import { KUBE_PROXY_FAMILIES } from "../components/control-plane/kube-proxy-families";
import { SCHEDULER_FAMILIES } from "../components/control-plane/scheduler-families";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { KUBELET_FAMILIES } from "../components/kubelet/families";
import { KUBE_STATE_METRICS_FAMILIES } from "../components/kube-state-metrics/families";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";
import { ELASTICSEARCH_FAMILIES } from "../components/search-store/exporter-families";

/**
 * Every job that filters families, by its job label, with its table (docs/scrape-jobs.md): what
 * metrics.keepFamilies may name, and what the stack output keptFamilies publishes. A family that
 * no row names passes.
 */
export const FAMILY_TABLES: Readonly<Record<string, readonly FamilyRule[]>> = {
    kubelet: KUBELET_FAMILIES,
    cadvisor: CADVISOR_FAMILIES.map((f) => ({ family: f.name, keep: f.keep, why: f.why })),
    apiserver: APISERVER_FAMILIES,
    [NODE_EXPORTER_JOB_NAME]: NODE_EXPORTER_FAMILIES,
    [KUBE_STATE_METRICS_JOB_NAME]: KUBE_STATE_METRICS_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.coreDns]: COREDNS_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.scheduler]: SCHEDULER_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.controllerManager]: CONTROLLER_MANAGER_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.kubeProxy]: KUBE_PROXY_FAMILIES,
    [OWN_JOB_NAMES.searchStore]: ELASTICSEARCH_FAMILIES,
};

/** Whether the job's own table drops `family`: what keepFamilies may bring back. */
export function droppedByTable(job: string): (family: string) => boolean {
    const table = FAMILY_TABLES[job] ?? [];
    return (family) => table.some((r) => !r.keep && matchesFamily(r, family));
}

/**
 * What one job keeps and drops by name: the stack output keptFamilies, for teams that write rules
 * on what the platform keeps. `kept` has the stack's additions (metrics.keepFamilies), which pass
 * even where a `dropped` pattern covers them.
 */
export interface KeptFamilies {
    kept: string[];
    dropped: string[];
    /** Families that no row names are kept too, so an exporter's newest families are not lost. */
    unlisted: "kept";
}

export function keptFamiliesOf(runningJobs: readonly string[], keepFamilies: Readonly<Record<string, readonly string[]>>): Record<string, KeptFamilies> {
    return Object.fromEntries(
        runningJobs
            .filter((job) => job in FAMILY_TABLES)
            .map((job): [string, KeptFamilies] => {
                const rows = FAMILY_TABLES[job];
                const kept = [...rows.filter((r) => r.keep).map((r) => r.family), ...(keepFamilies[job] ?? [])];
                return [job, { kept, dropped: rows.filter((r) => !r.keep).map((r) => r.family), unlisted: "kept" }];
            }),
    );
}
