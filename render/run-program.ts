import * as pulumi from "@pulumi/pulumi";
import * as path from "path";
import type { Settings } from "../config";
import { handSettingsToNextRun } from "../stack/program-settings";
import { captureResources, RegisteredResource, useStack, waitForRegistrations } from "./engine-mocks";

const PROGRAM = path.resolve(__dirname, "../index.ts");
/** index.ts only sets up stack traces and re-exports this: the module that creates the resources. */
const PROGRAM_BODY = path.resolve(__dirname, "../program.ts");

/** Stack config as the engine hands it to a program: full keys ("project:key") and string values. */
export interface EngineConfig {
    values: Record<string, string>;
    /** Keys whose values are secrets; pulumi.Config#getSecret wraps them. */
    secretKeys: string[];
}

export interface ProgramRun {
    exports: Record<string, any>;
    resources: RegisteredResource[];
}

/**
 * Runs the real index.ts (or another program, such as examples/team-program) under the runtime
 * mocks with `config` as stack `stack`, the way
 * `pulumi up` would, and returns its exports and every resource it registered. setAllConfig
 * replaces the whole config, so one run never sees another run's keys.
 */
export async function runProgram(
    config: EngineConfig,
    stack = "test",
    program: { entry: string; body?: string } = { entry: PROGRAM, body: PROGRAM_BODY },
    loaded?: Settings,
): Promise<ProgramRun> {
    // A previous run that threw may still have registrations in flight.
    await waitForRegistrations();
    useStack(stack);
    pulumi.runtime.setAllConfig(config.values, config.secretKeys);
    // Settings the caller loaded from this config: the program takes them instead of loading them again (stack/program-settings.ts).
    if (loaded !== undefined) handSettingsToNextRun(loaded);
    // The program creates its resources at load time, so each run must load it afresh.
    delete require.cache[program.entry];
    if (program.body !== undefined) delete require.cache[program.body];
    let exports: Record<string, any> = {};
    const resources = await captureResources(() => {
        exports = require(program.entry);
    });
    return { exports, resources };
}
