/**
 * What a stack's `--enable-feature` flags add to its line's PromQL (issue #41, class 10: a rule
 * the server evaluates must not be refused because the check ignored a flag the stack passes,
 * and a rule it refuses without the flag must stay refused). The line's dialect (promql.ts) is
 * what every server of the line parses with no flag; this table is what each minor's flags
 * switch on, read from the sources at the tags v2.53.0, v2.55.0 and v3.5.0 ... v3.14.0:
 * - promql/parser/functions.go: the `Experimental: true` entries, which generated_parser.y
 *   refuses unless EnableExperimentalFunctions ("function %q is not enabled");
 * - promql/parser/parse.go: limitk and limit_ratio refused unless EnableExperimentalFunctions
 *   (2.55: `ret.Op == LIMITK || ret.Op == LIMIT_RATIO`; 3.x: lex.go IsExperimentalAggregator);
 *   v2.53.0's lexer has no limitk at all;
 * - parse.go experimentalDurationExpr (ExperimentalDurationExpr) and setAnchored/setSmoothed
 *   (EnableExtendedRangeSelectors, from v3.7.0); generated_parser.y's STEP (v3.7.0) and RANGE
 *   (v3.10.0) duration-expression tokens;
 * - cmd/prometheus/main.go's `--enable-feature` switch: promql-experimental-functions sets
 *   EnableExperimentalFunctions (v2.53.0 on), promql-duration-expr sets ExperimentalDurationExpr
 *   (v3.5.0 on; a no-op at v3.14.0, whose parser options default it to true),
 *   promql-extended-range-selectors (v3.7.0 on). Rules are parsed by the same parser (3.14: the
 *   one promqlParser handed to rules.ParseFiles and the rule manager; earlier: package globals).
 * v2.11.1 has no --enable-feature flag (metrics.extra.args refuses it there, flags.ts).
 */
export const EXPERIMENTAL_FUNCTIONS_FEATURE = "promql-experimental-functions";
export const DURATION_EXPR_FEATURE = "promql-duration-expr";
export const EXTENDED_RANGE_SELECTORS_FEATURE = "promql-extended-range-selectors";

/** The features above: those that change what a rule may say. Others (exemplar-storage ...) do not. */
export const PROMQL_FEATURES: readonly string[] = [EXPERIMENTAL_FUNCTIONS_FEATURE, DURATION_EXPR_FEATURE, EXTENDED_RANGE_SELECTORS_FEATURE];

export interface MinorGates {
    /** `Experimental: true` in functions.go at the tag. */
    functions: readonly string[];
    /** Aggregations behind promql-experimental-functions. */
    aggregations: readonly string[];
    /** Stable at the tag though the line's dialect (v3.5's set) lacks them. */
    stable?: readonly string[];
    /** Duration arithmetic: behind promql-duration-expr ("flag"), always on ("default"), or absent. */
    durationExpr?: "flag" | "default";
    /** Words a duration expression may call: step() from v3.7.0, range() from v3.10.0. */
    durationWords?: readonly string[];
    /** smoothed and anchored behind promql-extended-range-selectors. */
    extendedRangeSelectors?: boolean;
}

const F_2_53 = ["mad_over_time", "sort_by_label", "sort_by_label_desc"];
const F_2_55 = [...F_2_53, "info"];
const F_3_5 = [...F_2_55, "double_exponential_smoothing", "ts_of_last_over_time", "ts_of_max_over_time", "ts_of_min_over_time"];
const F_3_7 = [...F_3_5, "first_over_time", "ts_of_first_over_time"];
const F_3_11 = [...F_3_7, "histogram_quantiles"];
// 3.12 and 3.13 add start, end, step and range to the table (duration-expression words; the
// grammar's own tokens), 3.13 max_of and min_of, which @prometheus-io/lezer-promql 0.315 does not
// parse: promql.ts masks a call the grammar lacks, so the dialect decides them like any other.
const F_3_13 = [...F_3_11, "max_of", "min_of"];
const LIMIT = ["limitk", "limit_ratio"];
const G_3_5: MinorGates = { functions: F_3_5, aggregations: LIMIT, durationExpr: "flag" };
const G_3_7: MinorGates = { functions: F_3_7, aggregations: LIMIT, durationExpr: "flag", durationWords: ["step"], extendedRangeSelectors: true };
const G_3_10: MinorGates = { ...G_3_7, durationWords: ["step", "range"] };

