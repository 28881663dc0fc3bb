import type { Settings } from "../config";
import type { GeneratedDashboard } from "./dashboards";

/**
 * The stack's dashboards, built by ./dashboards on the first call. Building them loads the
 * Grafana foundation SDK, about 280 modules that only a stack with Grafana on uses; a static
 * import would make every other stack's `pulumi up` and render load them too
 * (docs/performance.md). The program's code reaches the dashboards only through here.
 */
export function dashboardsFor(s: Settings, folderTag: string): GeneratedDashboard[] {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const dashboards: typeof import("./dashboards") = require("./dashboards");
    return dashboards.dashboardsFor(s, folderTag);
}
