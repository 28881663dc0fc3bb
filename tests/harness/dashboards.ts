import { GeneratedDashboard } from "../../stack/dashboards";

export interface PanelQuery {
    dashboard: string;
    panel: string;
    refId: string;
    expr: string;
}

/** Every Prometheus query of every panel, as the generated JSON carries it. */
export function prometheusQueries(dashboards: readonly GeneratedDashboard[]): PanelQuery[] {
    return dashboards.flatMap((d) =>
        (d.json.panels ?? []).flatMap((p: any) =>
            (p.targets ?? [])
                .filter((t: any) => t.datasource?.type === "prometheus")
                .map((t: any) => ({ dashboard: d.json.title, panel: p.title, refId: t.refId, expr: t.expr })),
        ),
    );
}

export interface QueryVariable {
    name: string;
    query: string;
    includeAll: boolean;
    allValue?: string;
    datasourceType: string;
}

export function queryVariables(d: GeneratedDashboard): QueryVariable[] {
    return (d.json.templating?.list ?? [])
        .filter((v: any) => v.type === "query")
        .map((v: any) => ({ name: v.name, query: v.query, includeAll: v.includeAll === true, allValue: v.allValue, datasourceType: v.datasource?.type }));
}

/**
 * The value Grafana picks for a query variable from its options (grafana/scenes
 * MultiValueVariable, getStateUpdateGivenNewOptions): All (its allValue) where the variable
 * offers All, else the first option, and "" for a single-value variable without options, which
 * is what the cluster variable gets on a Prometheus.
 */
export function grafanaPick(v: QueryVariable, options: readonly string[]): string {
    return v.includeAll ? v.allValue! : (options[0] ?? "");
}
