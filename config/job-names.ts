import { JobClaim, reservingClaims } from "./claims/scrape-job-names";
import { METRICS_KEY, MetricsSettings } from "./metrics";
import { Problems } from "./problems";
import { fullKey } from "./source";
import { FamilyFilters } from "./keep-families";

/**
 * A metrics.limits.perJob entry must name a job of the registry (config/claims/scrape-job-names.ts),
 * or a typo would silently leave the limit as it was. A switched-off job counts: its limit waits
 * for the switch. A name that is only a job label (Alertmanager's) does not: limits apply per
 * job_name, so a limit under it would change nothing.
 */
export function checkLimitJobNames(m: MetricsSettings, claims: readonly JobClaim[], problems: Problems): void {
    const names = [...new Set(reservingClaims(claims).filter((c) => !c.labelOnly).map((c) => c.name))];
    for (const job of Object.keys(m.limits.perJob)) {
        if (!names.includes(job)) {
            problems.add(`${fullKey(METRICS_KEY)}.limits.perJob.${job}`, m.limits.perJob[job], `the name of a scrape job: one of ${names.join(", ")}`);
        }
    }
}

/** Every keepFamilies entry names a running job with a table, and a family that job would drop. */
export function checkKeepFamilies(metricsKey: string, keepFamilies: Record<string, readonly string[]>, claims: readonly JobClaim[], filters: FamilyFilters, problems: Problems): void {
    const key = `${fullKey(metricsKey)}.keepFamilies`;
    for (const [job, families] of Object.entries(keepFamilies)) {
        const claim = claims.find((c) => c.name === job && !c.chosen);
        if (!(job in filters)) {
            problems.add(`${key}.${job}`, job, `the label of a job that filters families: one of ${Object.keys(filters).join(", ")}`);
        } else if (claim !== undefined && !claim.on) {
            problems.add(`${key}.${job}`, families, `nothing while ${claim.key} is off: no ${job} job runs`);
        } else {
            families.forEach((family, i) => {
                if (!filters[job](family)) problems.add(`${key}.${job}[${i}]`, family, `a family the ${job} job drops; ${family} is kept already (docs/scrape-jobs.md)`);
            });
        }
    }
}
