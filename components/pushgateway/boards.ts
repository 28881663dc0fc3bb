import type { BoardsOf } from "../contribution";
import { pushgatewayDashboard } from "./dashboard";
import { pushgatewaySettings } from "./settings";

/** Its board while it runs (docs/pushgateway.md); loaded only while Grafana is on. */
export const boards: BoardsOf = (s) => (pushgatewaySettings(s).enabled ? { prometheus: [pushgatewayDashboard] } : {});
