import { RelabelConfig } from "./prometheus-config-types";
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
