import { Severity } from "../../components/common/rules/types";

/**
 * One `promtool test rules` case per default alert and outcome: the input series, when to look,
 * and for a firing case the labels the alert must carry besides alertname and severity. The
 * expected annotations are the rule's own templates filled with these labels, so a changed
 * description is tested too. tests/alert-rules.real.test.ts fails for an alert without cases.
 */
export interface AlertCase {
    series: { series: string; values: string }[];
    at: string;
    labels?: Record<string, string>;
    /**
     * For an alert with one rule per severity: the severities that fire in this case. Left out,
     * every rule of the alert fires.
     */
    severities?: Severity[];
    /**
     * For an alert with several rules of one severity (the API server's burn-rate pairs): the
     * labels the rules that fire in this case carry, such as { long: "1h" }.
     */
    ruleLabels?: Record<string, string>;
    /**
     * The input series' sample interval, a scrape interval (`15s`); 1m when left out. Rules are
     * still evaluated every minute: a finer interval puts more samples in a range, so an
     * `avg_over_time` of a 0/1 series can take values that 6 samples in 5m cannot.
     */
    interval?: string;
}

export interface AlertCases {
    /** Just past the threshold, evaluated exactly when its `for` has run out. */
    fires: AlertCase;
    /** Just short of the threshold. null only for an alert that must always fire; `why` says so. */
    silent: AlertCase | null;
    /** Past the threshold, one evaluation before its `for` runs out: required for an alert with a `for`. */
    early?: AlertCase;
    /** Further states of the world the alert must (`fires: true`) or must not fire in, each named. */
    scenarios?: { name: string; fires: boolean; case: AlertCase }[];
    why?: string;
}

/** Every case of one alert, each with whether it must fire. */
export function casesOf(c: AlertCases): { name: string; fires: boolean; case: AlertCase }[] {
    return [
        { name: "fires", fires: true, case: c.fires },
        ...(c.silent ? [{ name: "silent", fires: false, case: c.silent }] : []),
        ...(c.early ? [{ name: "early", fires: false, case: c.early }] : []),
        ...(c.scenarios ?? []),
    ];
}

/** Whether a firing case expects this rule of its alert to fire: its severity and rule labels match. */
export function firesRule(c: AlertCase, labels: Record<string, string>): boolean {
    return (c.severities === undefined || (c.severities as string[]).includes(labels.severity)) && Object.entries(c.ruleLabels ?? {}).every(([k, v]) => labels[k] === v);
}

// Builders the case files share.

/** One input series of a promtool test: its selector and its values in promtool's notation. */
export const s = (series: string, values: string) => ({ series, values });

/** Labels as a selector's body: `k="v",...`. */
export const text = (labels: Record<string, string>) => Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(",");

/**
 * A counter at 0 that goes up by 1 at minute 1 and every `every` minutes after, to `minutes`:
 * each window of `every` minutes (Prometheus 2.x includes both ends) holds exactly one increment,
 * the least that keeps `increase(x[<every>m]) > 0` true, and increase() is 1, not more. Such an
 * alert is true from minute 1, so it fires at 1m + its `for`.
 */
export const ticks = (every: number, minutes: number) => Array.from({ length: minutes + 1 }, (_, t) => (t < 1 ? 0 : 1 + Math.floor((t - 1) / every))).join(" ");

/** The firing case one evaluation (1m) earlier, before its `for` has run out. */
export const oneMinuteBefore = (c: AlertCase): AlertCase => ({ series: c.series, at: `${Number(/^([0-9]+)m$/.exec(c.at)![1]) - 1}m` });

/** An alert's cases, with the early case derived from the firing one. */
export const bounded = (c: Omit<AlertCases, "early">): AlertCases => ({ ...c, early: oneMinuteBefore(c.fires) });

/** Two kube-state-metrics pods as its job's `instance` names them: a rollout's old replica and its new one. */
export const KSM_REPLICAS = ["kube-state-metrics-6d4cf56db6-7xk2p", "kube-state-metrics-5f7b9c8d4-q9zl2"] as const;

/**
 * The series as two kube-state-metrics replicas serve them (#42, defect class 4): every series of
 * the kube-state-metrics job twice, once under each replica's `instance`, with the same values;
 * any other series once.
 */
export function twoKsmReplicas(series: AlertCase["series"]): AlertCase["series"] {
    const job = /job="kube-state-metrics"(?=[,}])/;
    return series.flatMap((x) => (job.test(x.series) ? KSM_REPLICAS.map((instance) => ({ ...x, series: x.series.replace(job, `job="kube-state-metrics",instance="${instance}"`) })) : [x]));
}

/** The case with its kube-state-metrics series served by two replicas (twoKsmReplicas). */
export const byTwoKsmReplicas = (c: AlertCase): AlertCase => ({ ...c, series: twoKsmReplicas(c.series) });

/**
 * The case with every series of target `instance` served a second time under another instance, as when one
 * exporter is scraped twice (a second address for the same kubelet): the same values under an extra target.
 */
export const scrapedTwice = (c: AlertCase, instance: string, other: string): AlertCase => ({
    ...c,
    series: c.series.flatMap((x) => (x.series.includes(`instance="${instance}"`) ? [x, { ...x, series: x.series.replace(`instance="${instance}"`, `instance="${other}"`) }] : [x])),
});
