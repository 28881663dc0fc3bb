import { z } from "zod";
import { stringList } from "./fields";

/** A metric family's name, whole: a table row may end in `*`, a family a stack keeps may not. */
function familyName(value: string): string | undefined {
    return /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(value) ? undefined : "a metric family's whole name (letters, digits, _ and :), such as kubelet_pleg_relist_duration_seconds_bucket";
}

/**
 * `metrics.keepFamilies`: families a job's table drops that the stack keeps anyway, by job label,
 * for its own rules and dashboards (docs/scrape-jobs.md#keep-more). Each one costs ingest; the
 * stack output keptFamilies lists what every job keeps.
 */
export const keepFamiliesSchema = z
    .record(z.string(), stringList(familyName), { error: "a map of job labels to lists of family names" })
    .default({});
