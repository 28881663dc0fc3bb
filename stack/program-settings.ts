import * as pulumi from "@pulumi/pulumi";
import type { ConfigSource, Settings } from "../config";
import { loadStackSettings } from "./index";

/**
 * The settings of the program's next run, when whoever starts it has loaded them already.
 *
 * Why: the offline render (render/index.ts) loads a stack's settings for its stand-ins and its
 * checklist, then runs the program, which loaded the same config again: on prod a tenth of a
 * second, and every check of the load a second time (docs/performance.md). Only the next run
 * takes them, and only while the engine's config and stack are the ones they were loaded from:
 * the render's later runs (its stand-in variants) must load afresh, since an edge stack's
 * StackReference is read once per loaded settings
 * (components/long-term-store/edge-stack-credentials.ts) and each variant reads other outputs.
 */
interface Handed {
    settings: Settings;
    loadedFrom: string;
}

let handed: Handed | undefined;

/** What the settings were loaded from: every config key and value the engine holds, and the stack. */
function engineConfigKey(): string {
    const config = pulumi.runtime.allConfig();
    return JSON.stringify([pulumi.getStack(), Object.keys(config).sort().map((k) => [k, config[k]])]);
}

/** Hands settings loaded from the engine's current config to the program's next run. */
export function handSettingsToNextRun(settings: Settings): void {
    handed = { settings, loadedFrom: engineConfigKey() };
}

/** The settings handed over for this config, once; else the stack file's, loaded and checked (stack/index.ts). */
export function programSettings(source: ConfigSource): Settings {
    const h = handed;
    handed = undefined;
    return h !== undefined && h.loadedFrom === engineConfigKey() ? h.settings : loadStackSettings(source);
}
