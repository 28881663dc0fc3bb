// Formats a stack as V8 does, with each frame of a TypeScript file at its TypeScript line (issue #47).
//
// Why not Node's own source maps (module.setSourceMapsSupport): they decode and parse the inline
// map of every module as it loads, some 600 here, whether a stack ever names it or not, and map
// every frame of every stack again, looking up each function's original name. @pulumi/pulumi
// reads `new Error().stack` for every promise it tracks and every resource it registers
// (runtime/debuggable.js, resource.js callsites): in a render of dev 3,765 stacks, 38,235 frames,
// through a few hundred distinct ones. Together a sixth of the render (docs/performance.md).
//
// Here a file's map is parsed when a stack first names the file, with Node's own parser
// (module.SourceMap), from what the transpiler recorded (startup/source-map-registry.js), and each
// frame of such a file is mapped once. A frame of a file without a map is V8's own text. Plain
// JavaScript, so that no entry point transpiles it.
"use strict";
const { SourceMap } = require("module");
const path = require("path");
const { fileURLToPath } = require("url");
const { sourceMapText } = require("./source-map-registry");

/** @type {Map<string, SourceMap | null>} file -> its parsed map, null for a file without one */
const MAPS = new Map();
/** @type {Map<string, string>} a mapped file's frame as V8 wrote it -> as mapped */
const FORMATTED = new Map();

// The location V8 writes at the end of a frame: `fn (file:line:col)` or `file:line:col`.
const LOCATION = /^(.*?)(\(?)([^()]+):(\d+):(\d+)(\)?)$/;

/** @param {string} file */
function mapOf(file) {
    let map = MAPS.get(file);
    if (map === undefined) {
        const text = sourceMapText(file);
        map = text === undefined ? null : new SourceMap(JSON.parse(text));
        MAPS.set(file, map);
    }
    return map;
}

/** The map's name of the TypeScript file as a path: swc writes it relative to the output's directory. */
function sourcePath(file, source) {
    return source.startsWith("file://") ? fileURLToPath(source) : path.resolve(path.dirname(file), source);
}

/** @param {NodeJS.CallSite} site */
function frameText(site) {
    const file = site.getFileName();
    const map = typeof file === "string" ? mapOf(file) : null;
    const frame = String(site);
    if (map === null) {
        return frame;
    }
    let out = FORMATTED.get(frame);
    if (out === undefined) {
        out = frame;
        const at = LOCATION.exec(frame);
        const entry = at === null ? undefined : map.findEntry(Number(at[4]) - 1, Number(at[5]) - 1);
        if (at !== null && entry !== undefined && typeof entry.originalSource === "string") {
            out = `${at[1]}${at[2]}${sourcePath(file, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}${at[6]}`;
        }
        FORMATTED.set(frame, out);
    }
    return out;
}

/** What V8 writes first: the error as Error.prototype.toString gives it. */
function header(error) {
    try {
        return String(error);
    } catch {
        return "Error";
    }
}

/**
 * Error.prepareStackTrace: the header, then a line per frame.
 * @param {Error} error
 * @param {NodeJS.CallSite[]} sites
 */
function mappedStackTrace(error, sites) {
    let text = header(error);
    for (const site of sites) {
        text += `\n    at ${frameText(site)}`;
    }
    return text;
}

module.exports = { mappedStackTrace };
