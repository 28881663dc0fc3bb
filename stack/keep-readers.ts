import { analyzePromql, PROMQL_2_53, PromqlSelector } from "../prometheus-releases/promql";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { SeriesRule } from "../components/common/scrape/series-rules";

/**
 * The keep lists held to their readers (issue #47): a job keeps a family, a label value or a
 * bucket because a query reads it, and drops nothing a query reads. The readers are every
 * shipped query: the alerting and recording rules, the dashboards' panel and variable queries
 * (tests/keep-readers.test.ts gathers them with every job on). Each is parsed with the
 * Prometheus grammar (prometheus-releases/promql.ts, lezer-promql) into its selectors: a metric
 * name, a job matcher and the other matchers. A row kept for another reason than a query (a
 * health signal, the team contract) is kept on purpose, and says so in KEPT_WITHOUT_READER
 * (./kept-without-reader.ts), the one place such rows live.
 *
 * Three problems, each naming its reader or its row:
 * - a reader of a dropped series: a selector whose every job drops its family, or asks for a
 *   label value (an `le` bound, a verb) its job's series rules drop, or reads every bound of a
 *   histogram (a quantile) that its job thins without saying the kept bounds serve a quantile;
 * - a kept row that nothing reads (and KEPT_WITHOUT_READER does not list): its reader was removed,
 *   so its series are freed by dropping the row;
 * - a kept bound of a thinned histogram that no reader asks for, where no quantile reads them all.
 */
export interface Query {
    source: string;
    expr: string;
}

/** What one job keeps: its family table and the series rules on its kept families. */
export interface JobKeeps {
    families: readonly FamilyRule[];
    series: readonly SeriesRule[];
}

/** Per job, per family row, why the row is kept though no query reads it. */
export type KeptWithoutReader = Readonly<Record<string, Readonly<Record<string, string>>>>;

interface Reader extends PromqlSelector {
    source: string;
}

/** Grafana's variables, filled so the query parses; a `$x` left in a matcher's value matches anything. */
export function parseable(expr: string): string {
    return expr.replace(/\[\$\{?\w+\}?\]/g, "[5m]").replace(/\$__\w+/g, "5m");
}

const anchored = (re: string) => new RegExp(`^(?:${re})$`);

/** Whether a selector's matcher (`op`, `pattern`) admits `value`, as Prometheus matches labels; a dashboard variable admits any. */
export function matches(op: string, pattern: string, value: string): boolean {
    if (pattern.includes("$")) return true; // a dashboard variable: any value
    switch (op) {
        case "=":
            return value === pattern;
        case "!=":
            return value !== pattern;
        case "=~":
            return anchored(pattern).test(value);
        case "!~":
            return !anchored(pattern).test(value);
        default:
            return true;
    }
}

/** Every selector of every query, each with its query's source; a query that does not parse is a problem. */
export function readersOf(queries: readonly Query[]): { readers: Reader[]; unparsed: string[] } {
    const readers: Reader[] = [];
    const unparsed: string[] = [];
    for (const q of queries) {
        const a = analyzePromql(parseable(q.expr), PROMQL_2_53);
        if (a.problems.some((p) => p.startsWith("a syntax error"))) unparsed.push(`${q.source}: ${a.problems.join("; ")}`);
        readers.push(...a.selectors.map((s) => ({ ...s, source: q.source })));
    }
    return { readers, unparsed };
}

/**
 * Series Prometheus writes itself (each target's up and scrape_*, the rules' ALERTS), which no
 * metric relabelling filters: a job that drops a pushed copy of them (the Pushgateway's) still has them.
 */
const PROMETHEUS_OWN = /^(up|scrape_[a-z_]+|ALERTS|ALERTS_FOR_STATE)$/;

/** The metric name a selector reads, where it names one. */
const nameOf = (r: Reader) => r.metric;

/** Whether the selector reads job `job`: each of its job matchers matches; none reads every job. */
const readsJob = (r: Reader, job: string) => r.matchers.filter((m) => m.label === "job").every((m) => matches(m.op, m.value, job));

/** Whether a family row covers the metric name. */
const rowCovers = (row: FamilyRule, name: string) => matchesFamily(row, name);

/** A bound as a number, so `1`, `1.0` and `+Inf` compare as Prometheus compares them. */
const boundValue = (le: string) => (le === "+Inf" ? Infinity : Number(le));

/** Whether a label matcher's value matches `value`, an `le` bound in either form (2.x `1`, 3.x `1.0`). */
function matchesValue(label: string, op: string, pattern: string, value: string): boolean {
    if (label !== "le" || !/^[0-9]+$/.test(value)) return matches(op, pattern, value);
    const both = [value, `${value}.0`];
    return op === "!=" || op === "!~" ? both.every((v) => matches(op, pattern, v)) : both.some((v) => matches(op, pattern, v));
}

/** The values of `rule.label` a matcher set reads, of the values the rule knows; undefined: every value (no matcher on the label). */
function valuesRead(r: Reader, rule: SeriesRule, known: readonly string[]): string[] | undefined {
    const on = r.matchers.filter((m) => m.label === rule.label);
    if (on.length === 0) return undefined;
    return known.filter((v) => on.every((m) => matchesValue(rule.label, m.op, m.value, v)));
}

/** The bounds a thinned histogram keeps: the exporter's bounds but the dropped ones. */
function keptBounds(rule: SeriesRule): string[] {
    const dropped = new Set(rule.values.map(boundValue));
    return (rule.bounds ?? []).filter((b) => !dropped.has(boundValue(b)));
}

