/**
 * The folders the platform's dashboards are grouped in (docs/grafana.md#folders). Each is one
 * file provider with a fixed folder uid, reading its own ConfigMap (components/grafana/). A
 * dashboard's uid and URL (/d/<uid>) do not depend on its folder, so moving one keeps bookmarks.
 * Home stays at the top level (General), where Grafana's own home is.
 *
 * Folder uids share the uid space of dashboards in Grafana, so they start with cm-folder-, a
 * prefix no dashboard slug takes (tests/grafana-folders.test.ts) and team files cannot use (cm-
 * is reserved for the platform, components/grafana/team-dashboards/). Titles never start with
 * the team folders' "Team " prefix, so a team folder can never be a platform folder.
 */
export const DASHBOARD_FOLDERS = {
    /** The top level (General): Home only. */
    home: { title: "", uid: "" },
    kubernetes: { title: "Kubernetes", uid: "cm-folder-kubernetes" },
    /** What runs in the namespaces: compute and network per namespace, workload and pod (the Compute Resources and Networking boards). */
    workloads: { title: "Workloads", uid: "cm-folder-workloads" },
    nodes: { title: "Nodes", uid: "cm-folder-nodes" },
    monitoring: { title: "Monitoring stack", uid: "cm-folder-monitoring-stack" },
    logs: { title: "Logs", uid: "cm-folder-logs" },
} as const;

export type DashboardFolder = keyof typeof DASHBOARD_FOLDERS;

/** Where a dashboard that names no folder goes: most boards are about Kubernetes objects. */
export const DEFAULT_FOLDER: DashboardFolder = "kubernetes";

export const FOLDER_KEYS = Object.keys(DASHBOARD_FOLDERS) as DashboardFolder[];

/** A dashboard's folder: the one it names, else DEFAULT_FOLDER. */
export function folderOf(spec: { folder?: DashboardFolder }): DashboardFolder {
    return spec.folder ?? DEFAULT_FOLDER;
}
