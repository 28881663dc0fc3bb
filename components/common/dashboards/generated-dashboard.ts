/** One generated dashboard: its file name in the ConfigMap and its JSON model. */
export interface GeneratedDashboard {
    /** Also the ConfigMap suffix: lower case, digits and dashes. */
    slug: string;
    json: { uid: string; title: string; panels?: any[]; templating?: { list?: any[] } } & Record<string, unknown>;
}
