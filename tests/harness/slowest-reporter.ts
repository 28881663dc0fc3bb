import * as path from "path";
import * as Mocha from "mocha";
import { slowestReport, Timing } from "./slowest";

const { EVENT_HOOK_END, EVENT_RUN_END, EVENT_TEST_END, EVENT_TEST_FAIL } = Mocha.Runner.constants;
const REPO = path.resolve(__dirname, "../..");
const SHOWN = 10;

/**
 * mocha's spec reporter, then the ten slowest tests and hooks of the run (.mocharc.json names
 * it). It listens to the runner rather than running as a root hook, so a test cannot fail it,
 * skip it or make it fail a test: the listeners never throw, and what they print goes through
 * the stdout write they found when the run began, in case a test replaces process.stdout.write
 * or console.log and does not put it back. Durations are mocha's own.
 */
class SpecWithSlowest extends Mocha.reporters.Spec {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
        super(runner, options);
        const write = process.stdout.write.bind(process.stdout);
        const seen = new Set<Mocha.Runnable>();
        const timings: Timing[] = [];
        const record = (runnable: Mocha.Runnable) => {
            try {
                // A failing hook ends with "fail" and no "hook end"; a failing test with both.
                if (seen.has(runnable) || typeof runnable.duration !== "number") {
                    return;
                }
                seen.add(runnable);
                const file = runnable.file ? path.relative(REPO, runnable.file) : "?";
                timings.push({ title: runnable.fullTitle(), file, ms: runnable.duration });
            } catch {
                // A runnable that cannot describe itself is left out rather than disturbing the run.
            }
        };
        runner.on(EVENT_TEST_END, record);
        runner.on(EVENT_HOOK_END, record);
        runner.on(EVENT_TEST_FAIL, record);
        runner.once(EVENT_RUN_END, () => {
            try {
                write(slowestReport(timings, SHOWN));
            } catch (e) {
                write(`  (the slowest tests could not be listed: ${e})\n`);
            }
        });
    }
}

export = SpecWithSlowest;
