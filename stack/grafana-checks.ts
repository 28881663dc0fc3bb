import { ConfigProblem, fullKey, Settings } from "../config";
import { Problems } from "../config/problems";
import { OWN_DATASOURCES } from "../components/grafana/datasources";

/**
 * The checks of grafana.sso, grafana.ini, grafana.plugins and grafana.dataSources that need what
 * the components own (docs/grafana.md): an extra data source may take neither the uid nor the
 * name of one the program provisions, on or off in this stack (a dashboard names its data source
 * by uid, and a stack that turns the long-term store on later must not find its uid taken). Runs
 * while the stack loads, with the other checks (stack/index.ts), before any resource is registered. (While Grafana is off, config/needs.ts
 * already refuses every one of these settings, as it does any Grafana setting.)
 */
export function grafanaHatchProblems(s: Settings): ConfigProblem[] {
    const problems = new Problems();
    const g = s.grafana;
    const key = fullKey("grafana");
    (g.dataSources ?? []).forEach((d, i) => {
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
