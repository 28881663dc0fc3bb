import type { BoardsOf } from "../contribution";
import { grafanaDashboard } from "./dashboard";
import { clusterDashboard } from "./dashboards/cluster";
import { homeDashboard } from "./dashboards/home";
import { networkDashboard } from "./dashboards/network";

/** Grafana's own board, and the overviews of several things it holds (Home, Cluster, Network); loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({ prometheus: [homeDashboard(ctx), clusterDashboard(ctx), networkDashboard(ctx), grafanaDashboard(ctx)] });
