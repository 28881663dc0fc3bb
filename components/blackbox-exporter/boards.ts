import type { BoardsOf } from "../contribution";
import { probesDashboard } from "./dashboard";

/** Its board; loaded only while Grafana is on. */
export const boards: BoardsOf = () => ({ prometheus: [probesDashboard] });
