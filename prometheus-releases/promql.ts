import { parser } from "@prometheus-io/lezer-promql";
import { parsedPromql } from "./parsed-promql";
import { experimentalElsewhere } from "./promql-feature-gates";

/**
 * PromQL checked with the Prometheus project's own grammar (@prometheus-io/lezer-promql), then
 * held to what the deployed Prometheus release evaluates: the grammar is the newest one, so it
 * accepts functions, aggregations and modifiers that an older server would refuse at rule load.
 * Each dialect below is one release line of docs/prometheus-versions.md; the sets come from the
 * `Functions` table of promql/parser/functions.go at each tag, experimental (feature-flagged)
 * functions left out: they are the line's with no feature flag. What a stack's --enable-feature
 * flags add, per minor, is promql-features.ts (docs/alerting.md#what-v2111-accepts).
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
    /**
     * Duration arithmetic (`[5m*2]`, `offset (1h+5m)`), where a feature flag or the minor turns it
     * on; `words` are the calls it may hold (step(), range()). Absent: a literal only.
     */
    durationExpression?: { words: ReadonlySet<string> };
    /** Functions and aggregations a flag of this minor would enable, and that flag: what a refusal names. */
    gated?: Readonly<Record<string, string>>;
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

/** Every line's dialect, oldest first: where a function a line lacks can be found. */
export const PROMQL_DIALECTS: readonly PromqlDialect[] = [PROMQL_2_11, PROMQL_2_53, PROMQL_3];

/** The release a function or aggregation came in, where a line lacks it (the Prometheus CHANGELOG). */
const ARRIVED: Readonly<Record<string, string>> = {
    absent_over_time: "2.16",
    group: "2.20",
    last_over_time: "2.26",
    clamp: "2.26",
    sgn: "2.26",
    present_over_time: "2.29",
    ...Object.fromEntries(["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "deg", "pi", "rad", "sin", "sinh", "tan", "tanh"].map((f) => [f, "2.26"])),
};

/** What to write instead on a line that lacks the function or aggregation, where PromQL of that line can say the same. */
const INSTEAD: Readonly<Record<string, string>> = {
    last_over_time: "the selector alone, which yields the newest sample of the last 5 minutes",
    absent_over_time: "absent(max_over_time(<selector>[<range>]))",
    present_over_time: "count_over_time(<selector>[<range>]) * 0 + 1",
    clamp: "clamp_max(clamp_min(<v>, <min>), <max>)",
    sgn: "(<v> > bool 0) - (<v> < bool 0)",
    pi: "3.141592653589793",
    deg: "<v> * 180 / 3.141592653589793",
    rad: "<v> * 3.141592653589793 / 180",
    group: "max by (<labels>) (<v> * 0 + 1)",
    holt_winters: "predict_linear or deriv for a trend (3.0 renamed holt_winters to double_exponential_smoothing, behind --enable-feature=promql-experimental-functions)",
};

/**
 * Why `name`, a function or aggregation, is refused on `dialect`'s line, and what to write instead:
 * "`last_over_time` is not available in Prometheus v2.11.1 (it came in 2.26); use ..., or a
 * metrics.image of a line that has it (...)". A name no line has is experimental or unknown.
 */
export function unavailableMessage(name: string, kind: "function" | "aggregation", dialect: PromqlDialect): string {
    const set = (d: PromqlDialect) => (kind === "function" ? d.functions : d.aggregations);
    const gate = dialect.gated?.[name];
    if (gate !== undefined) {
        return `\`${name}\` is not available in ${dialect.server}: it is an experimental ${kind} there, enabled by ${gate}`;
    }
    const lines = PROMQL_DIALECTS.filter((d) => set(d).has(name)).map((d) => d.server);
    const instead = INSTEAD[name];
    if (lines.length > 0) {
        const arrived = ARRIVED[name] !== undefined && !set(PROMQL_2_11).has(name) ? ` (it came in ${ARRIVED[name]})` : "";
        const elsewhere = `a metrics.image of a line that has it (${lines.join("; ")})`;
        return `\`${name}\` is not available in ${dialect.server}${arrived}; use ${instead === undefined ? elsewhere : `${instead}, or ${elsewhere}`}`;
    }
    if (instead !== undefined) {
        return `\`${name}\` is not available in ${dialect.server}; use ${instead}`;
    }
    const elsewhere = experimentalElsewhere(name, kind);
    if (elsewhere !== undefined) {
        // gated is set on a stack's own dialect (promql-features.ts): there the minor is known to lack the flag.
        const noFlag = dialect.gated !== undefined ? ", which has no feature flag that enables it" : "";
        return `\`${name}\` is not available in ${dialect.server}${noFlag}: ${elsewhere}; set metrics.image to such a line and pass the flag in metrics.extra.args`;
    }
    return grammarKnows(name)
        ? `\`${name}\` is not available in ${dialect.server}: it is an experimental ${kind}, behind a feature flag of a later Prometheus than the lines the program drives`
        : `\`${name}\` is not a PromQL ${kind}${didYouMean(name, [...set(dialect)])}`;
}

function didYouMean(name: string, known: readonly string[]): string {
    const near = known.filter((k) => k.startsWith(name.slice(0, 3)) || name.startsWith(k.slice(0, 3))).sort((a, b) => Math.abs(a.length - name.length) - Math.abs(b.length - name.length));
    return near.length === 0 ? "" : ` (did you mean ${near[0]}?)`;
}

/** Words followed by "(" that are no function: grouping and matching keywords, set operators, @ start() and end(). */
const CALL_KEYWORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "bool", "offset", "and", "or", "unless", "atan2", "start", "end", "smoothed", "anchored"]);

