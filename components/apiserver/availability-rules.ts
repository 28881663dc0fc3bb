import { RecordingRule, RuleGroup } from "../common/rules/types";
import { boundRegex, leMatcher } from "../common/histogram-bounds";
import { APISERVER_LATENCY_HISTOGRAM } from "./latency-rules";

/**
 * The API server's availability over 30 days: the share of requests that answered without a 5xx
 * and within their latency bound, the objective the burn-rate alerts guard (slo-rules.ts, same
 * bounds: 1 s for writes and single-object reads, 5 s for a namespace, 30 s for the cluster).
 * kubernetes-mixin's names, so the boards and saved queries of a team coming from
 * kube-prometheus find them; our expressions, from what the apiserver job keeps.
 *
 * A 30-day range over raw counters would read a month of samples at every evaluation. As the
 * mixin does, each counter is first summed into an hourly increase, and the 30-day figure is the
 * mean of those hours times 720 (30 days of hours). Where Prometheus holds less than 30 days
 * (its retention, or a young server), the mean is over the hours it holds, so the 30-day
 * figures are that mean scaled to 30 days and the availability is the share over the hours held
 * (stack/production-checklist.ts names the stacks whose retention is shorter).
 *
 * The mixin's input: the latency counts come from `apiserver_request_sli_duration_seconds`, which
 * the job keeps thinned (its bounds 1, 5, 30 and +Inf among them), so a slow admission webhook
 * does not spend the API server's budget. Only the six verbs the objective covers are recorded,
 * of the buckets only the three bounds it reads, in 2.x's and 3.x's forms, and the count of
 * requests from the +Inf bucket (the job drops `_count`, the same number), as the mixin does.
 * An API server before Kubernetes 1.26 serves no SLI histogram: there the latency counts are 0
 * (`or vector(0)`) and the availability counts only the 5xx answers.
 */
const JOB = 'job="apiserver"';
const VERBS = 'verb=~"LIST|GET|POST|PUT|PATCH|DELETE"';
const READ = 'verb=~"LIST|GET"';
const WRITE = 'verb=~"POST|PUT|PATCH|DELETE"';
/** The three bounds the objective reads, each in both forms (le="1" on 2.x, le="1.0" on 3.x). */
const BOUNDS = `le=~"${["1", "5", "30"].map(boundRegex).join("|").replace(/\\/g, "\\\\")}"`;

export const AVAILABILITY_RECORDS = {
    requestsHour: "code_verb:apiserver_request_total:increase1h",
    requestsMonth: "code_verb:apiserver_request_total:increase30d",
    requestsByClass: "code:apiserver_request_total:increase30d",
    bucketsHour: "cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase1h",
    bucketsMonth: "cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d",
    countHour: "cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase1h",
    countMonth: "cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d",
    availability: "apiserver_request:availability30d",
} as const;

/** 30 days of hours: the mean hourly increase times this is the 30-day increase. */
const HOURS_30D = 24 * 30;
const monthOf = (hourly: string) => `avg_over_time(${hourly}[30d]) * ${HOURS_30D}`;

/** The 30-day sum of `record`'s series that `matchers` select, or 0 where there are none. */
const total = (record: string, matchers: string) => `(sum(${record}{${matchers}}) or vector(0))`;

/** Requests answered within their bound over 30 days: each scope's bucket at its bound. */
function fast(kind: "read" | "write"): string {
    const b = (matchers: string, le: string) => total(AVAILABILITY_RECORDS.bucketsMonth, `${matchers},${leMatcher(le)}`);
    if (kind === "write") return b(WRITE, "1");
    return `${b(`${READ},scope=~"resource|"`, "1")} + ${b(`${READ},scope="namespace"`, "5")} + ${b(`${READ},scope="cluster"`, "30")}`;
}

/** Slow requests of `kind` over 30 days: all minus those within their bound. */
const slow = (kind: "read" | "write") => `(${total(AVAILABILITY_RECORDS.countMonth, kind === "read" ? READ : WRITE)} - (${fast(kind)}))`;

/** 1 minus the share of `kinds`' requests over 30 days that were slow or failed with a 5xx. */
export function availabilityExpr(kinds: readonly ("read" | "write")[]): string {
    const r = AVAILABILITY_RECORDS;
    const classes = kinds.length === 1 ? `verb="${kinds[0]}"` : 'verb=~"read|write"';
    const errors = total(r.requestsByClass, `${classes},code=~"5.."`);
    return `1 - (${kinds.map(slow).join(" + ")} + ${errors}) / sum(${r.requestsByClass}{${classes}})`;
}

export function availabilityRules(): RecordingRule[] {
    const r = AVAILABILITY_RECORDS;
    return [
        // Hourly increases first: the 30-day rules below read them in the same evaluation.
        { record: r.requestsHour, expr: `sum by (code, verb) (increase(apiserver_request_total{${JOB},${VERBS}}[1h]))` },
        { record: r.bucketsHour, expr: `sum by (verb, scope, le) (increase(${APISERVER_LATENCY_HISTOGRAM}_bucket{${JOB},${VERBS},${BOUNDS}}[1h]))` },
        { record: r.countHour, expr: `sum by (verb, scope) (increase(${APISERVER_LATENCY_HISTOGRAM}_bucket{${JOB},${VERBS},le="+Inf"}[1h]))` },
        { record: r.requestsMonth, expr: monthOf(r.requestsHour) },
        { record: r.bucketsMonth, expr: monthOf(r.bucketsHour) },
        { record: r.countMonth, expr: monthOf(r.countHour) },
        { record: r.requestsByClass, expr: `sum by (code) (${r.requestsMonth}{${READ}})`, labels: { verb: "read" } },
        { record: r.requestsByClass, expr: `sum by (code) (${r.requestsMonth}{${WRITE}})`, labels: { verb: "write" } },
        { record: r.availability, expr: availabilityExpr(["read", "write"]), labels: { verb: "all" } },
        { record: r.availability, expr: availabilityExpr(["read"]), labels: { verb: "read" } },
        { record: r.availability, expr: availabilityExpr(["write"]), labels: { verb: "write" } },
    ];
}

/**
 * The longest window any rule here reads, in days: stack/production-checklist.ts compares it with
 * the stack's retention.
 */
export const AVAILABILITY_WINDOW_DAYS = 30;

/**
 * A group of its own, evaluated every 3 minutes as the mixin's: an hourly increase moves little
 * in a minute, and the 30-day means read 720 hours of samples per series.
 */
export function apiserverAvailabilityGroup(): RuleGroup {
    return { name: "kube-apiserver-availability", interval: "3m", rules: availabilityRules() };
}
