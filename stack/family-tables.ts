import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { SeriesRule } from "../components/common/scrape/series-rules";
import { COMPONENTS } from "./components";

/**
 * Every job that filters families, by its job label, with its table (docs/scrape-jobs.md), from the
 * component list (each component's own tables, stack/components.ts): what
 * metrics.keepFamilies may name, and what the stack output keptFamilies publishes. A family that
 * no row names passes.
 */
export const FAMILY_TABLES: Readonly<Record<string, readonly FamilyRule[]>> = Object.assign({}, ...COMPONENTS.map((c) => c.familyTables ?? {}));

/** Every job's series rules on its kept families, by job label, from the component list: what stack/keep-readers.ts holds to the readers. */
export const SERIES_TABLES: Readonly<Record<string, readonly SeriesRule[]>> = Object.assign({}, ...COMPONENTS.map((c) => c.seriesTables ?? {}));

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
