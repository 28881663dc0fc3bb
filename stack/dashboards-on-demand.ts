import type { Settings } from "../config";
import type { FoldedBoards } from "../components/contribution";
import { PROJECT } from "../config/source";
import type { GeneratedDashboard } from "./dashboards";

/** Settings are never changed once loaded, so each one's dashboards are built once per folder tag. */
const BUILT = new WeakMap<Settings, Map<string, readonly GeneratedDashboard[]>>();

/**
 * The stack's dashboards, built by ./dashboards on the first call. Building them loads the
 * Grafana foundation SDK, about 280 modules that only a stack with Grafana on uses; a static
 * import would make every other stack's `pulumi up` and render load them too
 * (docs/performance.md). The program's code reaches the dashboards only through here.
 *
 * Grafana's resources and the team contract's platform uids both read them: one build serves
 * both (building every board was a tenth of a render of dev, and it ran twice).
 */
export function dashboardsFor(s: Settings, folderTag: string): readonly GeneratedDashboard[] {
    let byTag = BUILT.get(s);
    if (byTag === undefined) {
        byTag = new Map();
        BUILT.set(s, byTag);
    }
    let built = byTag.get(folderTag);
    if (built === undefined) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const dashboards: typeof import("./dashboards") = require("./dashboards");
        built = dashboards.dashboardsFor(s, folderTag);
        byTag.set(folderTag, built);
    }
    return built;
}

/** The stack's boards as the fold gives them to the components' load-time checks and their parts of the team contract: built on the first call, once. */
export function foldedBoards(s: Settings): FoldedBoards {
    return { dashboards: () => dashboardsFor(s, PROJECT) };
}
