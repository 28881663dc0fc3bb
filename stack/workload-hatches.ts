import { ConfigProblem, Settings } from "../config";
import { COMPONENTS } from "./components";
import { foldedBoards } from "./dashboards-on-demand";

/**
 * The hatches of every workload (`<component>.extra`, docs/escape-hatches.md) against the
 * objects the components build without them: a flag, env name, volume, mount path, pod label or
 * annotation the program already uses is refused, naming the key. Runs while the stack loads,
 * with the other checks (stack/index.ts), before any resource is registered. Each component
 * checks its own (Component.checks), with what it owns (Grafana's data sources), given the boards
 * of the fold, which Grafana's Deployment mounts.
 */
export function workloadHatchProblems(s: Settings): ConfigProblem[] {
    const fold = foldedBoards(s);
    return COMPONENTS.flatMap((c) => c.checks?.(s, fold) ?? []);
}