/** By major.minor; a minor missing here has no --enable-feature (2.11). */
const GATES: Readonly<Record<string, MinorGates>> = {
    "2.53": { functions: F_2_53, aggregations: [] },
    "2.55": { functions: F_2_55, aggregations: LIMIT },
    "3.5": G_3_5,
    "3.6": G_3_5,
    "3.7": G_3_7,
    "3.8": G_3_7,
    "3.9": G_3_7,
    "3.10": G_3_10,
    "3.11": { ...G_3_10, functions: F_3_11 },
    "3.12": { ...G_3_10, functions: F_3_11 },
    "3.13": { ...G_3_10, functions: F_3_13 },
    // v3.14.0: first_over_time is stable; ts_of_first_over_time and start_timestamp experimental.
    "3.14": { ...G_3_10, functions: [...F_3_13.filter((f) => f !== "first_over_time"), "start_timestamp"], stable: ["first_over_time"], durationExpr: "default" },
};

/** The kingpin flag, repeatable, each a comma-separated list; Prometheus trims each name (main.go). */
const ENABLE_FEATURE = "--enable-feature";

/** Every feature `args` enables: the one reading of --enable-feature, for the hatch check and the PromQL check alike. */
export function enabledFeatures(args: readonly string[] | undefined): string[] {
    // "--enable-feature" alone, or "--enable-feature=": no feature (main.go's `case "":`).
    return (args ?? []).filter((a) => a.split("=")[0] === ENABLE_FEATURE).flatMap((a) => a.slice(ENABLE_FEATURE.length + 1).split(",").map((f) => f.trim()).filter((f) => f !== ""));
}

/** The features of `args` that change what PromQL may say: what the team contract publishes. */
export function promqlFeaturesOf(args: readonly string[] | undefined): string[] {
    return [...new Set(enabledFeatures(args).filter((f) => PROMQL_FEATURES.includes(f)))].sort();
}

function minorOf(version: string | undefined): string | undefined {
    return version === undefined ? undefined : version.split(".").slice(0, 2).join(".");
}

/** The minors whose flag enables `name` (a function or aggregation), for the message on a line that cannot. */
function minorsEnabling(name: string): string[] {
    return Object.entries(GATES).filter(([, g]) => g.functions.includes(name) || g.aggregations.includes(name)).map(([m]) => m);
}

/** "2.55, 3.5 to 3.14": the minors run together. */
function runs(minors: readonly string[]): string {
    const order = Object.keys(GATES);
    const out: string[][] = [];
    for (const m of minors) {
        const last = out[out.length - 1];
        if (last && order.indexOf(m) === order.indexOf(last[last.length - 1]) + 1 && m.split(".")[0] === last[0].split(".")[0]) {
            last.push(m);
        } else {
            out.push([m]);
        }
    }
    return out.map((r) => (r.length === 1 ? r[0] : `${r[0]} to ${r[r.length - 1]}`)).join(", ");
}

/**
 * Why an experimental function or aggregation is refused where no gate of the dialect names it:
 * which feature enables it on which minors, or that the name is no experimental one.
 */
export function experimentalElsewhere(name: string, kind: "function" | "aggregation"): string | undefined {
    const minors = minorsEnabling(name);
    return minors.length === 0 ? undefined : `it is an experimental ${kind}, behind --enable-feature=${EXPERIMENTAL_FUNCTIONS_FEATURE} on Prometheus ${runs(minors)}`;
}

/** What the flags of a minor (major.minor of `version`) gate; undefined where it has no --enable-feature. */
export function gatesOf(version: string | undefined): MinorGates | undefined {
    const minor = minorOf(version);
    return minor === undefined ? undefined : GATES[minor];
}
