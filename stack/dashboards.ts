import { Settings } from "../config";
import { ComponentBoards } from "../components/contribution";
import { DashboardContext, dashboardContext } from "../components/common/dashboards/context";
import { buildPrometheusDashboard, PrometheusDashboardSpec, renders, variableNames } from "../components/common/dashboards/panels";
import { FOLDER_KEYS, folderOf } from "../components/common/dashboards/folders";
import { GeneratedDashboard } from "../components/common/dashboards/generated-dashboard";
import { COMPONENTS } from "./components";

export { DashboardContext, dashboardContext } from "../components/common/dashboards/context";
export { GeneratedDashboard } from "../components/common/dashboards/generated-dashboard";

/**
 * Every dashboard the stack can fill, each with the panels whose sources are on: a fold over
 * the boards each component shows (its `dashboards` hook, components/contribution.ts). They
 * follow the folders' order (components/common/dashboards/folders.ts), Home first, and within a
 * folder the component list; each folder's ConfigMap holds its boards in that order.
 */
export function generatedDashboards(ctx: DashboardContext, folderTag: string, shown: readonly ComponentBoards[]): GeneratedDashboard[] {
    const specs: PrometheusDashboardSpec[] = shown.flatMap((b) => b.prometheus ?? []);
    // Where links may point: the boards this stack renders, with their variables (components/common/dashboards/links.ts).
    const boards = new Map(specs.filter((spec) => renders(spec, ctx)).map((spec) => [spec.uid, variableNames(spec)] as const));
    const built = shown.flatMap((b): GeneratedDashboard[] => [
        ...(b.prometheus ?? []).flatMap((spec) => {
            const json = buildPrometheusDashboard(spec, ctx, folderTag, boards);
            return json === undefined ? [] : [{ slug: spec.uid.replace(/^cm-/, ""), folder: folderOf(spec), json: json as GeneratedDashboard["json"] }];
        }),
        ...(b.built?.(folderTag) ?? []),
    ]);
    // A stable sort: within a folder, the component list's order and each component's own.
    return built.sort((a, b) => FOLDER_KEYS.indexOf(a.folder) - FOLDER_KEYS.indexOf(b.folder));
}

/** The boards of every component of the list that shows any, for these settings: each component's boards' module loads here. */
export function componentBoards(s: Settings, ctx: DashboardContext = dashboardContext(s)): ComponentBoards[] {
    return COMPONENTS.flatMap((c) => (c.dashboards ? [c.dashboards()(s, ctx)] : []));
}

export function dashboardsFor(s: Settings, folderTag: string): GeneratedDashboard[] {
    const ctx = dashboardContext(s);
    return generatedDashboards(ctx, folderTag, componentBoards(s, ctx));
}
