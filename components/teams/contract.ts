/**
 * What a team's objects are checked against (docs/monitor-your-app.md#check-before-you-apply):
 * the platform's release line, what its jobs keep, the namespaces and labels it takes, and the
 * uids that are the platform's. The stack output teamContract publishes it; `npm run team:check`
 * reads it from a stack file of a clone, or from `pulumi stack output teamContract --json`.
 */
export interface TeamContract {
    /** Bumped when a field changes meaning; the checker refuses a contract it does not know. */
    contractVersion: 1;
    prometheus: { version: string; line: string };
    /** Per job: families kept and dropped by name (the stack output keptFamilies). */
    keptFamilies: Record<string, { kept: string[]; dropped: string[]; unlisted: "kept" }>;
    dashboards: {
        label: string;
        value: string;
        /** The namespaces whose labelled ConfigMaps become dashboards; "all", or none while grafana.teamDashboards is off. */
        namespaces: string[] | "all";
        platformUids: string[];
        reservedUidPrefix: string;
    };
    rules: {
        label: string;
        value: string;
        maxFilesPerNamespace: number;
        maxRulesPerNamespace: number;
    };
}

export const TEAM_CONTRACT_VERSION = 1;

/**
 * The label of a team's rule ConfigMaps, beside grafana_dashboard: one key per rule file. Only the
 * checker takes them today; the drop-in rules path (issue 31, path 1) is not deployed yet.
 */
export const TEAM_RULE_LABEL = "prometheus_rule";
export const TEAM_RULE_LABEL_VALUE = "1";
export const TEAM_RULE_LIMITS = { maxFilesPerNamespace: 20, maxRulesPerNamespace: 200 } as const;
