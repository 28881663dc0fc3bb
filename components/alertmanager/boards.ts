import type { BoardsOf } from "../contribution";
import { alertmanagerDashboard } from "./dashboard";

/** Alertmanager's board; loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({ prometheus: [alertmanagerDashboard(ctx)] });
