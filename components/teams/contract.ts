/**
 * What a team's objects are checked against (docs/monitor-your-app.md#check-before-you-apply):
 * the platform's release line, what its jobs keep, the namespaces and labels it takes, and the
 * uids that are the platform's. The stack output teamContract publishes it; `npm run team:check`
 * reads it from a stack file of a clone, or from `pulumi stack output teamContract --json`.
 */
export interface TeamContract {
    /** Bumped when a field changes meaning; the checker refuses a contract it does not know. */
    contractVersion: 1;
    /**
     * promqlFeatures: the --enable-feature flags of metrics.extra.args that change what PromQL may
     * say (prometheus-releases/promql-features.ts); absent from contracts published before it: none.
     */
    prometheus: { version: string; line: string; promqlFeatures?: string[] };
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
        /** The namespaces whose labelled ConfigMaps become rule files; "all", or none while metrics.teamRules is off. */
        namespaces: string[] | "all";
        maxFilesPerNamespace: number;
        maxRulesPerNamespace: number;
    };
    /**
     * Where a Service annotated prometheus.io/probe is probed, and with which blackbox modules;
     * none while the blackbox exporter's probeAnnotated or annotation discovery is off. Absent
     * from contracts published before it was added: they offer no probes.
     */
    probes?: { namespaces: string[] | "all"; modules: string[] };
}

export const TEAM_CONTRACT_VERSION = 1;


/**
 * The contract's sections each component of the list brings (Component.teamContract): Prometheus
 * its release and the team rules, Grafana the team dashboards, the blackbox exporter the probes.
 * The stack adds the version and the kept families, which are the fold's (stack/team-contract.ts).
 */
export type TeamContractSections = Omit<TeamContract, "contractVersion" | "keptFamilies">;
