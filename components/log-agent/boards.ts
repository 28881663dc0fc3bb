import type { GeneratedDashboard } from "../common/dashboards/generated-dashboard";
import type { BoardsOf } from "../contribution";
import { logAgentDashboard } from "./dashboard";
import { logsDashboard } from "./logs-dashboard";

/** The agent's board, and the Logs board on the log store (built here, on Elasticsearch); loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({
    prometheus: [logAgentDashboard(ctx)],
    built: (folderTag) => {
        const json = logsDashboard(ctx, folderTag);
        return json === undefined ? [] : [{ slug: "logs", folder: "logs", json: json as GeneratedDashboard["json"] }];
    },
});
