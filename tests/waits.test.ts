import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { HANG_MS } from "./harness/hang";

const REPO = path.resolve(__dirname, "..");
const HANG_FILE = path.join("tests", "harness", "hang.ts");

function testSources(dir = path.join(REPO, "tests")): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
            return e.name === "fixtures" ? [] : testSources(full);
        }
        return e.name.endsWith(".ts") ? [full] : [];
    });
}

/** Lines of the suite's own sources that match `pattern`, as `file:line: text`, outside hang.ts. */
function offending(pattern: RegExp): string[] {
    return testSources()
        .filter((f) => path.relative(REPO, f) !== HANG_FILE)
        .flatMap((f) =>
            fs
                .readFileSync(f, "utf8")
                .split("\n")
                .map((line, i) => ({ line, i }))
                .filter(({ line }) => pattern.test(line) && !line.trim().startsWith("//") && !line.trim().startsWith("*"))
                .map(({ line, i }) => `${path.relative(REPO, f)}:${i + 1}: ${line.trim()}`),
        );
}

// `npm test` must pass on a busy machine: waits end on events, and the only limits are hang
// detectors far above any honest duration (docs/rendering.md#the-test-suite).
describe("no test depends on how fast the machine is", () => {
    it("no suite or test sets its own mocha timeout: the one in .mocharc.json is the hang limit", () => {
        assert.deepStrictEqual(offending(/\bthis\.timeout\(/), []);
    });

    it("no deadline or sleep outside tests/harness/hang.ts: waits use until() or an event", () => {
        assert.deepStrictEqual(offending(/=\s*Date\.now\(\)\s*\+|new Promise\(\s*\(?\s*\w+\s*\)?\s*=>\s*setTimeout\(/), []);
    });

    it("a wait's own deadline is at most a minute (issue #46), so a hang fails on the condition it names", () => {
        assert.ok(HANG_MS <= 60_000, `HANG_MS ${HANG_MS} ms`);
    });

    it("mocha's limit lets a wait report its own hang first", () => {
        const mocharc = JSON.parse(fs.readFileSync(path.join(REPO, ".mocharc.json"), "utf8"));
        assert.ok(mocharc.timeout >= 2 * HANG_MS, `.mocharc.json timeout ${mocharc.timeout} ms, HANG_MS ${HANG_MS} ms`);
    });
});
