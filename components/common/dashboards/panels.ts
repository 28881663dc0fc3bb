import * as cog from "@grafana/grafana-foundation-sdk/cog";
import {
    DashboardBuilder,
    DashboardCursorSync,
    DashboardLinkBuilder,
    DashboardLinkType,
    DatasourceVariableBuilder,
    QueryVariableBuilder,
    VariableRefresh,
    VariableSort,
} from "@grafana/grafana-foundation-sdk/dashboard";
import { DataqueryBuilder as PrometheusQuery } from "@grafana/grafana-foundation-sdk/prometheus";
import { PanelBuilder as DashboardListPanel } from "@grafana/grafana-foundation-sdk/dashboardlist";
import { PanelBuilder as StatPanel } from "@grafana/grafana-foundation-sdk/stat";
import { PanelBuilder as TextPanel, TextMode } from "@grafana/grafana-foundation-sdk/text";
import { PanelBuilder as TimeseriesPanel } from "@grafana/grafana-foundation-sdk/timeseries";
import { CLUSTER_VARIABLE, clusterVariable, withClusterLabelValues, withClusterMatcher } from "./cluster-variable";
import { DashboardContext, Source } from "./context";
import { DashboardFolder } from "./folders";
import { BoardLinkSpec, boardLink, dataLink, PanelLinkSpec, panelLinkUrl, RenderedBoards } from "./links";

/**
 * Dashboards are declared as data (title, queries, the sources each panel reads) and built with
 * Grafana's foundation SDK: the declarations let a panel that needs a disabled source drop out,
 * and the SDK writes the JSON, which nobody edits by hand.
 */

export interface Query {
    expr: string;
    legend: string;
}

export interface PanelSpec {
    title: string;
    description: string;
    unit: string;
    kind: "timeseries" | "stat";
    /** Every source a query reads; the panel is left out unless all are on. */
    needs: Source[];
    queries: Query[];
    /** Data links from a series to the board about it (links.ts); a link to a board the stack does not render is left out. */
    links?: PanelLinkSpec[];
}

/**
 * A text panel in place of a question the dashboard does not answer: what the question is and
 * why it stays unanswered (a family our drop rules remove, or one the source no longer serves),
 * so nobody looks for a panel that is missing on purpose (docs/grafana.md#questions-not-answered).
 */
export interface NotAnsweredSpec {
    kind: "text";
    title: string;
    /** Markdown, shown as the panel's content. */
    content: string;
    /** The sources of the dashboard section it sits in; it goes where their panels go. */
    needs: Source[];
}

/** A list of every dashboard of the program (those tagged with its folder tag), each a link that keeps the time range and variables. */
export interface DashboardListSpec {
    kind: "dashboards";
    title: string;
    needs: Source[];
}

export type DashboardPanelSpec = PanelSpec | NotAnsweredSpec | DashboardListSpec;

export interface VariableSpec {
    name: string;
    label: string;
    /** Grafana's Prometheus variable function, label_values(<series selector>, <label>). */
    query: string;
    /**
     * "All" with allValue .*, for variables that panels match with =~. Grafana opens such a
     * variable on All (scenes' defaultToAll follows includeAll), so a board whose panels are costly
     * on every value at once (one series per pod, per claim) takes `multi` instead.
     */
    includeAll?: boolean;
    /** Several values at once but no All, for variables that panels match with =~: Grafana opens it on the first value. */
    multi?: boolean;
}

export interface PrometheusDashboardSpec {
    uid: string;
    title: string;
    description: string;
    /** Sources without which the dashboard as a whole makes no sense (its variables read them). */
    needs: Source[];
    variables: VariableSpec[];
    panels: DashboardPanelSpec[];
    /** Links at the top to boards about the same thing, carrying every variable and the time; left out when the target is not rendered. */
    links?: BoardLinkSpec[];
    /** The folder it is provisioned in (folders.ts); DEFAULT_FOLDER, Kubernetes, when not given. */
    folder?: DashboardFolder;
}

export const PROMETHEUS_DATASOURCE_TYPE = "prometheus";
/** The data-source variable every dashboard has; panels point at it, never at a fixed data source. */
export const DATASOURCE_VARIABLE = "datasource";

export function enabled(ctx: DashboardContext, needs: readonly Source[]): boolean {
    return needs.every((n) => ctx.sources.has(n));
}

const prometheusRef = { type: PROMETHEUS_DATASOURCE_TYPE, uid: `\${${DATASOURCE_VARIABLE}}` };

export function datasourceVariable(type: string, label: string): DatasourceVariableBuilder {
    return new DatasourceVariableBuilder(DATASOURCE_VARIABLE).label(label).type(type);
}

function queryVariable(v: VariableSpec): QueryVariableBuilder {
    const b = new QueryVariableBuilder(v.name)
        .label(v.label)
        .datasource(prometheusRef)
        .query(withClusterLabelValues(v.query))
        .refresh(VariableRefresh.OnTimeRangeChanged)
        .sort(VariableSort.AlphabeticalAsc);
    if (v.includeAll) return b.includeAll(true).allValue(".*").multi(true);
    return v.multi ? b.multi(true) : b;
}

