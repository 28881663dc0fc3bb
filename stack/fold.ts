import { Settings } from "../config";
import { Composition, Contribution } from "../components/contribution";
import { contributedNetwork, contributionsOf } from "./contributions";
import { scrapeJobsWithReach } from "./scrape-jobs";

/** The fold that names and resources read, without the rule files and dashboards, which only Prometheus and Grafana render. */
export type Fold = Omit<Composition, "dashboards" | "ruleFiles">;

export function foldOf(s: Settings): Fold {
    const contributions = contributionsOf(s);
    const scrapeJobs = scrapeJobsWithReach(s);
    const alertmanager = alertmanagerOf(contributions);
    const longTermStore = contributions.find((c) => c.remoteWriteStore)?.remoteWriteStore;
    return {
        scrapeJobs,
        scrapeConfigs: scrapeJobs.map((j) => j.config),
        ...(alertmanager ? { alertmanager } : {}),
        ...(longTermStore ? { longTermStore } : {}),
        namespaceWorkloads: contributions.flatMap((c) => c.namespaceWorkloads ?? []),
        network: contributedNetwork(s),
        ...(s.alertRules.runbookBaseUrl !== undefined ? { runbookBaseUrl: s.alertRules.runbookBaseUrl } : {}),
    };
}

/** Alertmanager's target while it runs: its contribution's, which the fold hands Prometheus and the default rules. */
export function alertmanagerOf(contributions: readonly Contribution[]): Composition["alertmanager"] {
    return contributions.find((c) => c.alertmanager)?.alertmanager;
}
