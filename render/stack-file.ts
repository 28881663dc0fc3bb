import * as fs from "fs";
import * as path from "path";
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";
import { EngineConfig } from "./run-program";
import { configKey } from "./config-key";
import { compareUtf8, topLevelText } from "./config-text";
import { Decoder, DMap, kindOf, kindOfValue } from "./yaml-v3-decoder";
import { maskUserInfo } from "../config/formats/user-info";

export { SUPPORTED } from "./yaml-v3-decoder";

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
 * A stack file the Pulumi CLI would reject, or that uses YAML this render refuses (see
 * SUPPORTED). The message is one line, `<file>:<line>:<col>: <what> ...`, and is meant to be
 * printed as it is, without a stack trace.
 */
export class StackFileError extends Error {
    constructor(
        readonly file: string,
        readonly line: number | undefined,
        readonly col: number | undefined,
        readonly detail: string,
    ) {
        // A quoted line of the file may hold a URL with its password (issue #33, class 8).
        super(`${file}${line === undefined ? "" : `:${line}:${col}`}: ${maskUserInfo(detail)}`);
        this.name = "StackFileError";
    }
}

/**
 * The config the Pulumi CLI would hand the program for this stack file, read the way the CLI
 * reads it (gopkg.in/yaml.v3 v3.0.1 into interface{}, then pulumi's config.Value):
 * - plain scalars resolve as yaml.v3 resolves them: only true/false (any case form) are
 *   booleans, so yes/no/on/off stay strings; 0755 is octal (493), 0o17, 0x1F and 0b101 are
 *   integers, underscores are dropped (1_000 is 1000); quoted and block scalars are strings;
 * - merge keys (<<: *a, <<: [*a, *b]) take the merged maps' keys unless the map sets them
 *   itself, the first map of a list winning;
 * - a top-level value that is a string is passed as it is, a number or boolean as its JSON text,
 *   an empty value (`key:` or `~`) as "", and a list or map as JSON with sorted keys (see goJson);
 * - a `secure:` value anywhere under a key becomes SECRET_MARKER and makes the whole key a secret,
 *   as Pulumi does after decrypting it.
 * Duplicate keys, tabs in indentation, bad indentation and a file that is not a mapping are
 * errors, as they are for the CLI. Custom tags, !!set/!!omap/!!pairs, !!timestamp and unquoted
 * dates, .inf/.nan, non-text !!binary and non-string keys are refused: the CLI would silently
 * pass something the writer did not mean (a date becomes "2024-01-01 00:00:00 +0000 UTC").
 * Throws StackFileError naming `fileName`, line and column.
 */
export function engineConfigOf(stackFileText: string, fileName = "stack file"): EngineConfig {
    const lineCounter = new LineCounter();
    const doc = parseDocument(stackFileText, { lineCounter, uniqueKeys: false, merge: false, prettyErrors: false, schema: "failsafe" });
    const fail = (offset: number | undefined, detail: string): never => {
        const pos = offset === undefined ? undefined : lineCounter.linePos(offset);
        throw new StackFileError(fileName, pos?.line, pos?.col, detail);
    };
    if (doc.errors.length > 0) {
        const e = doc.errors[0];
        fail(e.pos[0], yamlErrorText(e.code, e.message));
    }
    const decoder = new Decoder(doc, fail, lineCounter);
    const root = doc.contents;
    if (root === null || (isScalar(root) && decoder.value(root, "") === null)) {
        // An empty stack file, or one of comments only, has no config, as for the CLI.
        return { values: {}, secretKeys: [] };
    }
    if (!isMap(root)) {
        fail(root.range?.[0], `the top level of a stack file must be a mapping (config:, secretsprovider:, ...), not ${kindOf(root)}`);
    }
    const top = decoder.value(root, "") as DMap;
    const config = top.get("config");
    const configNode = decoder.keyNodes.get(top)?.get("config");
    if (config === undefined || config === null) {
        return { values: {}, secretKeys: [] };
    }
    if (!(config instanceof Map)) {
        fail(configNode?.value?.range?.[0], `config: must be a mapping of config keys to values, not ${kindOfValue(config)}`);
    }
    const values: Record<string, string> = {};
    const secretKeys: string[] = [];
    for (const [rawKey, value] of config as DMap) {
        const key = configKey(rawKey);
        if (key === undefined) {
            fail(
                decoder.keyNodes.get(config as DMap)?.get(rawKey)?.key?.range?.[0],
                `config key "${rawKey}" is not of the form <namespace>:<name> (nor a bare <name> of this project), so the Pulumi CLI rejects it`,
            );
        }
        if (key! in values) {
            fail(decoder.keyNodes.get(config as DMap)?.get(rawKey)?.key?.range?.[0], `config key "${rawKey}" names "${key}" a second time`);
        }
        const found = { secure: false };
        values[key!] = topLevelText(value, found);
        if (found.secure) {
            secretKeys.push(key!);
        }
    }
    const sorted = Object.keys(values).sort(compareUtf8);
    return { values: Object.fromEntries(sorted.map((k) => [k, values[k]])), secretKeys: secretKeys.sort(compareUtf8) };
}

/** Reads Pulumi.<stack>.yaml of `projectDir` as engineConfigOf does; errors name the file as given relative to the working directory. */
export function readStackConfig(projectDir: string, stack: string): EngineConfig {
    const file = stackFilePath(projectDir, stack);
    const shown = displayPath(file);
    if (!fs.existsSync(file)) {
        throw new StackFileError(shown, undefined, undefined, `no such stack file; create it with 'pulumi stack init ${stack}' or by copying Pulumi.dev.yaml`);
    }
    return engineConfigOf(fs.readFileSync(file, "utf8"), shown);
}

function displayPath(file: string): string {
    const relative = path.relative(process.cwd(), file);
    return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/** A parse error of the `yaml` package as one line, with what the Pulumi CLI says for the same. */
function yamlErrorText(code: string, message: string): string {
    const what = message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    switch (code) {
        case "TAB_AS_INDENT":
            return "tab character in indentation; indent with spaces (the Pulumi CLI fails with \"found character that cannot start any token\")";
        case "BAD_INDENT":
        case "BLOCK_AS_IMPLICIT_KEY":
        case "MULTILINE_IMPLICIT_KEY":
        case "BAD_DIRECTIVE":
            return `bad indentation: ${what}`;
        case "MULTIPLE_DOCS":
            return "more than one YAML document (---); a stack file is one mapping";
        case "DUPLICATE_KEY":
            return `duplicate key: ${what}`;
        default:
            return `invalid YAML: ${what}`;
    }
}
