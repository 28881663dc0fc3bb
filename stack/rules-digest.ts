import { createHash } from "crypto";

/**
 * A digest of one job's metric_relabel_configs. The capacity table (stack/series-per-target.ts)
 * records the digest of the rules each row was counted with; the plan compares it with the
 * stack's own job, and says so when a stack keeps more or less (metrics.keepFamilies, another
 * release line) than the table counted.
 */
export function rulesDigestOf(rules: readonly unknown[] | undefined): string {
    return createHash("sha256")
        .update(JSON.stringify(rules ?? []))
        .digest("hex")
        .slice(0, 16);
}
