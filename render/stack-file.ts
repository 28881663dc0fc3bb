import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { EngineConfig } from "./run-program";
import { SECRET_MARKER } from "./secret-marker";

const PROJECT = "cluster-monitoring";

/** Pulumi.<stack>.yaml in `projectDir`; the file every `pulumi` command of that stack reads. */
export function stackFilePath(projectDir: string, stack: string): string {
    return path.join(projectDir, `Pulumi.${stack}.yaml`);
}

/** The stacks that have a stack file in `projectDir`, sorted by name. */
export function stacksIn(projectDir: string): string[] {
    return fs
        .readdirSync(projectDir)
        .map((f) => /^Pulumi\.([^.]+)\.yaml$/.exec(f)?.[1])
        .filter((s): s is string => s !== undefined)
        .sort();
}

/**
 * The config the engine would hand the program for this stack file. The engine passes plain
 * strings as they are and any other value as JSON; a `secure:` value anywhere under a key
 * becomes SECRET_MARKER and makes the whole key a secret, as Pulumi does after decrypting it.
 */
export function engineConfigOf(stackFileText: string): EngineConfig {
    const doc = (parse(stackFileText) ?? {}) as { config?: Record<string, unknown> };
    const values: Record<string, string> = {};
    const secretKeys: string[] = [];
    for (const [rawKey, rawValue] of Object.entries(doc.config ?? {})) {
        // A key without a namespace belongs to the project, as in `pulumi config set`.
        const key = rawKey.includes(":") ? rawKey : `${PROJECT}:${rawKey}`;
        const found = { secure: false };
        const value = replaceSecure(rawValue, found);
        values[key] = typeof value === "string" ? value : JSON.stringify(value);
        if (found.secure) {
            secretKeys.push(key);
        }
    }
    return { values, secretKeys };
}

export function readStackConfig(projectDir: string, stack: string): EngineConfig {
    const file = stackFilePath(projectDir, stack);
    if (!fs.existsSync(file)) {
        throw new Error(`no stack file ${file}; create it with 'pulumi stack init ${stack}' or by copying Pulumi.dev.yaml`);
    }
    return engineConfigOf(fs.readFileSync(file, "utf8"));
}

function replaceSecure(value: unknown, found: { secure: boolean }): unknown {
    if (Array.isArray(value)) {
        return value.map((v) => replaceSecure(v, found));
    }
    if (typeof value === "object" && value !== null) {
        const entries = Object.entries(value);
        if (entries.length === 1 && entries[0][0] === "secure") {
            found.secure = true;
            return SECRET_MARKER;
        }
        return Object.fromEntries(entries.map(([k, v]) => [k, replaceSecure(v, found)]));
    }
    return value;
}
