import { rulesWhileOn } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { apiserverCertificatesGroup } from "./alerts";
import { apiserverAvailabilityGroup } from "./availability-rules";
import { apiserverHealthGroup } from "./health-alerts";
import { apiserverLatencyGroup } from "./latency-rules";
import { apiserverRequestsGroup } from "./request-rate-rules";
import { apiserverSloGroup, apiserverSloLongGroup } from "./slo-rules";

/** The API server's alerts and records. */
export function apiserverRuleGroups(): RuleGroup[] {
    return [apiserverCertificatesGroup(), apiserverHealthGroup(), apiserverSloLongGroup(), apiserverSloGroup(), apiserverLatencyGroup(), apiserverRequestsGroup(), apiserverAvailabilityGroup()];
}

/** While its job scrapes (metrics.jobs.apiserver). */
export const apiserverRules = rulesWhileOn((s) => s.metrics.jobs.apiserver, apiserverRuleGroups);
