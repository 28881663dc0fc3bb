import { Settings } from "../config";
import { Composition } from "../components/contribution";
import { contributedNetwork, contributionsOf } from "./contributions";
import { scrapeJobsWithReach } from "./scrape-jobs";

/** The fold that names and resources read, without the rule files and dashboards, which only Prometheus and Grafana render. */
export type Fold = Omit<Composition, "dashboards" | "ruleFiles">;

export function foldOf(s: Settings): Fold {
    const contributions = contributionsOf(s);
    const scrapeJobs = scrapeJobsWithReach(s);
    const alertmanager = contributions.find((c) => c.alertmanager)?.alertmanager;
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
