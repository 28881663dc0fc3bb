import { Settings } from "../config";
import { ScrapeConfig } from "../components/common/scrape/prometheus-config-types";
import { SCRAPE_SECTIONS } from "../components/contribution";
import { contributionsOf } from "./contributions";

export { KUBELET_PORT, ScrapeReach } from "../components/common/scrape/reach";

export { ScrapeJob } from "../components/common/scrape/scrape-job";
import { ScrapeJob } from "../components/common/scrape/scrape-job";

/**
 * Every job the components contribute, with what it reaches: section by section (Prometheus'
 * own first, the stack's extra scrape configs last), each section in the order of the component
 * list, each job then as the scraping server takes it (Contribution.everyJob: Prometheus' scrape
 * limits and the families metrics.keepFamilies brings back).
 */
export function scrapeJobsWithReach(s: Settings): ScrapeJob[] {
    let found = JOBS.get(s);
    if (found === undefined) {
        found = foldJobs(s);
        JOBS.set(s, found);
    }
    return found;
}

/** Settings are never changed once loaded: the registry, the fold and the program all read one list of jobs. */
const JOBS = new WeakMap<Settings, ScrapeJob[]>();

function foldJobs(s: Settings): ScrapeJob[] {
    const contributions = contributionsOf(s);
    const jobs = SCRAPE_SECTIONS.flatMap((section) => contributions.flatMap((c) => c.scrapeJobs?.[section] ?? []));
    const everyJob = contributions.flatMap((c) => (c.everyJob ? [c.everyJob] : []));
    return jobs.map((j) => ({ ...j, config: everyJob.reduce((config, finish) => finish(config), j.config) }));
}

/** Every enabled job, in the order of scrapeJobsWithReach. */
export function scrapeJobs(s: Settings): ScrapeConfig[] {
    return scrapeJobsWithReach(s).map((j) => j.config);
}
