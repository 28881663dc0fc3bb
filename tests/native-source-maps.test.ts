import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { tempProject } from "./harness/temp-project";

// index.ts swaps ts-node's source-map-support for the program's own stack formatter
// (startup/native-source-maps.ts, startup/mapped-stack-trace.js). Each case runs a fresh node that starts as `pulumi up` does:
// @pulumi/pulumi's launcher (cmd/run/index.js) installs the plain source-map-support, then run.js
// registers ts-node with the project's tsconfig. The swap is seen from the start of a process
// rather than after mocha already made it.

const REPO = path.resolve(__dirname, "..");

// The throw is on line 8; swc drops the interface and the type alias, so in the JavaScript that
// runs it sits on an earlier line. Only a mapped stack names line 8.
const THROWER = [
    "interface Unused {",
    "    a: number;",
    "    b: string;",
    "}",
    "type Alias = Unused;",
    "export function fail(): never {",
    "    const value: Alias | undefined = undefined;",
    "    throw new Error(`boom ${value}`);",
    "}",
    "",
].join("\n");

interface Run {
    /** The stack of the error thrown from a TypeScript file loaded after the swap. */
    stack: string;
    /** No source-map-support hook is left: Error.prepareStackTrace is the program's formatter. */
    ownFormatter: boolean;
    /** Node's own source-map support is off: it would parse every module's map as it loads. */
    nodeMapsOff: boolean;
}

function runWith(swap: boolean): Run {
    const dir = tempProject({ "thrower.ts": THROWER });
    try {
        const script = [
            "const nodesOwn = Error.prepareStackTrace;",
            `require(${JSON.stringify(require.resolve("source-map-support/register", { paths: [path.dirname(require.resolve("@pulumi/pulumi/cmd/run"))] }))});`,
            `require(${JSON.stringify(require.resolve("ts-node"))}).register({ project: ${JSON.stringify(path.join(REPO, "tsconfig.json"))}, transpileOnly: true });`,
            swap ? `require(${JSON.stringify(path.join(REPO, "startup/native-source-maps.ts"))});` : "",
            `let stack = "";`,
            `try { require(${JSON.stringify(path.join(dir, "thrower.ts"))}).fail(); } catch (e) { stack = e.stack; }`,
            `const own = require(${JSON.stringify(path.join(REPO, "startup/mapped-stack-trace.js"))}).mappedStackTrace;`,
            `process.stdout.write(JSON.stringify({ stack, ownFormatter: Error.prepareStackTrace === own, nodeMapsOff: !process.sourceMapsEnabled, untouched: Error.prepareStackTrace === nodesOwn }));`,
        ].join("\n");
        const child = spawnSync(process.execPath, ["-e", script], { cwd: REPO, encoding: "utf8" });
        assert.strictEqual(child.status, 0, child.stderr);
        return JSON.parse(child.stdout) as Run;
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

describe("stack traces of the program (startup/native-source-maps.ts)", () => {
    it("leaves ts-node's source-map-support, which formats every stack Pulumi takes, switched off, and Node's source maps too", () => {
        // Without the swap ts-node's hook is installed: this is what the swap removes.
        assert.strictEqual(runWith(false).ownFormatter, false);
        const swapped = runWith(true);
        assert.strictEqual(swapped.ownFormatter, true);
        assert.strictEqual(swapped.nodeMapsOff, true);
    });

    it("still names the TypeScript line of a frame, through the map the transpiler recorded", () => {
        const { stack } = runWith(true);
        assert.match(stack.split("\n")[1], /thrower\.ts:8:\d+\)$/, stack);
    });
});
