import type { BoardsOf } from "../contribution";
import { nodeDashboard } from "./dashboard";
import { useClusterDashboard, useNodeDashboard } from "./use-dashboards";

/** The node board and the USE Method boards; loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({ prometheus: [nodeDashboard(ctx), useClusterDashboard, useNodeDashboard] });
