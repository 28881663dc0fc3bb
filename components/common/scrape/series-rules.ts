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
    /**
     * Where the rule thins a histogram (`le`): every bound the exporter writes, +Inf included, so
     * the kept ones are known and each can be held to a reader (stack/keep-readers.ts).
     */
    bounds?: readonly string[];
    /**
     * Where a quantile (histogram_quantile over every bucket) reads the thinned histogram: why the
     * kept bounds are enough for it. Without it, such a reader is a reader of dropped buckets.
     */
    quantiles?: string;
}

/** The `le` rule that keeps `kept` of `bounds` (+Inf is a bound like the others): the dropped ones are the rest. */
export function keepBounds(family: string, bounds: readonly string[], kept: readonly string[], why: string, quantiles?: string): SeriesRule {
    const num = (b: string) => (b === "+Inf" ? Infinity : Number(b));
    const keep = new Set(kept.map(num));
    const values = bounds.filter((b) => !keep.has(num(b)));
    return { family, label: "le", values, why, bounds, ...(quantiles === undefined ? {} : { quantiles }) };
}

/** Bound values match in both forms, `3` and `3.0`: 3.x writes integer bounds as floats (components/common/histogram-bounds.ts). */
export function dropSeries(rule: SeriesRule): RelabelConfig {
    const values = rule.label === "le" ? rule.values.map(boundRegex) : rule.values.map((v) => v.replace(/[.+]/g, "\\$&"));
    return { ...drop(["__name__", rule.label], `${rule.family};(${values.join("|")})`), separator: ";" };
}
