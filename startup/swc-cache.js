// ts-node's swc transpiler with a disk cache of its output (issue #47, docs/performance.md).
//
// Every start of the program (`pulumi up`, `npm run render`, each mocha process) transpiled all
// ~580 TypeScript files with swc again: about a sixth of a render's CPU. swc's output depends only
// on the file's text, its name and the compiler options, so this module keeps the output on disk
// and hands it back while those are unchanged. A file that changed misses and is transpiled again.
//
// tsconfig.json's "ts-node" section names this module as its `transpiler`. It is plain
// JavaScript because ts-node loads its transpiler before it compiles anything.
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const swcTranspiler = require("ts-node/transpilers/swc");
const { recordSourceMap } = require("./source-map-registry");

// Bump when the entry format or what this module hands ts-node changes.
const FORMAT = 2;
// A source map that maps nothing: what ts-node inlines now that the real one is kept aside.
const EMPTY_MAP = JSON.stringify({ version: 3, sources: [], names: [], mappings: "" });
const CACHE_DIR = path.join(__dirname, "..", "node_modules", ".cache", "ts-node-swc");

function versionOf(pkg) {
    try {
        return require(`${pkg}/package.json`).version;
    } catch {
        return "unknown";
    }
}

// One call per text (crypto.hash, Node 21.7+) instead of a Hash object per file.
function sha256(text) {
    return crypto.hash("sha256", text, "hex");
}

/** One slot per file and compiler settings, so an edited file replaces its entry instead of adding one. */
function cached(slotKey, input, transpile) {
    const slot = path.join(CACHE_DIR, `${sha256(slotKey)}.json`);
    const key = sha256(`${slotKey}\n${input}`);
    try {
        const entry = JSON.parse(fs.readFileSync(slot, "utf8"));
        if (entry.key === key) {
            return { outputText: entry.outputText, sourceMapText: entry.sourceMapText };
        }
    } catch {
        // No entry yet, or one cut short: transpile.
    }
    const output = withoutSources(transpile());
    try {
        fs.mkdirSync(CACHE_DIR, { recursive: true });
        // Written aside and renamed, so a process reading the slot meanwhile never sees half an entry.
        const aside = `${slot}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
        fs.writeFileSync(aside, JSON.stringify({ key, outputText: output.outputText, sourceMapText: output.sourceMapText }));
        fs.renameSync(aside, slot);
    } catch {
        // A read-only checkout still runs; it transpiles every time, as without the cache.
    }
    return output;
}

/**
 * The source map without the TypeScript text again (`sourcesContent`): each map is kept in memory
 * for the stack formatter (startup/source-map-registry.js), which parses it when a stack names its
 * file (startup/mapped-stack-trace.js) and reads only positions, so half of each map was memory and
 * parsing for nothing. Frames still name the .ts file and line.
 */
function withoutSources(output) {
    if (!output.sourceMapText) {
        return output;
    }
    const map = JSON.parse(output.sourceMapText);
    delete map.sourcesContent;
    return { outputText: output.outputText, sourceMapText: JSON.stringify(map) };
}

/** The ts-node transpiler interface (ts-node/dist/transpilers/types.d.ts): create(options) returns { transpile }. */
function create(createOptions) {
    // swc itself (a native module, and ts-node's probe of its targets) is loaded on the first miss
    // only: a start whose files are all cached never needs it (issue #47, docs/performance.md).
    let inner;
    const transpileWithSwc = (input, transpileOptions) => {
        inner ??= swcTranspiler.create(createOptions);
        return inner.transpile(input, transpileOptions);
    };
    const settings = JSON.stringify([
        FORMAT,
        versionOf("ts-node"),
        versionOf("@swc/core"),
        createOptions.nodeModuleEmitKind ?? null,
        createOptions.service.config.options,
    ]);
    return {
        transpile(input, transpileOptions) {
            const output = cached(`${settings}\n${transpileOptions.fileName}`, input, () => transpileWithSwc(input, transpileOptions));
            // The map goes to the stack formatter, which reads it only when a stack names the file.
            // ts-node gets an empty one: it base64-encodes whatever map it gets into the module's
            // text, which V8 then reads through as it compiles, and no reader of that copy is left
            // (startup/native-source-maps.ts removes ts-node's source-map-support).
            recordSourceMap(transpileOptions.fileName, output.sourceMapText);
            return { outputText: output.outputText, sourceMapText: EMPTY_MAP };
        },
    };
}

module.exports = { create };
