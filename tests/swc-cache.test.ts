import * as assert from "assert";
import { spawnSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { tsNodeService } from "./harness/ts-node-service";

// startup/swc-cache.js keeps swc's output on disk (docs/performance.md, issue #47): a file whose
// text changed must be transpiled again, never handed its old output, and an unchanged one is
// served from the entry. Each test compiles under a file name of its own, so it shares no entry
// with the program's files or another run.

const REPO = path.resolve(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sourceMapText } = require("../startup/source-map-registry") as { sourceMapText(file: string): string | undefined };
const CACHE_DIR = path.join(REPO, "node_modules", ".cache", "ts-node-swc");

function service() {
    return tsNodeService({ cwd: REPO, project: path.join(REPO, "tsconfig.json") });
}

function uniqueFile(): string {
    return path.join(os.tmpdir(), `swc-cache-${process.pid}-${crypto.randomBytes(6).toString("hex")}`, "answer.ts");
}

/** The cache entries that name `file` in their source map: the ones this test's compiles wrote. */
function entriesFor(file: string): string[] {
    return fs
        .readdirSync(CACHE_DIR)
        .filter((f) => f.endsWith(".json"))
        .map((f) => path.join(CACHE_DIR, f))
        .filter((f) => fs.readFileSync(f, "utf8").includes(path.basename(path.dirname(file))));
}

describe("the transpiler's disk cache (startup/swc-cache.js)", () => {
    it("transpiles a file again when its text changed, and keeps one entry per file", () => {
        const ts = service();
        const file = uniqueFile();
        const first = ts.compile("export const answer: number = 41;\n", file);
        assert.match(first, /answer = 41/);
        const second = ts.compile("export const answer: number = 42;\n", file);
        assert.match(second, /answer = 42/);
        assert.doesNotMatch(second, /41/);
        const entries = entriesFor(file);
        assert.strictEqual(entries.length, 1, `one entry for ${file}, got ${entries.length}`);
        entries.forEach((f) => fs.rmSync(f));
    });

    it("hands an unchanged file its stored output, without transpiling it", () => {
        const ts = service();
        const file = uniqueFile();
        const text = "export const answer: number = 42;\n";
        const compiled = ts.compile(text, file);
        const [entry] = entriesFor(file);
        assert.ok(entry, `an entry for ${file}`);
        // The stored output, marked: only a read of the entry can return the mark.
        const stored = JSON.parse(fs.readFileSync(entry, "utf8"));
        fs.writeFileSync(entry, JSON.stringify({ ...stored, outputText: `${stored.outputText}// served from the cache\n` }));
        try {
            const again = service().compile(text, file);
            assert.match(again, /served from the cache/);
            assert.strictEqual(again.replace("// served from the cache\n", ""), compiled);
        } finally {
            fs.rmSync(entry);
        }
    });

    it("keeps the source map's positions for the stack formatter, without the TypeScript text, and inlines an empty one", () => {
        const file = uniqueFile();
        const js = service().compile("interface Unused { a: number }\nexport const answer: number = 42;\n", file);
        entriesFor(file).forEach((f) => fs.rmSync(f));
        const text = sourceMapText(file);
        assert.ok(text !== undefined, "the map is recorded for startup/mapped-stack-trace.js");
        const map = JSON.parse(text);
        assert.strictEqual(map.sourcesContent, undefined);
        assert.deepStrictEqual(
            map.sources.map((s: string) => path.resolve(path.dirname(file), s)),
            [file],
        );
        assert.ok(map.mappings.length > 0);
        // What ts-node inlines into the module's text maps nothing: nobody reads it, and V8 would read through it.
        const inline = JSON.parse(Buffer.from(js.split("base64,")[1], "base64").toString("utf8"));
        assert.strictEqual(inline.mappings, "");
    });

    it("transpiles as ts-node's own swc transpiler does, from the same compiler options", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { compilerOptions } = require("typescript").parseConfigFileTextToJson("tsconfig.json", fs.readFileSync(path.join(REPO, "tsconfig.json"), "utf8")).config;
        const plain = tsNodeService({ cwd: REPO, skipProject: true, swc: true, compilerOptions });
        const text = 'import * as path from "path";\nexport const sep: string = path.sep;\n';
        const file = uniqueFile();
        const code = (js: string) => js.split("//# sourceMappingURL=")[0];
        const withCache = service().compile(text, file);
        const again = service().compile(text, file);
        entriesFor(file).forEach((f) => fs.rmSync(f));
        assert.strictEqual(code(withCache), code(plain.compile(text, file)));
        assert.strictEqual(again, withCache);
    });

    it("loads swc only when a file misses the cache: a start whose files are all stored never loads it", () => {
        const dir = path.join(os.tmpdir(), `swc-cache-${process.pid}-${crypto.randomBytes(6).toString("hex")}`);
        const file = path.join(dir, "answer.ts");
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(file, "export const answer: number = 42;\n");
        // A fresh process per start, as `pulumi up` and the render are: it requires the file through
        // the project's ts-node settings and says whether @swc/core's module was loaded.
        const script = [
            `require("ts-node").register({ project: ${JSON.stringify(path.join(REPO, "tsconfig.json"))} });`,
            `const { answer } = require(${JSON.stringify(file)});`,
            // (its package.json is read for the cache key either way; its code and native binding are what cost)
            `const swc = Object.keys(require.cache).some((k) => k.includes("${path.sep}@swc${path.sep}core") && !k.endsWith("package.json"));`,
            `process.stdout.write(JSON.stringify({ answer, swc }));`,
        ].join(" ");
        const start = () => {
            const run = spawnSync(process.execPath, ["-e", script], { cwd: REPO, encoding: "utf8" });
            assert.strictEqual(run.status, 0, run.stderr);
            return JSON.parse(run.stdout) as { answer: number; swc: boolean };
        };
        try {
            assert.deepStrictEqual(start(), { answer: 42, swc: true }, "the first start transpiles the file with swc");
            assert.deepStrictEqual(start(), { answer: 42, swc: false }, "the second start finds it stored and leaves swc unloaded");
        } finally {
            entriesFor(file).forEach((f) => fs.rmSync(f));
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
