import { rulesWhileOn } from "../contribution";
import { pushgatewayGroup } from "./alerts";
import { pushgatewaySettings } from "./settings";

/** Its alerts while it runs (one group, the same on every release line); off, no rule file (docs/pushgateway.md). */
export const pushgatewayRules = rulesWhileOn((s) => pushgatewaySettings(s).enabled, () => [pushgatewayGroup()]);
