import { ConfigProblem, fullKey, METRICS_KEY, MetricsSettings, Settings } from "../config";
import { Problems } from "../config/problems";
import { checkJobClaims, JobClaim, reservingClaims } from "../components/common/scrape/job-claims";
import { SCRAPE_SECTIONS } from "../components/contribution";
import { COMPONENTS } from "./components";
import { droppedByTable, FAMILY_TABLES } from "./family-tables";
import { writtenIn } from "./object-names";

/**
 * The one registry of scrape-job names (docs/scrape-jobs.md#job-names), folded over the component
 * list: every name each component may bring (Component.jobNames), in prometheus.yml's order (by
 * section, then the list), with the names that only label another job's series last. Of two names
 * the stack wrote, the later is blamed, so a service is blamed against metrics.name, an extra
 * scrape config against a service, and Alertmanager's name (a job label) against any job. A chosen
 * name the stack file does not set is its default, never the one blamed.
 */
export function stackJobClaims(s: Settings): JobClaim[] {
    const written = writtenIn(s);
    const claims = COMPONENTS.map((c) => c.jobNames?.(s) ?? {});
    const ordered = SCRAPE_SECTIONS.flatMap((section) => claims.flatMap((c) => c[section] ?? []));
    return [...ordered.filter((c) => !c.labelOnly), ...ordered.filter((c) => c.labelOnly)].map((c) =>
        c.chosen && !written(c.key) ? { ...c, defaulted: true } : c,
    );
}

/** The checks over the registry, run while the stack loads (stack/index.ts) with every other problem. */
export function jobNameProblems(s: Settings): ConfigProblem[] {
    const problems = new Problems();
    const claims = stackJobClaims(s);
    checkJobClaims(claims, problems);
    checkLimitJobNames(s.metrics, claims, problems);
    checkKeepFamilies(s.metrics.keepFamilies, claims, problems);
    return problems.all();
}

/**
 * A metrics.limits.perJob entry must name a job of the registry, or a typo would silently leave
 * the limit as it was. A switched-off job counts: its limit waits for the switch. A name that is
 * only a job label (Alertmanager's) does not: limits apply per job_name, so a limit under it
 * would change nothing.
 */
function checkLimitJobNames(m: MetricsSettings, claims: readonly JobClaim[], problems: Problems): void {
    const names = [...new Set(reservingClaims(claims).filter((c) => !c.labelOnly).map((c) => c.name))];
    for (const job of Object.keys(m.limits.perJob)) {
        if (!names.includes(job)) {
            problems.add(`${fullKey(METRICS_KEY)}.limits.perJob.${job}`, m.limits.perJob[job], `the name of a scrape job: one of ${names.join(", ")}`);
        }
    }
}

/** Every metrics.keepFamilies entry names a running job with a family table, and a family that job's table drops. */
function checkKeepFamilies(keepFamilies: Record<string, readonly string[]>, claims: readonly JobClaim[], problems: Problems): void {
    const key = `${fullKey(METRICS_KEY)}.keepFamilies`;
    for (const [job, families] of Object.entries(keepFamilies)) {
        const claim = claims.find((c) => c.name === job && !c.chosen);
        if (!(job in FAMILY_TABLES)) {
            problems.add(`${key}.${job}`, job, `the label of a job that filters families: one of ${Object.keys(FAMILY_TABLES).join(", ")}`);
        } else if (claim !== undefined && !claim.on) {
            problems.add(`${key}.${job}`, families, `nothing while ${claim.key} is off: no ${job} job runs`);
        } else {
            const dropped = droppedByTable(job);
            families.forEach((family, i) => {
                if (!dropped(family)) problems.add(`${key}.${job}[${i}]`, family, `a family the ${job} job drops; ${family} is kept already (docs/scrape-jobs.md)`);
            });
        }
    }
}
