import { MetricsSettings } from "../../../config";

/** The names of the team rules' objects (object-names.ts checks them for collisions). */
export const teamRulesScriptConfigMapName = (s: Pick<MetricsSettings, "name">) => `${s.name}-team-rules-script`;
export const teamRulesRoleName = (s: Pick<MetricsSettings, "serviceAccountName">) => `${s.serviceAccountName}-team-rules`;