/** The series a classic histogram is stored as: a row `X*` on one keeps all three. */
const HISTOGRAM_PARTS = ["_bucket", "_count", "_sum"];

/**
 * A kept row `X*` on a histogram X whose readers read some of its parts but not all: the unread
 * part (most often _sum, the mean no panel shows) is kept for nothing, one series per label set.
 */
function unreadHistogramParts(job: string, row: FamilyRule, read: ReadonlySet<string>): string[] {
    if (!row.family.endsWith("*")) return [];
    const base = row.family.slice(0, -1);
    const parts = HISTOGRAM_PARTS.map((p) => base + p);
    if (!parts.some((p) => read.has(p))) return [];
    return parts.filter((p) => !read.has(p)).map((p) => `job ${job} keeps ${p} under row ${row.family}, which no rule, panel or variable reads: give the histogram's parts their own rows and drop it`);
}

export function keepListProblems(jobs: Readonly<Record<string, JobKeeps>>, queries: readonly Query[], keptWithoutReader: KeptWithoutReader): string[] {
    const { readers, unparsed } = readersOf(queries);
    const problems = [...unparsed.map((u) => `a query that does not parse: ${u}`)];
    const jobNames = Object.keys(jobs);

    // 1. Readers of dropped series.
    for (const r of readers) {
        const name = nameOf(r);
        if (name === undefined || PROMETHEUS_OWN.test(name)) continue;
        // The jobs that may serve it: those its job matchers match whose table names it (a name no row names passes every job).
        const candidates = jobNames.filter((j) => readsJob(r, j) && jobs[j].families.some((row) => rowCovers(row, name)));
        if (candidates.length === 0) continue;
        const keeping = candidates.filter((j) => !jobs[j].families.some((row) => !row.keep && rowCovers(row, name)));
        if (keeping.length === 0) {
            const j = candidates[0];
            const row = jobs[j].families.find((row) => !row.keep && rowCovers(row, name))!;
            problems.push(`${r.source} reads ${name} of job ${candidates.join(", ")}, which drops it (row ${row.family}: ${row.why})`);
            continue;
        }
        for (const j of keeping) {
            for (const rule of jobs[j].series.filter((s) => s.family === name)) {
                const known = rule.label === "le" ? [...new Set([...(rule.bounds ?? []), ...rule.values])] : [...rule.values];
                const read = valuesRead(r, rule, known);
                if (read === undefined) {
                    if (rule.label === "le" && rule.quantiles === undefined) {
                        problems.push(`${r.source} reads every bound of ${name} (a quantile), which job ${j} thins to ${keptBounds(rule).join(", ") || "none"} without saying the kept bounds serve a quantile`);
                    }
                    continue;
                }
                const dropped = read.filter((v) => rule.values.some((d) => (rule.label === "le" ? boundValue(d) === boundValue(v) : d === v)));
                if (dropped.length > 0) problems.push(`${r.source} reads ${name}{${rule.label}=${dropped.join("|")}} of job ${j}, which its series rule drops (${rule.why})`);
                else if (rule.label === "le" && read.length === 0) problems.push(`${r.source} reads ${name} at a bound job ${j} does not serve (${r.matchers.filter((m) => m.label === "le").map((m) => `le${m.op}"${m.value}"`).join(", ")})`);
            }
        }
    }

    // 2. Kept rows without a reader, and the list of rows kept for another reason held to the rows.
    for (const [job, keeps] of Object.entries(jobs)) {
        const own = keptWithoutReader[job] ?? {};
        for (const row of keeps.families.filter((f) => f.keep)) {
            const read = readers.filter((r) => nameOf(r) !== undefined && readsJob(r, job) && rowCovers(row, nameOf(r)!));
            if (row.family in own) {
                if (read.length > 0) problems.push(`job ${job} lists ${row.family} as kept without a reader, but ${read[0].source} reads it: take it off the list`);
            } else if (read.length === 0) {
                problems.push(`job ${job} keeps ${row.family}, which no rule, panel or variable reads: drop the row, or say why it is kept in stack/kept-without-reader.ts (${row.why})`);
            } else {
                problems.push(...unreadHistogramParts(job, row, new Set(read.map((r) => nameOf(r)!))));
            }
        }
        for (const family of Object.keys(own)) {
            if (!keeps.families.some((f) => f.keep && f.family === family)) problems.push(`stack/kept-without-reader.ts lists ${family} for job ${job}, which the job does not keep by that row`);
        }
    }
    for (const job of Object.keys(keptWithoutReader)) {
        if (!(job in jobs)) problems.push(`stack/kept-without-reader.ts lists job ${job}, which has no family table`);
    }

    // 3. Kept bounds of a thinned histogram that nothing asks for.
    for (const [job, keeps] of Object.entries(jobs)) {
        for (const rule of keeps.series.filter((s) => s.label === "le" && s.bounds !== undefined)) {
            const its = readers.filter((r) => nameOf(r) === rule.family && readsJob(r, job));
            const known = [...new Set([...rule.bounds!, ...rule.values])];
            const quantile = its.some((r) => valuesRead(r, rule, known) === undefined);
            if (quantile) continue;
            const asked = new Set(its.flatMap((r) => valuesRead(r, rule, known) ?? []).map(boundValue));
            const stale = keptBounds(rule).filter((b) => !asked.has(boundValue(b)));
            if (stale.length > 0) problems.push(`job ${job} keeps ${rule.family}{le=${stale.join("|")}}, which no rule, panel or variable reads: drop the bound`);
        }
    }
    return problems;
}
