import { stringify } from "yaml";
import { DASHBOARD_FOLDERS, FOLDER_KEYS } from "../common/dashboards/folders";
import { dashboardsPath } from "./layout";
import { TEAM_FOLDER_PREFIX } from "./team-dashboards/names";

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
 * One file provider per platform folder (components/common/dashboards/folders.ts), each reading
 * its folder's ConfigMap, with the folder's fixed uid so the folder keeps its URL; Home's, at
 * the top level, keeps the program's name. UI edits are refused, since the next scan would undo
 * them. With team dashboards, one more provider reads the sidecar's directory, one folder per
 * sub-directory (foldersFromFilesStructure; its own folder stays empty, as Grafana requires then),
 * always named "Team <namespace>" by the sorter. Separate providers: a team's file can never
 * replace a platform file, and Grafana stops writing every provider involved in a duplicate uid,
 * which the sorter never lets through.
 */
export function dashboardProvidersFile(program: string, teams?: { name: string; path: string }): DashboardProvidersFile {
    for (const key of FOLDER_KEYS) {
        const title = DASHBOARD_FOLDERS[key].title;
        if (title.startsWith(TEAM_FOLDER_PREFIX)) {
            throw new Error(`platform folder ${key} is titled "${title}", which a team's folder ("${TEAM_FOLDER_PREFIX}<namespace>") could take; choose a title without that prefix`);
        }
    }
    return {
        apiVersion: 1,
        providers: [
            ...FOLDER_KEYS.map((key) => {
                const f = DASHBOARD_FOLDERS[key];
                return {
                    name: key === "home" ? program : `${program}-${key}`,
                    orgId: 1,
                    folder: f.title,
                    ...(f.uid !== "" ? { folderUid: f.uid } : {}),
                    type: "file" as const,
                    disableDeletion: false,
                    allowUiUpdates: false,
                    updateIntervalSeconds: UPDATE_INTERVAL_SECONDS,
                    options: { path: dashboardsPath(key), foldersFromFilesStructure: false },
                };
            }),
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

export function dashboardProvidersYaml(program: string, teams?: { name: string; path: string }): string {
    return stringify(dashboardProvidersFile(program, teams));
}
