import { parser } from "@prometheus-io/lezer-promql";

/**
 * PromQL checked with the Prometheus project's own grammar (@prometheus-io/lezer-promql), then
 * held to what the deployed Prometheus release evaluates: the grammar is the newest one, so it
 * accepts functions, aggregations and modifiers that an older server would refuse at rule load.
 * Each dialect below is one release line of docs/prometheus-versions.md; the sets come from the
 * `Functions` table of promql/parser/functions.go at each tag, experimental (feature-flagged)
 * functions left out because the program passes no feature flag (docs/alerting.md#what-v2111-accepts).
 */
export interface PromqlDialect {
    /** How messages name the release, e.g. "Prometheus v2.11.1". */
    server: string;
    functions: ReadonlySet<string>;
    aggregations: ReadonlySet<string>;
    /** Grammar nodes the release does not parse, and what to call them. */
    laterSyntax: Readonly<Record<string, string>>;
    /** A range or offset duration as the release parses it. */
    duration: RegExp;
    /** The duration forms the release takes, for messages. */
    durationExample: string;
}

/** Functions of v2.11.1: the v2.11 function list; later ones are named where they arrived. */
export const FUNCTIONS_2_11: ReadonlySet<string> = new Set([
    "abs", "absent", "avg_over_time", "ceil", "changes", "clamp_max", "clamp_min", "count_over_time",
    "day_of_month", "day_of_week", "days_in_month", "delta", "deriv", "exp", "floor", "histogram_quantile",
    "holt_winters", "hour", "idelta", "increase", "irate", "label_join", "label_replace", "ln", "log10", "log2",
    "max_over_time", "min_over_time", "minute", "month", "predict_linear", "quantile_over_time", "rate", "resets",
    "round", "scalar", "sort", "sort_desc", "sqrt", "stddev_over_time", "stdvar_over_time", "sum_over_time",
    "time", "timestamp", "vector", "year",
]);

/**
 * The stable functions of v2.53 and v2.55 (same set: 2.55 added only the experimental `info`).
 * Experimental there, so refused: mad_over_time, sort_by_label, sort_by_label_desc.
 */
export const FUNCTIONS_2_53: ReadonlySet<string> = new Set([
    ...FUNCTIONS_2_11,
    "absent_over_time", "acos", "acosh", "asin", "asinh", "atan", "atanh", "clamp", "cos", "cosh", "day_of_year",
    "deg", "histogram_avg", "histogram_count", "histogram_fraction", "histogram_stddev", "histogram_stdvar",
    "histogram_sum", "last_over_time", "pi", "present_over_time", "rad", "sgn", "sin", "sinh", "tan", "tanh",
]);

/**
 * The stable functions of v3.5, which every later 3.x keeps (3.x only adds). 3.0 renamed
 * holt_winters to double_exponential_smoothing behind the promql-experimental-functions flag
 * (the Prometheus 3.0 migration guide), so neither name is allowed here.
 */
export const FUNCTIONS_3_5: ReadonlySet<string> = new Set([...FUNCTIONS_2_53].filter((f) => f !== "holt_winters"));

/** Aggregation operators of v2.11.1 (`group` came in 2.20, `limitk` and `limit_ratio` in 2.54). */
export const AGGREGATIONS_2_11: ReadonlySet<string> = new Set([
    "sum", "min", "max", "avg", "stddev", "stdvar", "count", "count_values", "bottomk", "topk", "quantile",
]);

/** 2.53 to 3.x: `group` added; limitk and limit_ratio stay behind the experimental flag. */
export const AGGREGATIONS_2_53: ReadonlySet<string> = new Set([...AGGREGATIONS_2_11, "group"]);

/** Grammar nodes of syntax that v2.11.1 lacks: the `@` modifier (2.25), quoted UTF-8 names (3.0). */
const LATER_SYNTAX: Readonly<Record<string, string>> = {
    At: "the @ modifier (Prometheus 2.25)",
    QuotedLabelName: "a quoted label name (Prometheus 3.0)",
    QuotedLabelMatcher: "a quoted metric or label name (Prometheus 3.0)",
    Smoothed: "the smoothed modifier (Prometheus 3.x)",
    Anchored: "the anchored modifier (Prometheus 3.x)",
};

