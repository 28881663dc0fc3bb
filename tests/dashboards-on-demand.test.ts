import * as assert from "assert";
import { PROJECT } from "../config/source";
import { composition } from "../stack";
import { dashboardsFor, foldedBoards } from "../stack/dashboards-on-demand";
import { grafanaModel } from "./harness/grafana-model";
import { settingsWithGrafana } from "./harness/stack-config";

// Every board is built once per loaded settings (docs/performance.md): Grafana's resources, the
// Grafana model the hatch checks read and the team contract's platform uids share one build.

describe("the dashboards on demand (stack/dashboards-on-demand.ts)", () => {
    it("builds a stack's boards once: Grafana's resources and the Grafana model read the same build", () => {
        const s = settingsWithGrafana();
        const built = composition(s).dashboards();
        assert.ok(built.length > 10, `${built.length} boards`);
        assert.strictEqual(grafanaModel(s).dashboards, built);
        // Grafana's hatch checks and its part of the team contract read the fold's boards (stack/dashboards-on-demand.ts foldedBoards), so the same build.
        assert.strictEqual(dashboardsFor(s, PROJECT), built);
        assert.strictEqual(foldedBoards(s).dashboards(), built);
    });

    it("builds them again for other settings, and for another folder tag", () => {
        const s = settingsWithGrafana();
        const other = settingsWithGrafana({ nodeExporter: { enabled: false } });
        assert.notStrictEqual(dashboardsFor(other, PROJECT), dashboardsFor(s, PROJECT));
        assert.ok(!dashboardsFor(other, PROJECT).some((d) => d.json.uid === "cm-node"), "the other settings' own boards");
        assert.notStrictEqual(dashboardsFor(s, "another-tag"), dashboardsFor(s, PROJECT));
    });
});
