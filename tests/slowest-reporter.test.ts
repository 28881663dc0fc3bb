import * as assert from "assert";
import { spawn } from "child_process";
import * as path from "path";
import { slowest, slowestReport, Timing } from "./harness/slowest";
import { exitOf } from "./harness/hang";

const REPO = path.resolve(__dirname, "..");

const t = (title: string, ms: number): Timing => ({ title, file: "tests/x.test.ts", ms });

describe("the slowest tests, listed after the run", () => {
    it("lists the longest first, at most n, ties in the order they finished", () => {
        const timings = [t("a", 5), t("b", 30), t("c", 5), t("d", 900), t("e", 1)];
        assert.deepStrictEqual(slowest(timings, 3).map((x) => x.title), ["d", "b", "a"]);
        assert.deepStrictEqual(slowest(timings, 10).map((x) => x.title), ["d", "b", "a", "c", "e"]);
    });

    it("prints rank, duration, title and file, and nothing for a run without tests", () => {
        const text = slowestReport([t("suite quick", 12), t("suite slow", 61234)], 10);
        assert.match(text, /Slowest 2 of 2 tests and hooks/);
        assert.match(text, /^ {3}1\. 61\.2 s {2}suite slow {2}\(tests\/x\.test\.ts\)$/m);
        assert.match(text, /^ {3}2\. {2}12 ms {2}suite quick/m);
        assert.strictEqual(slowestReport([], 10), "");
    });

    it("still prints after tests that fail, throw, fail a hook or take stdout away", async () => {
        // A mocha of its own, without the suite's .mocharc.json, on specs that misbehave on purpose.
        const child = spawn(
            process.execPath,
            [
                require.resolve("mocha/bin/mocha.js"),
                "--no-config",
                "--no-package",
                "--require", "ts-node/register/transpile-only",
                "--extension", "ts",
                "--reporter", path.join(REPO, "tests/harness/slowest-reporter.ts"),
                path.join(REPO, "tests/fixtures/slowest-reporter/rude.spec.ts"),
            ],
            { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
        );
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        const status = await exitOf(child, "mocha with the slowest reporter");
        assert.strictEqual(status, 3, `three failures: the test, the throw and the hook\n${out}`);
        assert.match(out, /^ {2}Slowest 5 of 5 tests and hooks:$/m, out);
        const list = out.slice(out.indexOf("Slowest"));
        for (const title of ["replaces stdout", "fails", "throws something", "\"before all\" hook", "passes"]) {
            assert.ok(list.includes(title), `${title} listed:\n${out}`);
        }
        assert.ok(list.includes("(tests/fixtures/slowest-reporter/rude.spec.ts)"), out);
    });
});
