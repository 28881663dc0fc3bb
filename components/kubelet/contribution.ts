import { Settings } from "../../config";
import { Component, Contribution } from "../contribution";
import { CADVISOR_FAMILIES } from "./cadvisor-families";
import { cadvisorJob } from "./cadvisor-scrape-job";
import { KUBELET_FAMILIES, KUBELET_SERIES_RULES } from "./families";
import { kubeletJob, kubeletReach } from "./scrape-job";

/** The kubelets' own /metrics and cAdvisor's, each while metrics.jobs says so. */
export function kubeletContribution(s: Settings): Contribution {
    const m = s.metrics;
    return {
        scrapeJobs: {
            cluster: [...(m.jobs.kubelet ? [{ config: kubeletJob(m), reaches: kubeletReach() }] : []), ...(m.jobs.cadvisor ? [{ config: cadvisorJob(m), reaches: kubeletReach() }] : [])],
        },
    };
}

export const KUBELET_FAMILY_TABLES: Component["familyTables"] = {
    kubelet: KUBELET_FAMILIES,
    cadvisor: CADVISOR_FAMILIES.map((f) => ({ family: f.name, keep: f.keep, why: f.why })),
};

export const KUBELET_SERIES_TABLES: Component["seriesTables"] = { kubelet: KUBELET_SERIES_RULES };