/** Still behind feature flags in 3.x, which the program does not pass. */
const EXPERIMENTAL_SYNTAX: Readonly<Record<string, string>> = {
    Smoothed: LATER_SYNTAX.Smoothed,
    Anchored: LATER_SYNTAX.Anchored,
};

/** A duration as v2.11 parses it: one number, one unit (arithmetic and mixed units came later). */
const DURATION_2_11 = /^[0-9]+(ms|s|m|h|d|w|y)$/;

/** Composite durations such as 1h30m (2.21) and negative offsets (2.26, on by default since 2.33). */
const DURATION_MODERN = /^-?([0-9]+(ms|s|m|h|d|w|y))+$/;

/** A number literal as v2.11 lexes it: decimal, exponent, hex, Inf or NaN. */
const NUMBER_2_11 = /^([0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|0[xX][0-9a-fA-F]+|[iI][nN][fF]|[nN][aA][nN])$/;

export const PROMQL_2_11: PromqlDialect = {
    server: "Prometheus v2.11.1",
    functions: FUNCTIONS_2_11,
    aggregations: AGGREGATIONS_2_11,
    laterSyntax: LATER_SYNTAX,
    duration: DURATION_2_11,
    durationExample: "one number and one unit such as 5m",
};

export const PROMQL_2_53: PromqlDialect = {
    server: "Prometheus 2.53 and 2.55",
    functions: FUNCTIONS_2_53,
    aggregations: AGGREGATIONS_2_53,
    laterSyntax: { QuotedLabelName: LATER_SYNTAX.QuotedLabelName, QuotedLabelMatcher: LATER_SYNTAX.QuotedLabelMatcher, ...EXPERIMENTAL_SYNTAX },
    duration: DURATION_MODERN,
    durationExample: "units such as 5m or 1h30m",
};

export const PROMQL_3: PromqlDialect = {
    server: "Prometheus 3.x without feature flags",
    functions: FUNCTIONS_3_5,
    aggregations: AGGREGATIONS_2_53,
    laterSyntax: EXPERIMENTAL_SYNTAX,
    duration: DURATION_MODERN,
    durationExample: "units such as 5m or 1h30m (duration arithmetic is experimental)",
};

export interface PromqlSelector {
    metric?: string;
    /** `label`, `=`, `value` as written; enough to see which series a selector names. */
    matchers: { label: string; op: string; value: string }[];
}

export interface PromqlAnalysis {
    /** Syntax errors and what the dialect's release lacks, each with its line:column in the expression. */
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

export function analyzePromql(expr: string, dialect: PromqlDialect = PROMQL_2_11): PromqlAnalysis {
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
            at(from, `the number "${text(from, to)}", where ${dialect.server} takes a plain number (durations as numbers came in 3.x)`);
        } else if (name in dialect.laterSyntax) {
            at(from, `${dialect.laterSyntax[name]}, which ${dialect.server} does not parse`);
        } else if (name === "FunctionIdentifier") {
            const fn = text(from, to);
            result.functions.push(fn);
            if (!dialect.functions.has(fn)) {
                at(from, `the function ${fn}, which ${dialect.server} does not have`);
            }
        } else if (name === "AggregateOp") {
            const op = text(from, to);
            result.aggregations.push(op);
            if (!dialect.aggregations.has(op)) {
                at(from, `the aggregation ${op}, which ${dialect.server} does not have`);
            }
        } else if (name === "DurationExpr" || name === "OffsetExpr") {
            checkDurations(cursor.node, expr, dialect, at);
        } else if (name === "VectorSelector") {
            result.selectors.push(selector(cursor.node, expr));
        }
    } while (cursor.next());
    result.problems = [...new Set(result.problems)];
    return result;
}

type SyntaxNode = ReturnType<ReturnType<typeof parser.parse>["cursor"]>["node"];

