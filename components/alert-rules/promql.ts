import { parser } from "@prometheus-io/lezer-promql";

/**
 * PromQL checked with the Prometheus project's own grammar (@prometheus-io/lezer-promql), then
 * held to what Prometheus v2.11.1 evaluates: the grammar is the newest one, so it accepts
 * functions, aggregations and modifiers that the deployed server would refuse at rule load.
 * Sets taken from the Prometheus CHANGELOG (docs/alerting.md#what-v2111-accepts).
 */

/** Functions of v2.11.1: the v2.11 function list; later ones are named where they arrived. */
export const FUNCTIONS_2_11: ReadonlySet<string> = new Set([
    "abs", "absent", "avg_over_time", "ceil", "changes", "clamp_max", "clamp_min", "count_over_time",
    "day_of_month", "day_of_week", "days_in_month", "delta", "deriv", "exp", "floor", "histogram_quantile",
    "holt_winters", "hour", "idelta", "increase", "irate", "label_join", "label_replace", "ln", "log10", "log2",
    "max_over_time", "min_over_time", "minute", "month", "predict_linear", "quantile_over_time", "rate", "resets",
    "round", "scalar", "sort", "sort_desc", "sqrt", "stddev_over_time", "stdvar_over_time", "sum_over_time",
    "time", "timestamp", "vector", "year",
]);

/** Aggregation operators of v2.11.1 (`group` came in 2.20, `limitk` and `limit_ratio` in 2.54). */
export const AGGREGATIONS_2_11: ReadonlySet<string> = new Set([
    "sum", "min", "max", "avg", "stddev", "stdvar", "count", "count_values", "bottomk", "topk", "quantile",
]);

/** Grammar nodes of syntax that v2.11.1 lacks: the `@` modifier (2.25), quoted UTF-8 names (3.0). */
const LATER_SYNTAX: Readonly<Record<string, string>> = {
    At: "the @ modifier (Prometheus 2.25)",
    QuotedLabelName: "a quoted label name (Prometheus 3.0)",
    QuotedLabelMatcher: "a quoted metric or label name (Prometheus 3.0)",
    Smoothed: "the smoothed modifier (Prometheus 3.x)",
    Anchored: "the anchored modifier (Prometheus 3.x)",
};

/** A duration as v2.11 parses it: one number, one unit (arithmetic and mixed units came later). */
const DURATION_2_11 = /^[0-9]+(ms|s|m|h|d|w|y)$/;

/** A number literal as v2.11 lexes it: decimal, exponent, hex, Inf or NaN. */
const NUMBER_2_11 = /^([0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|0[xX][0-9a-fA-F]+|[iI][nN][fF]|[nN][aA][nN])$/;

export interface PromqlSelector {
    metric?: string;
    /** `label`, `=`, `value` as written; enough to see which series a selector names. */
    matchers: { label: string; op: string; value: string }[];
}

export interface PromqlAnalysis {
    /** Syntax errors and v2.11.1 incompatibilities, each with its line:column in the expression. */
    problems: string[];
    functions: string[];
    aggregations: string[];
    selectors: PromqlSelector[];
}

function position(expr: string, offset: number): string {
    const before = expr.slice(0, offset).split("\n");
    return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

function unquote(literal: string): string {
    try {
        return literal.startsWith("`") ? literal.slice(1, -1) : JSON.parse(literal.startsWith("'") ? `"${literal.slice(1, -1)}"` : literal);
    } catch {
        return literal.slice(1, -1);
    }
}

export function analyzePromql(expr: string): PromqlAnalysis {
    const result: PromqlAnalysis = { problems: [], functions: [], aggregations: [], selectors: [] };
    const at = (from: number, what: string) => result.problems.push(`${what} at ${position(expr, from)}`);
    const text = (from: number, to: number) => expr.slice(from, to);
    if (expr.trim() === "") {
        result.problems.push("an expression, not an empty string");
        return result;
    }
    const cursor = parser.parse(expr).cursor();
    do {
        const { name, from, to } = cursor;
        if (cursor.type.isError) {
            const near = from >= expr.length ? "the end of the expression" : `"${text(from, Math.min(from + 12, expr.length))}"`;
            at(from, `a syntax error at ${near}`);
        } else if (name === "NumberDurationLiteral" && !NUMBER_2_11.test(text(from, to))) {
            at(from, `the number "${text(from, to)}", where Prometheus v2.11.1 takes a plain number (durations as numbers came in 3.x)`);
        } else if (name in LATER_SYNTAX) {
            at(from, `${LATER_SYNTAX[name]}, which Prometheus v2.11.1 does not parse`);
        } else if (name === "FunctionIdentifier") {
            const fn = text(from, to);
            result.functions.push(fn);
            if (!FUNCTIONS_2_11.has(fn)) {
                at(from, `the function ${fn}, which Prometheus v2.11.1 does not have`);
            }
        } else if (name === "AggregateOp") {
            const op = text(from, to);
            result.aggregations.push(op);
            if (!AGGREGATIONS_2_11.has(op)) {
                at(from, `the aggregation ${op}, which Prometheus v2.11.1 does not have`);
            }
        } else if (name === "DurationExpr" || name === "OffsetExpr") {
            checkDurations(cursor.node, expr, at);
        } else if (name === "VectorSelector") {
            result.selectors.push(selector(cursor.node, expr));
        }
    } while (cursor.next());
    result.problems = [...new Set(result.problems)];
    return result;
}

type SyntaxNode = ReturnType<ReturnType<typeof parser.parse>["cursor"]>["node"];

/** A range or offset: one literal duration, not a negative offset (2.26) or arithmetic (3.x). */
function checkDurations(node: SyntaxNode, expr: string, at: (from: number, what: string) => void): void {
    const literal = node.name === "OffsetExpr" ? node.lastChild : node;
    if (literal === null) {
        return;
    }
    const written = expr.slice(literal.from, literal.to).trim();
    if (!DURATION_2_11.test(written)) {
        at(literal.from, `the duration "${written}", where Prometheus v2.11.1 takes one number and one unit such as 5m`);
    }
}

function selector(node: SyntaxNode, expr: string): PromqlSelector {
    const out: PromqlSelector = { matchers: [] };
    const identifier = node.getChild("Identifier");
    if (identifier) {
        out.metric = expr.slice(identifier.from, identifier.to);
    }
    const matchers = node.getChild("LabelMatchers");
    for (let m = matchers?.firstChild ?? null; m; m = m.nextSibling) {
        const label = m.getChild("LabelName");
        const op = m.getChild("MatchOp");
        const value = m.getChild("StringLiteral");
        if (label && op && value) {
            out.matchers.push({ label: expr.slice(label.from, label.to), op: expr.slice(op.from, op.to), value: unquote(expr.slice(value.from, value.to)) });
        }
    }
    if (out.metric === undefined) {
        const name = out.matchers.find((m) => m.label === "__name__" && m.op === "=");
        out.metric = name?.value;
    }
    return out;
}
