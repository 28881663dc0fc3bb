import { JobClaim, reservingClaims } from "./claims/scrape-job-names";
import { METRICS_KEY, MetricsSettings } from "./metrics";
import { Problems } from "./problems";
import { fullKey } from "./source";

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
