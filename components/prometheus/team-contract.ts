import { Settings } from "../../config";
import { teamRulesSchema } from "../../config/team-rules";
import { prometheusRelease, resolveRelease } from "../../prometheus-releases/release-lines";
import { promqlFeaturesOf } from "../../prometheus-releases/promql-features";
import type { TeamContractSections } from "../teams/contract";
import { TEAM_RULE_LABEL, TEAM_RULE_LABEL_VALUE } from "./team-rules";

/**
 * Prometheus' sections of the team contract (docs/monitor-your-app.md#check-before-you-apply):
 * the release a team's PromQL must run on, and where and how many team rule files it takes.
 */
export function prometheusTeamContract(s: Settings): Pick<TeamContractSections, "prometheus" | "rules"> {
    const resolved = resolveRelease(s.metrics.image, s.metrics.prometheusVersion);
    const r = s.metrics.teamRules;
    const defaults = teamRulesSchema.parse({ all: true });
    return {
        prometheus: { version: "version" in resolved ? resolved.version : "", line: prometheusRelease(s.metrics).line, promqlFeatures: promqlFeaturesOf(s.metrics.extra?.args) },
        rules: {
            label: TEAM_RULE_LABEL,
            value: TEAM_RULE_LABEL_VALUE,
            namespaces: r === undefined ? [] : r.all === true ? "all" : [...(r.namespaces ?? [])],
            // Off, the limits a stack would get by default, so a team can check before the platform turns it on.
            maxFilesPerNamespace: (r ?? defaults).maxFilesPerNamespace,
            maxRulesPerNamespace: (r ?? defaults).maxRulesPerNamespace,
        },
    };
}
