import type { BoardsOf } from "../contribution";
import { searchStoreDashboard } from "./dashboard";

/** Its board; loaded only while Grafana is on. */
export const boards: BoardsOf = () => ({ prometheus: [searchStoreDashboard] });
