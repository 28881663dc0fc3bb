import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { tempProject } from "./harness/temp-project";

// startup/compile-cache.ts keeps V8's compiled code on disk (issue #47, docs/performance.md).
// Each case runs a fresh node that registers ts-node with the project's tsconfig, as `pulumi up`
// does, then loads the module; an entry must never run a module's old text.

const REPO = path.resolve(__dirname, "..");
const CACHE_DIR = path.join(REPO, "node_modules", ".cache", "node-compile-cache");

function nodeWith(script: string): string {
    const child = spawnSync(
        process.execPath,
        ["-e", [`require(${JSON.stringify(require.resolve("ts-node"))}).register({ project: ${JSON.stringify(path.join(REPO, "tsconfig.json"))} });`, `require(${JSON.stringify(path.join(REPO, "startup/compile-cache.ts"))});`, script].join("\n")],
        { cwd: REPO, encoding: "utf8" },
    );
    assert.strictEqual(child.status, 0, child.stderr);
    return child.stdout;
}

describe("the module compile cache (startup/compile-cache.ts)", () => {
    it("is on, in node_modules/.cache/node-compile-cache, after the module loads", () => {
        assert.strictEqual(path.dirname(nodeWith('process.stdout.write(String(require("module").getCompileCacheDir()));')), CACHE_DIR, "Node keeps a folder per version inside it");
    });

    it("runs a module's new text once it changed, never its cached code", () => {
        const dir = tempProject({ "answer.js": "module.exports = 1;\n" });
        try {
            const read = `process.stdout.write(String(require(${JSON.stringify(path.join(dir, "answer.js"))})));`;
            assert.strictEqual(nodeWith(read), "1");
            assert.strictEqual(nodeWith(read), "1", "from the entry the first run wrote");
            fs.writeFileSync(path.join(dir, "answer.js"), "module.exports = 2;\n");
            assert.strictEqual(nodeWith(read), "2");
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
