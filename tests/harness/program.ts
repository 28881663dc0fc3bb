import * as pulumi from "@pulumi/pulumi";
import * as path from "path";
import { captureResources, RegisteredResource } from "./pulumi-mocks";

const PROGRAM = path.resolve(__dirname, "../../index.ts");

/**
 * Runs the real index.ts under the runtime mocks with the given stack config, the way
 * `pulumi up` would, and returns its exports and every resource it registered.
 */
export async function runProgram(
    config: Record<string, unknown>,
    secrets: Record<string, string> = {},
): Promise<{ exports: Record<string, any>; resources: RegisteredResource[] }> {
    const all: Record<string, string> = {};
    for (const [key, value] of Object.entries(config)) {
        all[`cluster-monitoring:${key}`] = typeof value === "string" ? value : JSON.stringify(value);
    }
    for (const [key, value] of Object.entries(secrets)) {
        all[`cluster-monitoring:${key}`] = value;
    }
    pulumi.runtime.setAllConfig(all, Object.keys(secrets).map((k) => `cluster-monitoring:${k}`));
    delete require.cache[PROGRAM];
    let exports: Record<string, any> = {};
    const resources = await captureResources(() => {
        exports = require(PROGRAM);
    });
    return { exports, resources };
}

export function outputValue<T>(output: pulumi.Output<T>): Promise<T> {
    return new Promise((resolve) => output.apply((v) => resolve(v)));
}
