import { RelabelConfig } from "./prometheus-config-types";
import { drop } from "./relabel";
import { boundRegex } from "../histogram-bounds";

/**
 * Rules on a label of a kept family: the series of `family` whose `label` is one of `values` are
 * dropped. Used to thin a kept histogram to the bounds that its readers need (`le`), or to leave
 * out label values whose series measure nothing (the API server's WATCH latency).
 */
export interface SeriesRule {
    family: string;
    label: string;
    values: readonly string[];
    why: string;
}

/** Bound values match in both forms, `3` and `3.0`: 3.x writes integer bounds as floats (components/common/histogram-bounds.ts). */
export function dropSeries(rule: SeriesRule): RelabelConfig {
    const values = rule.label === "le" ? rule.values.map(boundRegex) : rule.values.map((v) => v.replace(/[.+]/g, "\\$&"));
    return { ...drop(["__name__", rule.label], `${rule.family};(${values.join("|")})`), separator: ";" };
}
