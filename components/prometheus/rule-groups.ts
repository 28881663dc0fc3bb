import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { prometheusGroup } from "./alerts";
import { prometheusHealthGroup } from "./health-alerts";
import { remoteWriteGroup } from "./remote-write-alerts";
import { targetCountGroup } from "./target-count-rules";

/** Prometheus' own alerts, and the remote-write ones while it writes somewhere. */
export function prometheusRuleGroups(c: RuleContext): RuleGroup[] {
    return [prometheusGroup(c), prometheusHealthGroup(c), targetCountGroup(), ...(c.remoteWrite !== undefined ? [remoteWriteGroup(c.prometheusJob, c.remoteWrite)] : [])];
}
