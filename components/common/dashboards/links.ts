import * as cog from "@grafana/grafana-foundation-sdk/cog";
import { DashboardLinkBuilder, DashboardLinkType } from "@grafana/grafana-foundation-sdk/dashboard";

/**
 * Links between the dashboards (docs/grafana.md#links-between-dashboards): from a series to the
 * board about the thing it is (a namespace, a node, a pod), keeping the time range, the values of
 * the variables both boards have ($datasource, $cluster, and any other the target shares), and
 * setting the target's variables from the series' labels. Links name boards by uid, which never
 * changes (docs/grafana.md#dashboards), and only boards the stack renders.
 */

/** A data link on a panel's series: the target board, and which of its variables take which label of the clicked series. */
export interface PanelLinkSpec {
    title: string;
    /** The target board's uid. */
    dashboard: string;
    /** Target variable name → label of the series, e.g. { namespace: "namespace" }. */
    fromLabels: Record<string, string>;
}

/** A link at the top of a board to another board about the same thing; Grafana carries every variable of this board (includeVars) and the time. */
export interface BoardLinkSpec {
    title: string;
    dashboard: string;
}

/** The boards the stack renders, each with its variables' names: where links may point, and which variables they can carry. */
export type RenderedBoards = ReadonlyMap<string, readonly string[]>;

/** Grafana's path to a board by uid alone: it answers /d/<uid> whatever the title (the slug is optional). */
export const boardPath = (uid: string) => `/d/${uid}`;

/**
 * A data link's URL: the time range (${__url_time_range}, the link's own variable for it), each
 * variable the source shares with the target in Grafana's queryparam format (var-<name>=<value>,
 * the whole selection), and the target's variables taken from the series' labels.
 */
export function panelLinkUrl(link: PanelLinkSpec, sourceVariables: readonly string[], targetVariables: readonly string[]): string {
    const shared = targetVariables.filter((v) => sourceVariables.includes(v) && !(v in link.fromLabels)).map((v) => `\${${v}:queryparam}`);
    const fromLabels = Object.entries(link.fromLabels).map(([variable, label]) => `var-${variable}=\${__field.labels.${label}}`);
    return `${boardPath(link.dashboard)}?${["${__url_time_range}", ...shared, ...fromLabels].join("&")}`;
}

/** The data link as Grafana's field config holds it ({ title, url }); the SDK 0.0.21 types data links as dashboard links, so it is built here. */
export function dataLink(title: string, url: string): cog.Builder<any> {
    return { build: () => ({ title, url }) };
}

export function boardLink(link: BoardLinkSpec): DashboardLinkBuilder {
    return new DashboardLinkBuilder(link.title).type(DashboardLinkType.Link).url(boardPath(link.dashboard)).includeVars(true).keepTime(true).asDropdown(false).targetBlank(false);
}
