import { DashboardPanelSpec } from "../common/dashboards/panels";
import { BURN_RATE_ALERTS, burnRateRecord, burnRateThreshold, SLO_TARGET } from "./slo-rules";

/**
 * The API server's availability and error budget, for the Control plane board, read from the
 * burn-rate recording rules (slo-rules.ts): one series per verb class (read, write), never the
 * request histogram itself. A recorded burn rate is the share of requests that missed the
 * objective; divided by the budget it says how fast the budget goes: 1 spends it in exactly the
 * objective's 30 days.
 */
const BUDGET = burnRateThreshold(1);
const percent = `${Number((SLO_TARGET * 100).toFixed(6))} %`;
const paging = BURN_RATE_ALERTS.filter((a) => a.severity === "critical");
const factor = (w: (typeof BURN_RATE_ALERTS)[number]["long"]) => `${burnRateRecord(w)} / ${BUDGET}`;
/** The longest window the rules record. */
const LONGEST = "3d" as const;

export const APISERVER_SLO_PANELS: DashboardPanelSpec[] = [
    {
        title: "API server availability, last 3 days",
        description: `Share of read and of write requests over the last 3 days that answered without a 5xx and within their latency bound; the objective is ${percent} over 30 days`,
        unit: "percentunit",
        kind: "stat",
        needs: ["apiserver", "defaultRules"],
        queries: [{ expr: `1 - ${burnRateRecord(LONGEST)}`, legend: "{{verb}}" }],
    },
    {
        title: "API server error budget burn rate, last 3 days",
        description: "How fast the last 3 days spent the error budget: 1 spends it in exactly 30 days, above 1 the objective is missed at this pace",
        unit: "short",
        kind: "stat",
        needs: ["apiserver", "defaultRules"],
        queries: [{ expr: factor(LONGEST), legend: "{{verb}}" }],
    },
    {
        title: "API server error budget burn rate",
        description:
            "How fast the error budget goes, over the windows that page: KubeAPIErrorBudgetBurn fires (critical) " +
            paging.map((a) => `above ${a.factor} over ${a.long} and ${a.short}`).join(", and ") +
            "; 1 spends the budget in exactly 30 days",
        unit: "short",
        kind: "timeseries",
        needs: ["apiserver", "defaultRules"],
        queries: paging.map((a) => ({ expr: factor(a.long), legend: `{{verb}} ${a.long}` })),
    },
    {
        kind: "text",
        title: "API server: not answered here",
        content:
            "**Availability and error budget left over the objective's whole 30 days.** The burn-rate rules record windows up to 3 days, " +
            "the longest an alert reads; a 30-day ratio would read 30 days of the request histogram at every evaluation. " +
            "The 3-day burn rate says whether the budget holds at the present pace (at most 1), " +
            "and the 1 h and 6 h burn rates whether it is going fast now (docs/alerting.md, the API server's error budget).",
        needs: ["apiserver", "defaultRules"],
    },
];
