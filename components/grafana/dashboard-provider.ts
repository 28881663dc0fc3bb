import { stringify } from "yaml";
import { GRAFANA_PATHS } from "./layout";

/**
 * How a changed dashboard reaches Grafana: the dashboard ConfigMaps are one projected volume, the
 * kubelet rewrites its files when a ConfigMap changes (no subPath, so updates do arrive), and the
 * file provider rescans the directory every updateIntervalSeconds. No restart and no sidecar, so
 * Grafana needs no Kubernetes API access (docs/grafana.md#how-a-dashboard-change-arrives).
 */
export const UPDATE_INTERVAL_SECONDS = 30;

export interface DashboardProvidersFile {
    apiVersion: 1;
    providers: Array<{
        name: string;
        orgId: number;
        folder: string;
        folderUid: string;
        type: "file";
        disableDeletion: boolean;
        allowUiUpdates: boolean;
        updateIntervalSeconds: number;
        options: { path: string; foldersFromFilesStructure: boolean };
    }>;
}

/** One file provider whose folder is named after the program; UI edits are refused, since the next scan would undo them. */
export function dashboardProvidersFile(folder: string): DashboardProvidersFile {
    return {
        apiVersion: 1,
        providers: [
            {
                name: folder,
                orgId: 1,
                folder,
                folderUid: folder,
                type: "file",
                disableDeletion: false,
                allowUiUpdates: false,
                updateIntervalSeconds: UPDATE_INTERVAL_SECONDS,
                options: { path: GRAFANA_PATHS.dashboards, foldersFromFilesStructure: false },
            },
        ],
    };
}

export function dashboardProvidersYaml(folder: string): string {
    return stringify(dashboardProvidersFile(folder));
}
