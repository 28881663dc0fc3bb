import * as assert from "assert";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { pulumiConfigSource } from "../config";
import { loadStackSettings } from "../stack";
import { handSettingsToNextRun, programSettings } from "../stack/program-settings";
import { useStack } from "../render/engine-mocks";
import { readStackConfig } from "../render/stack-file";
import { renderStack } from "../render";

const REPO = path.join(__dirname, "..");

/** The engine as a run of `stack` with its committed stack file would see it. */
function engineOf(stack: string): void {
    const config = readStackConfig(REPO, stack);
    useStack(stack);
    pulumi.runtime.setAllConfig(config.values, config.secretKeys);
}

/**
 * Issue #47: the offline render loaded a stack's settings for its stand-ins, then the program
 * loaded the same config again. It now hands its settings to the program's next run; these hold
 * the hand-over to that one run and to the config the settings came from.
 */
describe("the program takes settings loaded for its next run, only for the same config and only once", () => {
    it("the next run gets the very settings handed over; the run after loads its own", () => {
        engineOf("dev");
        const handed = loadStackSettings(pulumiConfigSource());
        handSettingsToNextRun(handed);
        assert.strictEqual(programSettings(pulumiConfigSource()), handed, "the first run takes the loaded settings, not a second load");
        const again = programSettings(pulumiConfigSource());
        assert.notStrictEqual(again, handed, "a later run loads afresh (an edge stack's output is read once per loaded settings)");
        assert.deepStrictEqual(JSON.parse(JSON.stringify(again)), JSON.parse(JSON.stringify(handed)), "and loads the same values");
    });

    it("settings of another config or another stack are not taken", () => {
        engineOf("dev");
        const dev = loadStackSettings(pulumiConfigSource());
        handSettingsToNextRun(dev);
        engineOf("prod");
        const got = programSettings(pulumiConfigSource());
        assert.notStrictEqual(got, dev);
        assert.strictEqual(got.metrics.replicas, loadStackSettings(pulumiConfigSource()).metrics.replicas);
        assert.notStrictEqual(got.metrics.replicas, dev.metrics.replicas, "prod's settings, not dev's (dev runs one Prometheus, prod two)");
    });

    it("a render's settings go to its own first run and are not left for a later one", async () => {
        const r = await renderStack(REPO, "dev");
        engineOf("dev");
        assert.notStrictEqual(programSettings(pulumiConfigSource()), r.settings, "the render's first run took them; a later run loads its own");
    });
});
