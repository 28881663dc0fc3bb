import type { BoardsOf } from "../contribution";
import { prometheusDashboard } from "./dashboard";
import { remoteWriteDashboard } from "./remote-write-dashboard";

/** Prometheus' own board and its remote write's; loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({ prometheus: [prometheusDashboard(ctx), remoteWriteDashboard(ctx)] });
