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
        folderUid?: string;
        type: "file";
        disableDeletion: boolean;
        allowUiUpdates: boolean;
        updateIntervalSeconds: number;
        options: { path: string; foldersFromFilesStructure: boolean };
    }>;
}

/**
 * One file provider whose folder is named after the program; UI edits are refused, since the next
 * scan would undo them. With team dashboards, a second provider reads the sidecar's directory,
 * one folder per sub-directory (foldersFromFilesStructure; its own folder stays empty, as Grafana
 * requires then). Two providers: a team's file can never replace a platform file, and Grafana
 * stops writing every provider involved in a duplicate uid, which the sorter never lets through.
 */
export function dashboardProvidersFile(folder: string, teams?: { name: string; path: string }): DashboardProvidersFile {
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
            ...(teams
                ? [
                      {
                          name: teams.name,
                          orgId: 1,
                          folder: "",
                          type: "file" as const,
                          disableDeletion: false,
                          allowUiUpdates: false,
                          updateIntervalSeconds: UPDATE_INTERVAL_SECONDS,
                          options: { path: teams.path, foldersFromFilesStructure: true },
                      },
                  ]
                : []),
        ],
    };
}

export function dashboardProvidersYaml(folder: string, teams?: { name: string; path: string }): string {
    return stringify(dashboardProvidersFile(folder, teams));
}
