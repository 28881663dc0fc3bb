import * as assert from "assert";
import { spawnSync } from "child_process";
import * as path from "path";
import { stringify } from "yaml";
import { requiredConfig } from "./harness/stack-config";
import { tempProject } from "./harness/temp-project";

// Libraries that serve one feature load only when a stack turns that feature on (see
// docs/performance.md). A fresh process is the only place where "was this module loaded" means
// anything: the test process itself has loaded everything long ago.

const REPO = path.resolve(__dirname, "..");

/** Modules under node_modules/<pkg> that a fresh process has loaded after rendering `stack` of `projectDir`, then after requiring `thenRequire`. */
function packageModulesLoaded(projectDir: string, stack: string, pkg: string, thenRequire: string): { afterRender: string[]; afterRequire: string[]; objects: number } {
    const script = `
        require("ts-node").register({ transpileOnly: true });
        const loaded = () => Object.keys(require.cache).filter((f) => f.includes(${JSON.stringify(`/node_modules/${pkg}/`)}));
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

describe("libraries of one feature load on demand", () => {
    it("a stack with Grafana off renders without loading the Grafana foundation SDK", function () {
        const config = Object.fromEntries(Object.entries(requiredConfig()).map(([k, v]) => [k.includes(":") ? k : `cluster-monitoring:${k}`, v]));
        const dir = tempProject({ "Pulumi.nografana.yaml": stringify({ config }) });
        const loaded = packageModulesLoaded(dir, "nografana", "@grafana/grafana-foundation-sdk", path.join(REPO, "stack/dashboards"));
        assert.ok(loaded.objects > 0, "the stack rendered");
        assert.deepStrictEqual(loaded.afterRender, []);
        // The same check sees the SDK once the dashboards are built, so an empty list above means
        // it was not loaded, not that the check looks in the wrong place.
        assert.ok(loaded.afterRequire.length > 0, "the dashboards module loads the SDK");
    });
});
