import type { BoardsOf } from "../contribution";
import { longTermStoreDashboard } from "./dashboard";

/** Its board; loaded only while Grafana is on. */
export const boards: BoardsOf = () => ({ prometheus: [longTermStoreDashboard] });
