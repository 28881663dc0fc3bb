import { Settings } from "../../../config";
import { clusterDashboard } from "./cluster";
import { DashboardContext, dashboardContext } from "./context";
import { controlPlaneDashboard } from "./control-plane";
import { logAgentDashboard } from "./log-agent";
import { logsDashboard } from "./logs";
import { nodeDashboard } from "./node";
import { buildPrometheusDashboard } from "./panels";
import { probesDashboard } from "./probes";
import { prometheusDashboard } from "./prometheus";
import { searchStoreDashboard } from "./search-store";
import { workloadsDashboard } from "./workloads";

export { DashboardContext, dashboardContext } from "./context";

/** One generated dashboard: its file name in the ConfigMap and its JSON model. */
export interface GeneratedDashboard {
    /** Also the ConfigMap suffix: lower case, digits and dashes. */
    slug: string;
    json: { uid: string; title: string; panels?: any[]; templating?: { list?: any[] } } & Record<string, unknown>;
}

/** Every dashboard the stack can fill, each with the panels whose sources are on. */
export function generatedDashboards(ctx: DashboardContext, folderTag: string): GeneratedDashboard[] {
    const prometheusSpecs = [clusterDashboard, nodeDashboard, workloadsDashboard(ctx), prometheusDashboard(ctx), logAgentDashboard, controlPlaneDashboard, probesDashboard, searchStoreDashboard];
    const built: Array<[string, object | undefined]> = [
        ...prometheusSpecs.map((spec): [string, object | undefined] => [spec.uid.replace(/^cm-/, ""), buildPrometheusDashboard(spec, ctx, folderTag)]),
        ["logs", logsDashboard(ctx)],
    ];
    return built.filter(([, json]) => json !== undefined).map(([slug, json]) => ({ slug, json: json as GeneratedDashboard["json"] }));
}

export function dashboardsFor(s: Settings, folderTag: string): GeneratedDashboard[] {
    return generatedDashboards(dashboardContext(s), folderTag);
}
