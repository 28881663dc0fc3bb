import { TEAM_CONTRACT_VERSION, TeamContract, TeamContractSections } from "../components/teams/contract";
import { Settings } from "../config";
import { COMPONENTS } from "./components";
import { foldedBoards } from "./dashboards-on-demand";
import { KeptFamilies } from "./family-tables";

/**
 * The stack output teamContract (docs/monitor-your-app.md#check-before-you-apply): what a team's
 * objects are checked against, from this stack's settings. A fold over the list: each component
 * brings its sections (Component.teamContract), the fold adds the version and the kept families.
 */
export function teamContractOf(s: Settings, keptFamilies: Record<string, KeptFamilies>): TeamContract {
    const fold = foldedBoards(s);
    const sections: Partial<TeamContractSections> = {};
    const by: Record<string, string> = {};
    for (const c of COMPONENTS) {
        for (const [name, section] of Object.entries(c.teamContract?.(s, fold) ?? {})) {
            if (by[name] !== undefined) {
                throw new Error(`the team contract's ${name} comes from two components, ${by[name]} and ${c.name}: one component brings each section`);
            }
            by[name] = c.name;
            Object.assign(sections, { [name]: section });
        }
    }
    const { prometheus, dashboards, rules, probes } = sections;
    if (prometheus === undefined || dashboards === undefined || rules === undefined) {
        throw new Error(`no component of the list brings the team contract's ${["prometheus", "dashboards", "rules"].filter((n) => by[n] === undefined).join(", ")}`);
    }
    // The contract's own order of fields, as the stack output has always published them.
    return { contractVersion: TEAM_CONTRACT_VERSION, prometheus, keptFamilies, dashboards, rules, ...(probes !== undefined ? { probes } : {}) };
}
