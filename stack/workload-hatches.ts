import { ConfigProblem, fullKey, GRAFANA_KEY, Settings } from "../config";
import { hatchProblems } from "../components/common/workload-hatch";
import { grafanaDeployment } from "../components/grafana/deployment";
import { grafanaIngress } from "../components/grafana/ingress";
import { CONTAINER_NAME as GRAFANA_CONTAINER } from "../components/grafana/layout";
import { COMPONENTS } from "./components";
import { grafanaModel } from "./grafana-model";

/**
 * The hatches of every workload (`<component>.extra`, docs/escape-hatches.md) against the
 * objects the components build without them: a flag, env name, volume, mount path, pod label or
 * annotation the program already uses is refused, naming the key. Runs while the stack loads,
 * with the other checks (stack/index.ts), before any resource is registered. Each component
 * checks its own (Component.checks); Grafana's Deployment needs the folded dashboards, so its
 * check runs here on the stack's Grafana model.
 */
export function workloadHatchProblems(s: Settings): ConfigProblem[] {
    return [...COMPONENTS.flatMap((c) => c.checks?.(s) ?? []), ...grafanaHatchProblems(s)];
}

function grafanaHatchProblems(s: Settings): ConfigProblem[] {
    const g = s.grafana;
    if (!(g.enabled && g.extra)) {
        return [];
    }
    return hatchProblems(grafanaDeployment(grafanaModel(s)), GRAFANA_CONTAINER, g.extra, {
        ingress: grafanaIngress(g),
        noArgs: "Grafana takes its settings from grafana.ini: set them under grafana.ini",
        envPrefix: {
            prefix: "GF_",
            why: "a GF_ variable is a grafana.ini setting, unchecked here: set it under grafana.ini (docs/escape-hatches.md#grafanaini-sections), where keys the program owns are refused; GF_AUTH_* or GF_SECURITY_* could switch Grafana's login off",
        },
    }).map((p) => ({ key: `${fullKey(GRAFANA_KEY)}.extra.${p.path}`, got: p.got, expected: p.expected }));
}
