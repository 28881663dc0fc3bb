import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { resetEngine } from "../render/engine-mocks";
import { runProgram } from "../render/run-program";
import { readStackConfig } from "../render/stack-file";

// A resource's URN is its identity in a stack's state: a changed type token, parent or name would
// make `pulumi up` delete the old object and create a new one. The fixtures hold every URN of the
// committed stacks as recorded before the code layout moved (commit 72f0d16). No Pulumi engine
// runs here, so this proves the URNs the program asks for under the runtime mocks, which compute
// them as the engine does (type chain of the parents, then the name); the program declares no
// aliases, because none is needed while every URN stays the same.

const REPO = path.resolve(__dirname, "..");
// Internal to @pulumi/pulumi (pinned in package.json): the mock monitor keeps every URN it made.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getMonitor } = require("@pulumi/pulumi/runtime/settings") as { getMonitor: () => { resources: Map<string, unknown> } };

function recorded(stack: string): string[] {
    return fs
        .readFileSync(path.join(REPO, "tests/fixtures/urns", `${stack}.txt`), "utf8")
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#"));
}

async function urnsOf(stack: string): Promise<string[]> {
    // A fresh engine: another test file in this worker may have rendered the same stack, and
    // its URNs would otherwise hide this run's.
    resetEngine(stack);
    await runProgram(readStackConfig(REPO, stack), stack);
    return [...getMonitor().resources.keys()].filter((u) => u.startsWith(`urn:pulumi:${stack}::`)).sort();
}

describe("URNs stay those of existing stacks", () => {
    for (const stack of ["dev", "e2e", "prod"]) {
        it(`stack ${stack}: every URN is one recorded before the layout moved, and none is missing`, async () => {
            const now = await urnsOf(stack);
            const then = recorded(stack);
            assert.deepStrictEqual(
                { added: now.filter((u) => !then.includes(u)), removed: then.filter((u) => !now.includes(u)) },
                { added: [], removed: [] },
            );
        });
    }

});
