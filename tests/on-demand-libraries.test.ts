import * as assert from "assert";
import * as fs from "fs";
import { spawnSync } from "child_process";
import * as path from "path";
import { stringify } from "yaml";
import { requiredConfig } from "./harness/stack-config";
import { tempProject } from "./harness/temp-project";

// Libraries that serve one feature load only when a stack turns that feature on (see
// docs/performance.md). A fresh process is the only place where "was this module loaded" means
// anything: the test process itself has loaded everything long ago.

const REPO = path.resolve(__dirname, "..");

/** Modules whose path matches `pattern` that a fresh process has loaded after rendering `stack` of `projectDir`, then after requiring `thenRequire`. */
function modulesLoaded(projectDir: string, stack: string, pattern: RegExp, thenRequire: string): { afterRender: string[]; afterRequire: string[]; objects: number } {
    const script = `
        require("ts-node").register({ transpileOnly: true });
        const loaded = () => Object.keys(require.cache).filter((f) => new RegExp(${JSON.stringify(pattern.source)}).test(f));
        require(${JSON.stringify(path.join(REPO, "render"))}).renderStack(${JSON.stringify(projectDir)}, ${JSON.stringify(stack)}).then(
            ({ objects }) => {
                const afterRender = loaded();
                require(${JSON.stringify(thenRequire)});
                process.stdout.write(JSON.stringify({ afterRender, afterRequire: loaded(), objects: objects.length }));
                process.exit(0);
            },
            (e) => { console.error(e); process.exit(1); },
        );`;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: REPO, encoding: "utf8" });
    assert.strictEqual(run.status, 0, run.stderr);
    return JSON.parse(run.stdout);
}

/** A stack of the required keys alone: Grafana is off by default. */
function grafanaOffProject(): string {
    const config = Object.fromEntries(Object.entries(requiredConfig()).map(([k, v]) => [k.includes(":") ? k : `cluster-monitoring:${k}`, v]));
    return tempProject({ "Pulumi.nografana.yaml": stringify({ config }) });
}

describe("libraries of one feature load on demand", () => {
    it("a stack with Grafana off renders without loading the Grafana foundation SDK", function () {
        const loaded = modulesLoaded(grafanaOffProject(), "nografana", /\/node_modules\/@grafana\/grafana-foundation-sdk\//, path.join(REPO, "stack/dashboards"));
        assert.ok(loaded.objects > 0, "the stack rendered");
        assert.deepStrictEqual(loaded.afterRender, []);
        // The same check sees the SDK once the dashboards are built, so an empty list above means
        // it was not loaded, not that the check looks in the wrong place.
        assert.ok(loaded.afterRequire.length > 0, "the dashboards module loads the SDK");
    });

    it("nor any component's boards: each component's dashboards hook requires them only while Grafana is on", function () {
        // The boards' modules (components/<thing>/boards.ts and the specs it lists) are loaded by the
        // fold over the list's hooks (stack/dashboards.ts), never by a component's contribution.
        const boards = /\/components\/[a-z-]+\/(boards|([a-z-]+-)?dashboards?)\.ts$/;
        const loaded = modulesLoaded(grafanaOffProject(), "nografana", boards, path.join(REPO, "stack/dashboards"));
        assert.ok(loaded.objects > 0, "the stack rendered");
        assert.deepStrictEqual(loaded.afterRender, []);
        // Requiring the fold alone loads none either: the hooks run when the dashboards are built.
        assert.deepStrictEqual(loaded.afterRequire, []);
        // The pattern names the boards' files that exist, so an empty list means none was loaded.
        const files = fs.readdirSync(path.join(REPO, "components"), { recursive: true, encoding: "utf8" }).map((f) => path.join(REPO, "components", f));
        assert.ok(files.filter((f) => boards.test(f)).length >= 20, "the pattern finds the boards' modules");
    });
});
