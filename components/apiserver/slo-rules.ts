import { AlertingRule, RecordingRule, RuleGroup, runbook } from "../common/rules/types";
import { leMatcher } from "../common/histogram-bounds";
import { APISERVER_LATENCY_HISTOGRAM } from "./latency-rules";

/**
 * The API server's service-level objective: 99 % of requests, over 30 days, answer without a 5xx
 * and within their latency bound. A request is slow when it takes longer than its bound:
 * - reads (GET, LIST): 1 s for one object or none (scope `resource`, or empty), 5 s for a
 *   namespace, 30 s for the whole cluster;
 * - writes (POST, PUT, PATCH, DELETE): 1 s.
 * These are kubernetes-mixin's bounds, read as the mixin reads them from
 * `apiserver_request_sli_duration_seconds`, the API server's own time without admission webhooks
 * and APF queueing, which the apiserver job keeps with the bounds 1, 5, 30 and +Inf among a few
 * (components/apiserver/families.ts). Every request it times is its +Inf bucket, so the job drops
 * its `_count`. Kubernetes before 1.26 serves no SLI histogram (1.23 to 1.25 name it
 * `apiserver_request_slo_duration_seconds`, which the job drops): there every burn rate is empty
 * and KubeAPIErrorBudgetBurn cannot fire; the other API server alerts still can (health-alerts.ts).
 *
 * The error budget is 1 %. The alerts follow the multiwindow, multi-burn-rate method of Google's
 * SRE workbook (chapter 5): a long window says the budget is really burning, a short one that it
 * still is, so an alert ends soon after the burning stops.
 */
export const SLO_TARGET = 0.99;
const BUDGET = 1 - SLO_TARGET;

const READ = 'verb=~"LIST|GET"';
const WRITE = 'verb=~"POST|PUT|PATCH|DELETE"';
const JOB = 'job="apiserver"';

export const BURN_RATE_WINDOWS = ["5m", "30m", "1h", "2h", "6h", "1d", "3d"] as const;
export type BurnRateWindow = (typeof BURN_RATE_WINDOWS)[number];

/** The recording rule that holds one window's burn rate: the share of requests that failed the objective. */
export function burnRateRecord(w: BurnRateWindow): string {
    return `apiserver_request:burnrate${w}`;
}

/** `sum(rate(...))`, or 0 where no such request came, so that one empty term does not empty the sum. */
const ratePerSecond = (selector: string, w: string) => `(sum(rate(${selector}[${w}])) or vector(0))`;

const BUCKET = `${APISERVER_LATENCY_HISTOGRAM}_bucket`;

/** Requests answered within their bound, per second, over `w`: the histogram's bucket at each bound. */
function fastRequests(kind: "read" | "write", w: string): string {
    const bucket = (matchers: string, le: string) => ratePerSecond(`${BUCKET}{${JOB},${matchers},${leMatcher(le)}}`, w);
    if (kind === "write") return bucket(WRITE, "1");
    return [bucket(`${READ},scope=~"resource|"`, "1"), bucket(`${READ},scope="namespace"`, "5"), bucket(`${READ},scope="cluster"`, "30")].join(" + ");
}

/** The share of `kind` requests over `w` that were slow or failed with a 5xx. */
export function burnRateExpr(kind: "read" | "write", w: string): string {
    const verbs = kind === "read" ? READ : WRITE;
    // Every request the histogram timed: its +Inf bucket (the job drops _count, the same number).
    const all = `sum(rate(${BUCKET}{${JOB},${verbs},le="+Inf"}[${w}]))`;
    const errors = ratePerSecond(`apiserver_request_total{${JOB},${verbs},code=~"5.."}`, w);
    return `((${all} - (${fastRequests(kind, w)})) + ${errors}) / sum(rate(apiserver_request_total{${JOB},${verbs}}[${w}]))`;
}

/**
 * The windows of two hours and more, recorded in a group of their own every LONG_WINDOW_INTERVAL
 * instead of every evaluation interval: a rate over [3d] reads three days of samples of every
 * request series, and most of the SLO rules' cost is theirs (docs/performance.md, npm run
 * bench:scale), while a minute moves the shortest of them (2h) by a 120th of its window. The
 * alerts read them at most that much later than they were recorded; a minute is well inside
 * the 5-minute lookback, so a missed evaluation or two leaves the series in place (an absent long
 * window would leave the alert on its short window alone).
 */
export const LONG_BURN_RATE_WINDOWS: readonly BurnRateWindow[] = ["2h", "6h", "1d", "3d"];
export const LONG_WINDOW_INTERVAL = "1m";

function burnRateRules(windows: readonly BurnRateWindow[]): RecordingRule[] {
    return windows.flatMap((w) =>
        (["read", "write"] as const).map((verb) => ({ record: burnRateRecord(w), expr: burnRateExpr(verb, w), labels: { verb } })),
    );
}

/**
 * The four alerts of the workbook's table: a burn rate of 14.4 spends 2 % of a 30-day budget in
 * an hour, 6 spends 5 % in six hours (both page); 3 spends 10 % in a day, 1 spends 10 % in three
 * days (both tickets). The `for` of each is kubernetes-mixin's.
 */
export const BURN_RATE_ALERTS: readonly { long: BurnRateWindow; short: BurnRateWindow; factor: number; for: string; severity: "critical" | "warning" }[] = [
    { long: "1h", short: "5m", factor: 14.4, for: "2m", severity: "critical" },
    { long: "6h", short: "30m", factor: 6, for: "15m", severity: "critical" },
    { long: "1d", short: "2h", factor: 3, for: "1h", severity: "warning" },
    { long: "3d", short: "6h", factor: 1, for: "3h", severity: "warning" },
];

/** The factor times the budget, as a decimal the rule file states plainly (0.144, not 14.4 * 0.01). */
export function burnRateThreshold(factor: number): number {
    return Number((factor * BUDGET).toFixed(6));
}

function burnRateAlerts(): AlertingRule[] {
    return BURN_RATE_ALERTS.map((a) => {
        const threshold = burnRateThreshold(a.factor);
        return {
            alert: "KubeAPIErrorBudgetBurn",
            // The smaller of the two burn rates (L < S keeps L where it is smaller, or S), over the threshold: both are.
            expr: `(${burnRateRecord(a.long)} < ${burnRateRecord(a.short)} or ${burnRateRecord(a.short)}) > ${threshold}`,
            for: a.for,
            labels: { severity: a.severity, long: a.long, short: a.short },
            annotations: {
                summary: "The API server is burning its error budget too fast.",
                description:
                    `{{ $labels.verb }} requests failed or were slow at more than ${a.factor} times the rate a 99 % objective allows, ` +
                    `over the last ${a.long} and the last ${a.short}.`,
                runbook_url: runbook("kubernetes/kubeapierrorbudgetburn"),
            },
        };
    });
}

/** The burn rates of the short windows and the alerts: each evaluation reads the short windows' rates of the same instant. */
export function apiserverSloGroup(): RuleGroup {
    return { name: "kube-apiserver-slo", rules: [...burnRateRules(BURN_RATE_WINDOWS.filter((w) => !LONG_BURN_RATE_WINDOWS.includes(w))), ...burnRateAlerts()] };
}

/** The long windows' burn rates (LONG_BURN_RATE_WINDOWS), every LONG_WINDOW_INTERVAL. */
export function apiserverSloLongGroup(): RuleGroup {
    return { name: "kube-apiserver-slo-long", interval: LONG_WINDOW_INTERVAL, rules: burnRateRules(LONG_BURN_RATE_WINDOWS) };
}
