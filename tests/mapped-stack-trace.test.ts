import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { tempProject } from "./harness/temp-project";

// startup/mapped-stack-trace.js formats every stack of the program (issue #47): frames of files
// the transpiler mapped at their TypeScript lines, each mapped once, and every other frame as
// V8 writes it. The TypeScript files here are loaded by this mocha process's ts-node, through the
// project's transpiler (startup/swc-cache.js), as the program's are.

const REPO = path.resolve(__dirname, "..");

// Types swc drops stand before each throw, so the JavaScript lines differ from these.
const THROWERS = [
    "interface A { a: number }",
    "type B = A;",
    "export function first(): never {",
    "    const b: B | undefined = undefined;",
    "    throw new Error(`first ${b}`);", // line 5
    "}",
    "interface C { c: string }",
    "export function second(): never {",
    "    const c: C | undefined = undefined;",
    "    throw new Error(`second ${c}`);", // line 10
    "}",
    "export async function later(): Promise<never> {",
    "    await Promise.resolve();",
    "    const c: C | undefined = undefined;",
    "    throw new Error(`later ${c}`);", // line 15
    "}",
    "export async function awaits(): Promise<void> {",
    "    await later();", // line 18
    "}",
    "",
].join("\n");

const stackOf = (f: () => unknown): string => {
    try {
        f();
    } catch (e) {
        return (e as Error).stack ?? "";
    }
    throw new Error("did not throw");
};

describe("the program's stack formatter (startup/mapped-stack-trace.js)", () => {
    let dir: string;
    let throwers: { first(): never; second(): never; awaits(): Promise<void> };
    before(() => {
        dir = tempProject({ "throwers.ts": THROWERS });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        throwers = require(path.join(dir, "throwers.ts"));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("is the formatter this process runs with (.mocharc.json loads startup/native-source-maps.ts)", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        assert.strictEqual((Error as { prepareStackTrace?: unknown }).prepareStackTrace, require("../startup/mapped-stack-trace.js").mappedStackTrace);
    });

    it("names each frame's TypeScript line, for two throws in one file, each time asked", () => {
        const file = path.join(dir, "throwers.ts");
        for (let i = 0; i < 2; i++) {
            // A frame mapped once is remembered: the second round must still give each throw its own line.
            assert.strictEqual(stackOf(() => throwers.first()).split("\n")[1], `    at Object.first (${file}:5:11)`);
            assert.strictEqual(stackOf(() => throwers.second()).split("\n")[1], `    at Object.second (${file}:10:11)`);
        }
    });

    it("maps the frames of async functions, `async` as V8 writes it", async () => {
        const file = path.join(dir, "throwers.ts");
        const stack = await throwers.awaits().then(
            () => "",
            (e: Error) => e.stack ?? "",
        );
        const lines = stack.split("\n");
        assert.strictEqual(lines[0], "Error: later undefined");
        assert.strictEqual(lines[1], `    at later (${file}:15:11)`);
        assert.strictEqual(lines[2], `    at async Object.awaits (${file}:18:5)`);
    });

    it("writes a stack without a mapped frame exactly as V8 does", () => {
        // A plain node, once with V8's formatting and once with this one, throwing from a .js file, which has no map.
        const js = tempProject({ "plain.js": "exports.boom = function boom() { throw new TypeError('plain'); };\n" });
        try {
            const script = (own: boolean) =>
                [
                    own ? `Error.prepareStackTrace = require(${JSON.stringify(path.join(REPO, "startup/mapped-stack-trace.js"))}).mappedStackTrace;` : "",
                    `class Runner { go() { require(${JSON.stringify(path.join(js, "plain.js"))}).boom(); } }`,
                    "try { new Runner().go(); } catch (e) { process.stdout.write(e.stack); }",
                ].join("\n");
            const run = (own: boolean) => spawnSync(process.execPath, ["-e", script(own)], { encoding: "utf8" });
            const [v8, own] = [run(false), run(true)];
            assert.strictEqual(v8.status, 0, v8.stderr);
            assert.match(v8.stdout, /^TypeError: plain\n {4}at Object\.boom /);
            assert.strictEqual(own.stdout, v8.stdout);
        } finally {
            fs.rmSync(js, { recursive: true, force: true });
        }
    });
});