function targets(p: PanelSpec): cog.Builder<cog.Dataquery>[] {
    return p.queries.map((q, i) =>
        new PrometheusQuery()
            .expr(withClusterMatcher(q.expr))
            .legendFormat(q.legend)
            .refId(String.fromCharCode(65 + i))
            .datasource(prometheusRef)
            .range(),
    );
}

/** The variables every Prometheus dashboard has, before its own: the data source and the cluster. */
export const COMMON_VARIABLES: readonly string[] = [DATASOURCE_VARIABLE, CLUSTER_VARIABLE];

/** The names of a spec's variables as the built dashboard has them. */
export function variableNames(spec: PrometheusDashboardSpec): string[] {
    return [...COMMON_VARIABLES, ...spec.variables.map((v) => v.name)];
}

/** Whether the stack renders this dashboard: its own sources are on and one panel at least is left. */
export function renders(spec: PrometheusDashboardSpec, ctx: DashboardContext): boolean {
    return enabled(ctx, spec.needs) && spec.panels.some((p) => enabled(ctx, p.needs));
}

function panel(p: DashboardPanelSpec, folderTag: string, spec: PrometheusDashboardSpec, boards: RenderedBoards): cog.Builder<any> {
    if (p.kind === "dashboards") {
        return new DashboardListPanel()
            .title(p.title)
            .tags([folderTag])
            .showSearch(true)
            .showHeadings(false)
            .showStarred(false)
            .showRecentlyViewed(false)
            // Each board's folder beside it (docs/grafana.md#folders).
            .showFolderNames(true)
            .maxItems(100)
            .includeVars(true)
            .keepTime(true)
            .height(12)
            .span(12);
    }
    if (p.kind === "text") {
        return new TextPanel().title(p.title).mode(TextMode.Markdown).content(p.content).height(4).span(12);
    }
    const b = p.kind === "stat" ? new StatPanel() : new TimeseriesPanel();
    const links = (p.links ?? []).filter((l) => boards.has(l.dashboard)).map((l) => dataLink(l.title, panelLinkUrl(l, variableNames(spec), boards.get(l.dashboard)!)));
    b.title(p.title).description(p.description).unit(p.unit).datasource(prometheusRef).targets(targets(p)).height(8).span(12);
    return links.length > 0 ? b.dataLinks(links) : b;
}

/**
 * The SDK (0.0.21) writes the interval variable's auto, auto_min and auto_count on every
 * variable; @grafana/schema 13.2.3 declares them on none of the other kinds, so they are
 * dropped there and the JSON stays within the schema of the Grafana that loads it.
 */
export function withSchemaVariables<T extends { templating?: { list?: any[] } }>(json: T): T {
    const list = json.templating?.list?.map((v) => {
        if (v.type === "interval") {
            return v;
        }
        const { auto: _a, auto_min: _m, auto_count: _c, ...rest } = v;
        return rest;
    });
    return list ? { ...json, templating: { ...json.templating, list } } : json;
}

/**
 * On every dashboard, a menu of all the program's dashboards (Grafana lists those with the tag),
 * keeping the time range and the values of the variables the target board shares.
 */
export function dashboardsLink(folderTag: string): DashboardLinkBuilder {
    return new DashboardLinkBuilder("Dashboards").type(DashboardLinkType.Dashboards).tags([folderTag]).asDropdown(true).includeVars(true).keepTime(true);
}

/**
 * The dashboard with the panels this stack can fill, or undefined when it has none; its links
 * point only at `boards`, the boards the stack renders (none when not given). Every
 * dashboard gets the cluster variable, and every query and variable query its matcher, here
 * (cluster-variable.ts): a dashboard's spec never names the cluster.
 */
export function buildPrometheusDashboard(spec: PrometheusDashboardSpec, ctx: DashboardContext, folderTag: string, boards: RenderedBoards = new Map()): object | undefined {
    const own = spec.variables.find((v) => v.name === CLUSTER_VARIABLE || v.name === DATASOURCE_VARIABLE);
    if (own) {
        throw new Error(`dashboard ${spec.uid}: variable $${own.name} is added to every dashboard by buildPrometheusDashboard; remove it from the spec`);
    }
    if (!renders(spec, ctx)) {
        return undefined;
    }
    const panels = spec.panels.filter((p) => enabled(ctx, p.needs));
    const b = new DashboardBuilder(spec.title)
        .uid(spec.uid)
        .description(spec.description)
        .tags([folderTag])
        .editable()
        .refresh("30s")
        .time({ from: "now-1h", to: "now" })
        .timezone("browser")
        .tooltip(DashboardCursorSync.Crosshair)
        .withVariable(datasourceVariable(PROMETHEUS_DATASOURCE_TYPE, "Prometheus"))
        .withVariable(clusterVariable(prometheusRef, ctx.manyClusters))
        .links([...(spec.links ?? []).filter((l) => boards.has(l.dashboard)).map(boardLink), dashboardsLink(folderTag)]);
    for (const v of spec.variables) {
        b.withVariable(queryVariable(v));
    }
    for (const p of panels) {
        b.withPanel(panel(p, folderTag, spec, boards));
    }
    return withSchemaVariables(b.build());
}
