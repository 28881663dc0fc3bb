import { Settings } from "../../config";
import { Component, Contribution } from "../contribution";
import { CONTROLLER_MANAGER_FAMILIES } from "./controller-manager-families";
import { COREDNS_FAMILIES } from "./coredns-families";
import { etcdJob, etcdReach } from "./etcd-scrape-job";
import { KUBE_PROXY_FAMILIES } from "./kube-proxy-families";
import { SCHEDULER_FAMILIES } from "./scheduler-families";
import { controlPlaneJobs } from "./scrape-jobs";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/** etcd, while metrics.jobs.etcd says so, then the control-plane components that cluster-monitoring:controlPlane says run. */
export function controlPlaneContribution(s: Settings): Contribution {
    const m = s.metrics;
    return { scrapeJobs: { cluster: [...(m.jobs.etcd ? [{ config: etcdJob(m), reaches: etcdReach(m) }] : []), ...controlPlaneJobs(m, s.controlPlane)] } };
}

export const CONTROL_PLANE_FAMILY_TABLES: Component["familyTables"] = {
    [CONTROL_PLANE_JOB_NAMES.coreDns]: COREDNS_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.scheduler]: SCHEDULER_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.controllerManager]: CONTROLLER_MANAGER_FAMILIES,
    [CONTROL_PLANE_JOB_NAMES.kubeProxy]: KUBE_PROXY_FAMILIES,
};
