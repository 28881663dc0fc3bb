import * as pulumi from "@pulumi/pulumi";
import { ProgramRun, runProgram as runWithEngineConfig } from "../../render/run-program";

/**
 * Runs the real index.ts under the runtime mocks with stack config given as structured values
 * under the project's keys, as a stack file would hold them.
 */
export function runProgram(config: Record<string, unknown>, secrets: Record<string, string> = {}): Promise<ProgramRun> {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(config)) {
        values[`cluster-monitoring:${key}`] = typeof value === "string" ? value : JSON.stringify(value);
    }
    for (const [key, value] of Object.entries(secrets)) {
        values[`cluster-monitoring:${key}`] = value;
    }
    return runWithEngineConfig({ values, secretKeys: Object.keys(secrets).map((k) => `cluster-monitoring:${k}`) });
}

export function outputValue<T>(output: pulumi.Output<T>): Promise<T> {
    return new Promise((resolve) => output.apply((v) => resolve(v)));
}
