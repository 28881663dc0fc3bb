import { Settings, TEAM_DASHBOARD_LABEL } from "../../config";
import type { FoldedBoards } from "../contribution";
import type { TeamContractSections } from "../teams/contract";
import { grafanaModelOf } from "./stack-model";
import { PLATFORM_UID_PREFIX, platformDashboardUids, TEAM_DASHBOARD_LABEL_VALUE } from "./team-dashboards";

/**
 * Grafana's section of the team contract (docs/monitor-your-app.md#check-before-you-apply): the
 * label and namespaces of team dashboards, and the uids of the platform's boards (the fold's, built
 * only while Grafana is on), which no team board may take.
 */
export function grafanaTeamContract(s: Settings, fold: FoldedBoards): Pick<TeamContractSections, "dashboards"> {
    const t = s.grafana.enabled ? s.grafana.teamDashboards : undefined;
    return {
        dashboards: {
            label: TEAM_DASHBOARD_LABEL,
            value: TEAM_DASHBOARD_LABEL_VALUE,
            namespaces: t === undefined ? [] : t.all === true ? "all" : [...(t.namespaces ?? [])],
            platformUids: s.grafana.enabled ? platformDashboardUids(grafanaModelOf(s, fold.dashboards())).sort() : [],
            reservedUidPrefix: PLATFORM_UID_PREFIX,
        },
    };
}