const grammarCache = new Map<string, boolean>();

/** Whether the grammar parses `name(...)` as a call: the newest grammar lacks removed names (holt_winters) and never knew made-up ones. */
function grammarKnows(name: string): boolean {
    let known = grammarCache.get(name);
    if (known === undefined) {
        const cursor = parser.parse(`${name}(x)`).cursor();
        known = true;
        do {
            known = known && !cursor.type.isError;
        } while (cursor.next());
        grammarCache.set(name, known);
    }
    return known;
}

/**
 * The expression with every call the grammar does not know (holt_winters, which 2.x has but the
 * newest grammar dropped, or a name no line has) replaced by the known `ln` padded with spaces to
 * the same length, so positions hold and one unknown name is one problem, not a cascade of
 * syntax errors. Returns the masked text and the original name at each masked offset.
 */
function maskUnknownCalls(expr: string): { text: string; names: Map<number, string> } {
    const names = new Map<number, string>();
    let text = "";
    let i = 0;
    while (i < expr.length) {
        const c = expr[i];
        if (c === '"' || c === "'" || c === "`") {
            let j = i + 1;
            while (j < expr.length && expr[j] !== c) {
                j += c !== "`" && expr[j] === "\\" ? 2 : 1;
            }
            text += expr.slice(i, j + 1);
            i = j + 1;
            continue;
        }
        if (c === "#") {
            const end = expr.indexOf("\n", i);
            const j = end < 0 ? expr.length : end;
            text += expr.slice(i, j);
            i = j;
            continue;
        }
        const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expr.slice(i));
        if (word && !/[A-Za-z0-9_:.]/.test(expr[i - 1] ?? "")) {
            const name = word[0];
            const after = expr.slice(i + name.length);
            if (/^\s*\(/.test(after) && name.length >= 2 && !CALL_KEYWORDS.has(name.toLowerCase()) && !grammarKnows(name)) {
                names.set(i, name);
                text += "ln" + " ".repeat(name.length - 2);
            } else {
                text += name;
            }
            i += name.length;
            continue;
        }
        text += c;
        i += 1;
    }
    return { text, names };
}

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
    const at = (from: number, what: string) => result.problems.push(`${what} (at ${position(expr, from)})`);
    const text = (from: number, to: number) => expr.slice(from, to);
    if (expr.trim() === "") {
        result.problems.push("an expression, not an empty string");
        return result;
    }
    const masked = maskUnknownCalls(expr);
    const cursor = parsedPromql(masked.text).cursor();
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
            const fn = masked.names.get(from) ?? text(from, to);
            result.functions.push(fn);
            if (!dialect.functions.has(fn)) {
                at(from, unavailableMessage(fn, "function", dialect));
            }
        } else if (name === "AggregateOp") {
            const op = text(from, to);
            result.aggregations.push(op);
            if (!dialect.aggregations.has(op)) {
                at(from, unavailableMessage(op, "aggregation", dialect));
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
    if (dialect.durationExpression !== undefined && durationArithmetic(written, dialect.durationExpression.words)) {
        return;
    }
    if (!dialect.duration.test(written)) {
        at(literal.from, `the duration "${written}", where ${dialect.server} takes ${dialect.durationExample}`);
    }
}

/**
 * Whether `written` is duration arithmetic the grammar parsed: durations, numbers, operators and
 * parentheses, and the calls the minor's duration expressions take (step(), range()).
 */
function durationArithmetic(written: string, words: ReadonlySet<string>): boolean {
    const withoutCalls = written.replace(/\b([a-z_]+)\s*\(\s*\)/g, (call, word: string) => (words.has(word) ? " 1 " : call));
    return /^(\s|[-+*/%^()]|[0-9]+(\.[0-9]+)?(ms|s|m|h|d|w|y)?)+$/.test(withoutCalls);
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
    for (const { node, op } of comparisonNodes(expr)) {
        const left = node.firstChild!;
        const right = node.lastChild!;
        const bool = node.getChild("BoolModifier") !== null;
        for (const [side, other, isRight] of [[right, left, true], [left, right, false]] as const) {
            const value = constantValue(side, expr);
            if (value !== undefined) {
                out.push({
                    op, bool, text: expr.slice(side.from, side.to), from: side.from, to: side.to, value,
                    right: isRight, other: expr.slice(other.from, other.to),
                });
                break;
            }
        }
    }
    return out;
}

/**
 * The comparisons of two series, in the order written: neither side is a constant
 * (`shards_desired > shards_max`, `spec != available`). An alert made of these has no number a
 * stack could move.
 */
export function seriesComparisons(expr: string): { op: string; text: string }[] {
    return comparisonNodes(expr)
        .filter(({ node }) => constantValue(node.firstChild!, expr) === undefined && constantValue(node.lastChild!, expr) === undefined)
        .map(({ node, op }) => ({ op, text: expr.slice(node.from, node.to) }));
}

/** Every comparison (`>`, `==`, ...) of the expression, in the order written, with its operator. */
function comparisonNodes(expr: string): { node: SyntaxNode; op: string }[] {
    const out: { node: SyntaxNode; op: string }[] = [];
    const cursor = parsedPromql(expr).cursor();
    do {
        if (cursor.name !== "BinaryExpr") {
            continue;
        }
        const node = cursor.node;
        const opNode = node.firstChild?.nextSibling ?? null;
        if (opNode && opNode.name in COMPARISONS) {
            out.push({ node, op: COMPARISONS[opNode.name] });
        }
    } while (cursor.next());
    return out;
}
