import { ConfigProblem, fullKey, Settings } from "../../config";
import { Problems } from "../../config/problems";
import { OWN_DATASOURCES } from "./datasources";

/**
 * The check of grafana.dataSources that needs the data sources the program provisions
 * (docs/grafana.md): an extra data source may take neither the uid nor the name of one of
 * them, on or off in this stack (a dashboard names its data source by uid, and a stack that
 * turns the long-term store on later must not find its uid taken). Runs while the stack loads,
 * with Grafana's other checks (Component.checks). (While Grafana is off, config/needs.ts already
 * refuses every Grafana setting, this one included.)
 */
export function grafanaDataSourceProblems(s: Settings): ConfigProblem[] {
    const problems = new Problems();
    const key = fullKey("grafana");
    (s.grafana.dataSources ?? []).forEach((d, i) => {
        const byUid = OWN_DATASOURCES.find((o) => o.uid === d.uid);
        if (byUid) {
            problems.add(`${key}.dataSources[${i}].uid`, d.uid, `a uid the program's own data sources do not use (${OWN_DATASOURCES.map((o) => o.uid).join(", ")}): ${d.uid} is "${byUid.name}"'s`);
        }
        const byName = OWN_DATASOURCES.find((o) => o.name.toLowerCase() === d.name.toLowerCase());
        if (byName) {
            problems.add(`${key}.dataSources[${i}].name`, d.name, `a name the program's own data sources do not use (${OWN_DATASOURCES.map((o) => o.name).join(", ")})`);
        }
    });
    return problems.all();
}
