import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { spawn } from "child_process";
import { exitOf, HANG_MS, until } from "./harness/hang";

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

    it("no wait on a child's exit outside tests/harness/hang.ts (exitOf) and server-process.ts (stopChild): a hung child fails on its own deadline, not mocha's", () => {
        const allowed = new Set([path.join("tests", "harness", "server-process.ts")]);
        assert.deepStrictEqual(offending(/\.(on|once)\(\s*["'](exit|close)["']/).filter((l) => !allowed.has(l.split(":")[0])), []);
    });

    it("a wait's own deadline is at most a minute (issue #46), so a hang fails on the condition it names", () => {
        assert.ok(HANG_MS <= 60_000, `HANG_MS ${HANG_MS} ms`);
    });

    it("mocha's limit lets a wait report its own hang first", () => {
        const mocharc = JSON.parse(fs.readFileSync(path.join(REPO, ".mocharc.json"), "utf8"));
        assert.ok(mocharc.timeout >= 2 * HANG_MS, `.mocharc.json timeout ${mocharc.timeout} ms, HANG_MS ${HANG_MS} ms`);
    });
});

// The waits themselves end at their deadline (a short one here, the same code as HANG_MS'), naming
// what never happened, even when what they wait on never settles.
describe("a wait fails on its own deadline, naming its condition", () => {
    it("until: a check that never answers (a server that takes the connection and never replies)", async () => {
        const never = () => new Promise<boolean>(() => undefined);
        await assert.rejects(until(never, "the never-answering check", undefined, 300), /hung: no the never-answering check after 0\.3 s \(Error: hung: a check for the never-answering check did not answer/);
    });

    it("exitOf: a child that never exits is killed, and the wait names it", async () => {
        const child = spawn(process.execPath, ["-e", "setInterval(() => undefined, 1000)"], { stdio: "ignore" });
        await assert.rejects(exitOf(child, "the idle child", 300), /hung: the idle child had not exited after 0\.3 s/);
        await until(async () => child.signalCode === "SIGKILL", "the idle child killed");
    });

    it("exitOf: a child that exits gives its status", async () => {
        assert.strictEqual(await exitOf(spawn(process.execPath, ["-e", "process.exit(3)"], { stdio: "ignore" }), "a child that exits 3"), 3);
    });
});
