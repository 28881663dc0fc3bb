import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { apiserverCertificatesGroup } from "./alerts";
import { apiserverAvailabilityGroup } from "./availability-rules";
import { apiserverHealthGroup } from "./health-alerts";
import { apiserverLatencyGroup } from "./latency-rules";
import { apiserverRequestsGroup } from "./request-rate-rules";
import { apiserverSloGroup, apiserverSloLongGroup } from "./slo-rules";

/** The API server's alerts and records, while its job scrapes. */
export function apiserverRuleGroups(c: RuleContext): RuleGroup[] {
    return c.apiserver ? [apiserverCertificatesGroup(), apiserverHealthGroup(), apiserverSloLongGroup(), apiserverSloGroup(), apiserverLatencyGroup(), apiserverRequestsGroup(), apiserverAvailabilityGroup()] : [];
}
