import { ConfigProblem, fullKey, GRAFANA_KEY, Settings } from "../../config";
import { hatchProblems } from "../common/workload-hatch";
import type { FoldedBoards } from "../contribution";
import { grafanaDeployment } from "./deployment";
import { grafanaIngress } from "./ingress";
import { CONTAINER_NAME } from "./layout";
import { grafanaModelOf } from "./stack-model";

/**
 * grafana.extra (docs/escape-hatches.md) against the Deployment and Ingress the program builds
 * without it: a flag, env name, volume, mount path, pod label or annotation it already uses is
 * refused, naming the key. The Deployment mounts every folder's boards, so it is built from the
 * stack's model with the boards the fold gives (built on the call, only while a hatch is set).
 */
export function grafanaHatchProblems(s: Settings, fold: FoldedBoards): ConfigProblem[] {
    const g = s.grafana;
    if (!(g.enabled && g.extra)) {
        return [];
    }
    return hatchProblems(grafanaDeployment(grafanaModelOf(s, fold.dashboards())), CONTAINER_NAME, g.extra, {
        ingress: grafanaIngress(g),
        noArgs: "Grafana takes its settings from grafana.ini: set them under grafana.ini",
        envPrefix: {
            prefix: "GF_",
            why: "a GF_ variable is a grafana.ini setting, unchecked here: set it under grafana.ini (docs/escape-hatches.md#grafanaini-sections), where keys the program owns are refused; GF_AUTH_* or GF_SECURITY_* could switch Grafana's login off",
        },
    }).map((p) => ({ key: `${fullKey(GRAFANA_KEY)}.extra.${p.path}`, got: p.got, expected: p.expected }));
}
