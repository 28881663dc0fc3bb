import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");
// mocha's own file collection, as `mocha` runs it on the script's arguments (not part of its typed API).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const collectFiles = require("mocha/lib/cli/collect-files") as (o: object) => { files: string[]; unmatchedFiles: unknown[] };

/** The mocha arguments of `npm test`, unquoted as sh reads them. */
function testScriptArgs(): string[] {
    const script: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.test;
    const mocha = script.slice(script.indexOf("mocha "));
    return [...mocha.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(1);
}

/** Every test file under tests/, found by walking the tree rather than by a glob. */
function everyTestFile(dir = path.join(ROOT, "tests")): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? everyTestFile(full) : e.name.endsWith(".test.ts") ? [full] : [];
    });
}

/**
 * `npm test` names its slowest files before the glob of the rest (docs/rendering.md#the-test-suite):
 * mocha's parallel workers take files in the order given, so a long file started last would
 * set the run's tail. The glob leaves the named files out, since mocha runs a file named twice
 * twice.
 */
describe("npm test: the slowest files first, then every other test file, each once", () => {
    const args = testScriptArgs();
    const spec = args.filter((a) => !a.startsWith("-") && !/^[0-9]+$/.test(a));
    const named = spec.filter((a) => !/[*!(]/.test(a));

    it("runs mocha in parallel, named files first and one glob after them", () => {
        assert.ok(args.includes("--parallel"), args.join(" "));
        assert.ok(named.length > 0, "no file is named first");
        assert.deepStrictEqual(spec.slice(0, named.length), named, "the named files come before the glob");
        for (const f of named) {
            assert.ok(fs.existsSync(path.join(ROOT, f)), `${f}, named first in npm test, does not exist`);
        }
    });

    it("collects every test file under tests/ exactly once, the named ones first and in their order", () => {
        const { files, unmatchedFiles } = collectFiles({ ignore: [], extension: ["ts"], file: [], recursive: false, sort: false, spec: spec.map((s) => path.join(ROOT, s)) });
        assert.deepStrictEqual(unmatchedFiles, []);
        assert.deepStrictEqual(files.slice(0, named.length), named.map((f) => path.join(ROOT, f)));
        const twice = files.filter((f, i) => files.indexOf(f) !== i);
        assert.deepStrictEqual(twice, [], "files that would run twice");
        assert.deepStrictEqual([...files].sort(), everyTestFile().sort());
    });
});
