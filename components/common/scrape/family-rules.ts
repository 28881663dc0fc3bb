import { RelabelConfig, ScrapeConfig } from "./prometheus-config-types";
import { drop } from "./relabel";

/**
 * A row of a job's family table (docs/scrape-jobs.md): a metric family, or with a trailing `*`
 * every family that starts with the rest, whether the job keeps it, and why. A family that no
 * row matches is kept, so a family a new exporter release adds shows up rather than vanishing.
 */
export interface FamilyRule {
    family: string;
    keep: boolean;
    why: string;
}

export const keptFamily = (family: string, why: string): FamilyRule => ({ family, keep: true, why });
export const droppedFamily = (family: string, why: string): FamilyRule => ({ family, keep: false, why });

/** The three series of a classic histogram. */
export type HistogramPart = "bucket" | "count" | "sum";

/**
 * A histogram's rows, one per part: the parts its readers read kept for `why`, the others dropped.
 * A row `X*` would keep all three, and a part no query reads (most often _sum, for a mean no panel
 * shows) is one series per label set kept for nothing (stack/keep-readers.ts finds them).
 */
export function histogramFamilies(base: string, read: readonly HistogramPart[], why: string): FamilyRule[] {
    return (["bucket", "count", "sum"] as const).map((part) =>
        read.includes(part) ? keptFamily(`${base}_${part}`, why) : droppedFamily(`${base}_${part}`, `the histogram's _${part}: no rule, panel or variable reads it (stack/keep-readers.ts)`),
    );
}

/** The RE2 pattern of one row; family names hold no regex metacharacters but the trailing `*`. */
export function familyPattern(family: string): string {
    return family.endsWith("*") ? `${family.slice(0, -1)}.*` : family;
}

/** Whether a metric name matches a row, for tests and benchmarks that check the rule independently. */
export function matchesFamily(rule: FamilyRule, name: string): boolean {
    return rule.family.endsWith("*") ? name.startsWith(rule.family.slice(0, -1)) : name === rule.family;
}

/** One drop rule for every dropped row; Prometheus anchors the regex, so a name matches whole. */
export function dropFamilies(rules: readonly FamilyRule[]): RelabelConfig {
    return drop(["__name__"], `(${rules.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`);
}

/**
 * A temporary label that marks the series of families a stack keeps beyond the table
 * (metrics.keepFamilies). Prometheus reserves `__tmp` labels for relabelling's own use.
 */
export const KEEP_MARK = "__tmp_kept_by_stack";

/** Whether a rule is a job's family filter: a drop on the metric name alone, as dropFamilies writes it. */
function isFamilyDrop(r: RelabelConfig): boolean {
    return r.action === "drop" && r.source_labels?.length === 1 && r.source_labels[0] === "__name__";
}

/**
 * The job, with `families` let through its family filter: a first rule marks their series, the
 * filter drops only unmarked ones, and the mark goes before anything is stored. Drop lists hold
 * patterns (`apiserver_storage_*`), and RE2 has no "all of these but that", hence the mark.
 */
export function keepDroppedFamilies(job: ScrapeConfig, families: readonly string[]): ScrapeConfig {
    const rules = job.metric_relabel_configs ?? [];
    const first = rules.findIndex(isFamilyDrop);
    if (families.length === 0 || first < 0) return job;
    const mark: RelabelConfig = { action: "replace", source_labels: ["__name__"], regex: `(${families.join("|")})`, target_label: KEEP_MARK, replacement: "kept" };
    const unmarked = (r: RelabelConfig): RelabelConfig => ({ ...r, source_labels: [KEEP_MARK, "__name__"], separator: ";", regex: `;${r.regex}` });
    return {
        ...job,
        metric_relabel_configs: [...rules.slice(0, first), mark, ...rules.slice(first).map((r) => (isFamilyDrop(r) ? unmarked(r) : r)), { action: "labeldrop", regex: KEEP_MARK }],
    };
}