/** A range or offset: a literal duration the dialect parses (2.11: no negative offset, no 1h30m; none: arithmetic). */
function checkDurations(node: SyntaxNode, expr: string, dialect: PromqlDialect, at: (from: number, what: string) => void): void {
    const literal = node.name === "OffsetExpr" ? node.lastChild : node;
    if (literal === null) {
        return;
    }
    const written = expr.slice(literal.from, literal.to).trim();
    if (!dialect.duration.test(written)) {
        at(literal.from, `the duration "${written}", where ${dialect.server} takes ${dialect.durationExample}`);
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

/** A comparison in an expression whose one side is a constant: an alert's threshold. */
export interface PromqlThreshold {
    /** The comparison operator as written: `>`, `<`, `>=`, `<=`, `==` or `!=`. */
    op: string;
    /** Whether `bool` follows the operator. */
    bool: boolean;
    /** The constant side as written (`0.25`, `14 * 86400`), where it starts and ends in the expression, and its value. */
    text: string;
    from: number;
    to: number;
    value: number;
    /** Whether the constant is the comparison's right-hand side (`x > 0.25`) or its left (`0.25 < x`). */
    right: boolean;
    /** The other side as written. */
    other: string;
}

const COMPARISONS: Readonly<Record<string, string>> = { Gtr: ">", Lss: "<", Gte: ">=", Lte: "<=", Eql: "==", Neq: "!=" };

/** The value of a constant subexpression (number literals with arithmetic and parentheses), or undefined. */
function constantValue(node: SyntaxNode, expr: string): number | undefined {
    if (node.name === "NumberDurationLiteral") {
        const value = Number(expr.slice(node.from, node.to));
        return Number.isFinite(value) ? value : undefined;
    }
    if (node.name === "ParenExpr") {
        return node.firstChild ? constantValue(node.firstChild, expr) : undefined;
    }
    if (node.name === "UnaryExpr") {
        const op = node.firstChild;
        const operand = node.lastChild;
        const v = operand && op !== operand ? constantValue(operand, expr) : undefined;
        return v === undefined ? undefined : expr.slice(op!.from, op!.to).trim() === "-" ? -v : v;
    }
    if (node.name === "BinaryExpr") {
        const [l, op, r] = [node.firstChild, node.firstChild?.nextSibling, node.lastChild];
        const a = l ? constantValue(l, expr) : undefined;
        const b = r && r !== l ? constantValue(r, expr) : undefined;
        if (a === undefined || b === undefined || !op) {
            return undefined;
        }
        const arithmetic: Record<string, (x: number, y: number) => number> = {
            Add: (x, y) => x + y, Sub: (x, y) => x - y, Mul: (x, y) => x * y, Div: (x, y) => x / y, Mod: (x, y) => x % y, Pow: (x, y) => x ** y,
        };
        return op.name in arithmetic ? arithmetic[op.name](a, b) : undefined;
    }
    return undefined;
}

/**
 * Every comparison with a constant side, in the order written: `x > 0.25` gives `>` and 0.25,
 * `expiry - time() < 14 * 86400` gives `<` and 1209600. A comparison of two series (`a != b`)
 * has no constant side and is left out, as are constants that are not compared (the 0.99 of
 * histogram_quantile, the horizon of predict_linear).
 */
export function comparisonThresholds(expr: string): PromqlThreshold[] {
    const out: PromqlThreshold[] = [];
    const cursor = parser.parse(expr).cursor();
    do {
        if (cursor.name !== "BinaryExpr") {
            continue;
        }
        const node = cursor.node;
        const opNode = node.firstChild?.nextSibling ?? null;
        if (!opNode || !(opNode.name in COMPARISONS)) {
            continue;
        }
        const left = node.firstChild!;
        const right = node.lastChild!;
        const bool = node.getChild("BoolModifier") !== null;
        for (const [side, other, isRight] of [[right, left, true], [left, right, false]] as const) {
            const value = constantValue(side, expr);
            if (value !== undefined) {
                out.push({
                    op: COMPARISONS[opNode.name], bool, text: expr.slice(side.from, side.to), from: side.from, to: side.to, value,
                    right: isRight, other: expr.slice(other.from, other.to),
                });
                break;
            }
        }
    } while (cursor.next());
    return out;
}
