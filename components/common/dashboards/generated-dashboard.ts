import type { DashboardFolder } from "./folders";

/** One generated dashboard: its file name in its folder's ConfigMap, its folder and its JSON model. */
export interface GeneratedDashboard {
    /** Also the ConfigMap key: lower case, digits and dashes. */
    slug: string;
    /** The platform folder it is provisioned in (folders.ts). */
    folder: DashboardFolder;
    json: { uid: string; title: string; panels?: any[]; templating?: { list?: any[] } } & Record<string, unknown>;
}
