import { z } from "zod";
import { closedObject, integer } from "./fields";
import { requireTeamNamespaces, teamNamespaceFields } from "./team-namespaces";

/**
 * `metrics.teamRules`: ConfigMaps labelled prometheus_rule: "1" in the namespaces listed, or in
 * all of them, become rule files, each checked with promtool before Prometheus sees it
 * (docs/monitor-your-app.md#team-rules). Off while absent; `{}` and an empty list are refused.
 */
export const teamRulesSchema = requireTeamNamespaces(
    closedObject({
        ...teamNamespaceFields(
            `namespaces whose ConfigMaps labelled prometheus_rule: "1" become rule files; Prometheus' ServiceAccount may list and watch ConfigMaps there`,
            "true: take them from every namespace (a ClusterRole: list, watch ConfigMaps cluster-wide)",
        ),
        maxFilesPerNamespace: integer(1, 1000).default(20).meta({ description: "rule files taken per namespace; the next ones are refused" }),
        maxRulesPerNamespace: integer(1, 100000).default(200).meta({ description: "rules taken per namespace; a file that would pass it is refused" }),
    }),
    "teamRules",
);

export type TeamRulesSettings = z.output<typeof teamRulesSchema>;
