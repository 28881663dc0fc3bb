import { parser } from "@prometheus-io/lezer-promql";
import { CLUSTER_VARIABLE } from "../../components/common/dashboards/cluster-variable";

/**
 * What the deployed Prometheus v2.11.1 understands (docs/design.md#5-runs-on-what-it-deploys).
 * The function list is the `functions` map of promql/functions.go at tag v2.11.1
 * (github.com/prometheus/prometheus, commit b7d5d74fd1cda89e4776de5303dadddfe6954a95); the
 * aggregators are the "Aggregators" of promql/lex.go at that tag. The CHANGELOG dates what came
 * later: absent_over_time and group() in 2.16, the @ modifier in 2.25, last_over_time, sgn, clamp
 * and negative offsets in 2.26, present_over_time in 2.29, trigonometric functions in 2.31,
 * limitk/limit_ratio in 2.54 and quoted (UTF-8) label names in 3.0.
 */
export const PROMETHEUS_2_11_FUNCTIONS: ReadonlySet<string> = new Set([
    "abs", "absent", "avg_over_time", "ceil", "changes", "clamp_max", "clamp_min", "count_over_time", "days_in_month",
    "day_of_month", "day_of_week", "delta", "deriv", "exp", "floor", "histogram_quantile", "holt_winters", "hour",
    "idelta", "increase", "irate", "label_replace", "label_join", "ln", "log10", "log2", "max_over_time",
    "min_over_time", "minute", "month", "predict_linear", "quantile_over_time", "rate", "resets", "round", "scalar",
    "sort", "sort_desc", "sqrt", "stddev_over_time", "stdvar_over_time", "sum_over_time", "time", "timestamp",
    "vector", "year",
]);

export const PROMETHEUS_2_11_AGGREGATORS: ReadonlySet<string> = new Set([
    "sum", "avg", "count", "min", "max", "stddev", "stdvar", "topk", "bottomk", "count_values", "quantile",
]);

/** Syntax the parser accepts that v2.11.1 does not: the @ modifier and quoted label names. */
const LATER_SYNTAX: Readonly<Record<string, string>> = {
    At: "the @ modifier (v2.25)",
    QuotedLabelName: "a quoted label name (v3.0)",
    QuotedLabelMatcher: "a quoted label name (v3.0)",
};

/**
 * Grafana's variables, as Grafana fills them before it sends a query. The values are what the
 * tests use: `$__rate_interval` a window that holds several of the tests' 1s scrapes.
 */
export function fillVariables(expr: string, given: Readonly<Record<string, string>>): string {
    // $cluster is "" unless a test says otherwise: what Grafana gives it on a Prometheus, whose own series carry no cluster label (components/common/dashboards/cluster-variable.ts).
    const values: Readonly<Record<string, string>> = { [CLUSTER_VARIABLE]: "", ...given };
    // A name starts with a letter or _: label_replace's "$1" is a capture group, which Grafana leaves alone.
    return expr.replace(/\$([A-Za-z_]\w*)|\$\{([A-Za-z_]\w*)\}/g, (whole, a, b) => {
        const name = a ?? b;
        if (!(name in values)) {
            throw new Error(`no value for variable ${whole} in ${expr}`);
        }
        return values[name];
    });
}

/** Problems of one query for Prometheus v2.11.1: syntax errors, and functions, aggregators or syntax it lacks. */
export function promqlProblems(expr: string): string[] {
    const problems: string[] = [];
    const cursor = parser.parse(expr).cursor();
    do {
        const text = expr.slice(cursor.from, cursor.to);
        if (cursor.type.isError) {
            problems.push(`syntax error at ${cursor.from}: ${JSON.stringify(expr.slice(cursor.from, cursor.from + 20))}`);
        } else if (cursor.name === "FunctionIdentifier" && !PROMETHEUS_2_11_FUNCTIONS.has(text)) {
            problems.push(`function ${text} is not in Prometheus v2.11.1`);
        } else if (cursor.name === "AggregateOp" && !PROMETHEUS_2_11_AGGREGATORS.has(text)) {
            problems.push(`aggregator ${text} is not in Prometheus v2.11.1`);
        } else if (cursor.name in LATER_SYNTAX) {
            problems.push(`${LATER_SYNTAX[cursor.name]} is not in Prometheus v2.11.1`);
        } else if (cursor.name === "OffsetDurationExpr" && text.trim().startsWith("-")) {
            problems.push("a negative offset (v2.26) is not in Prometheus v2.11.1");
        }
    } while (cursor.next());
    return problems;
}

/** `label_values(<selector>, <label>)`, Grafana's Prometheus variable function, split into its parts. */
export function labelValuesQuery(query: string): { selector: string; label: string } {
    const m = /^label_values\((.+),\s*([a-zA-Z_][a-zA-Z0-9_]*)\)$/.exec(query.trim());
    if (!m) {
        throw new Error(`not a label_values(<selector>, <label>) query: ${query}`);
    }
    return { selector: m[1], label: m[2] };
}
