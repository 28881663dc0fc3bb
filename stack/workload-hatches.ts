import { ConfigProblem, Settings } from "../config";
import type { LaterProblem } from "../components/common/later-problem";
import { COMPONENTS } from "./components";
import { foldedBoards } from "./dashboards-on-demand";

/**
 * The components' own load-time checks (Component.checks): the hatches of every workload
 * (`<component>.extra`, docs/escape-hatches.md) against the objects the components build without
 * them, what each owns (Grafana's data sources), and the checks across components that each owner
 * runs. Each component's checks are a step of their own in stack/index.ts: on settings with
 * stand-ins one component's builder may throw and its step be skipped, and the others' problems
 * are still reported in the same run. They get the boards of the fold, which Grafana's Deployment
 * mounts, built once whoever asks first.
 */
export function componentCheckSteps(): ((s: Settings) => (ConfigProblem | LaterProblem)[])[] {
    return COMPONENTS.flatMap((c) => (c.checks === undefined ? [] : [(s: Settings) => c.checks!(s, foldedBoards(s))]));
}
