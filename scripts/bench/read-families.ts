import { analyzePromql, PROMQL_2_53, PromqlSelector } from "../../prometheus-releases/promql";
import { defaultRuleGroups } from "../../stack/rule-groups";
import { dashboardsFor } from "../../stack/dashboards";
import { Settings } from "../../config";
import { prometheusQueries, queryVariables } from "../../tests/harness/dashboards";
import { labelValuesQuery } from "../../tests/harness/promql";
import { matches, parseable } from "../../stack/keep-readers";

/**
 * Every query the program ships, and which metric names of which job they read: the default
 * alerting and recording rules and every dashboard panel and variable query, each parsed with
 * lezer-promql (prometheus-releases/promql.ts). For the benchmark only.
 */
export interface ShippedQuery {
    source: string;
    expr: string;
}

export function shippedQueries(settings: Settings): ShippedQuery[] {
    const rules = defaultRuleGroups(settings).flatMap((g) =>
        g.rules.map((r) => ({ source: `rule ${g.name}/${"alert" in r ? r.alert : r.record}`, expr: r.expr })),
    );
    const dashboards = dashboardsFor(settings, "bench");
    const panels = prometheusQueries(dashboards).map((q) => ({ source: `panel ${q.dashboard}/${q.panel}/${q.refId}`, expr: q.expr }));
    const variables = dashboards.flatMap((d) =>
        queryVariables(d)
            .filter((v) => v.datasourceType === "prometheus")
            .map((v) => ({ source: `variable ${d.json.title}/$${v.name}`, expr: labelValuesQuery(v.query).selector })),
    );
    return [...rules, ...panels, ...variables];
}

export class Readers {
    readonly selectors: Array<PromqlSelector & { source: string }> = [];
    readonly unparsed: string[] = [];

    constructor(queries: readonly ShippedQuery[]) {
        for (const q of queries) {
            const a = analyzePromql(parseable(q.expr), PROMQL_2_53);
            if (a.problems.some((p) => p.startsWith("a syntax error"))) this.unparsed.push(`${q.source}: ${a.problems.join("; ")}`);
            this.selectors.push(...a.selectors.map((s) => ({ ...s, source: q.source })));
        }
    }

    /** The queries that read metric `name` of job `job`: name and every job matcher match. */
    readersOf(job: string, name: string): string[] {
        return this.selectors
            .filter((s) => {
                const nameMatchers = s.matchers.filter((m) => m.label === "__name__");
                if (s.metric !== undefined ? s.metric !== name : nameMatchers.length === 0) return false;
                if (!nameMatchers.every((m) => matches(m.op, m.value, name))) return false;
                return s.matchers.filter((m) => m.label === "job").every((m) => matches(m.op, m.value, job));
            })
            .map((s) => s.source);
    }
}
