import * as pulumi from "@pulumi/pulumi";
import { ProgramRun, runProgram as runWithEngineConfig } from "../../render/run-program";

/** A key as the engine spells it: the project's own keys gain the project prefix, kubernetes:context stays. */
function engineKey(key: string): string {
    return key.includes(":") ? key : `cluster-monitoring:${key}`;
}

/**
 * Runs the real index.ts under the runtime mocks with stack config given as structured values,
 * as a stack file would hold them: project keys without their prefix, other keys in full.
 */
export function runProgram(config: Record<string, unknown>, secrets: Record<string, string> = {}): Promise<ProgramRun> {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(config)) {
        values[engineKey(key)] = typeof value === "string" ? value : JSON.stringify(value);
    }
    for (const [key, value] of Object.entries(secrets)) {
        values[engineKey(key)] = value;
    }
    return runWithEngineConfig({ values, secretKeys: Object.keys(secrets).map(engineKey) });
}

export function outputValue<T>(output: pulumi.Output<T>): Promise<T> {
    return new Promise((resolve) => output.apply((v) => resolve(v)));
}
