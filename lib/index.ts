/**
 * The library entry of the package (docs/monitor-your-app.md#from-a-teams-own-pulumi-program): what a
 * team's own Pulumi program imports. Unlike index.ts, which is the platform's program and creates
 * its resources when loaded, nothing here registers a resource on import; `npm run pack:lib`
 * compiles this entry alone to JavaScript and declarations and packs it.
 */
export { TeamMonitoring } from "../components/teams/team-monitoring";
export type { TeamMonitoringArgs, TeamRuleGroup, TeamDashboard } from "../components/teams/team-monitoring";
export { TEAM_CONTRACT_VERSION } from "../components/teams/contract";
export type { TeamContract } from "../components/teams/contract";
export { checkTeamFiles, TeamCheckError } from "../components/teams/check";
export type { TeamFile, TeamProblem } from "../components/teams/check";
export { enforceNamespace } from "../components/teams/enforce-namespace";
export type { TeamProbe } from "../components/teams/probes";
export type { EnforcedExpression } from "../components/teams/enforce-namespace";
