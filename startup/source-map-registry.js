// Each TypeScript file's source map, as the transpiler produced it, by the file's path (issue #47).
//
// startup/swc-cache.js records here what it hands ts-node; startup/mapped-stack-trace.js reads a
// file's map only when a stack first names that file. Node's own source-map support decoded and
// parsed every module's inline map as the module loaded, whether a stack ever named it or not:
// a sixth of a render (docs/performance.md). Plain JavaScript, as the transpiler that fills it.
"use strict";

/** @type {Map<string, string>} path of the .ts file -> its source map's JSON text */
const MAPS = new Map();

module.exports = {
    /** @param {string} file @param {string | undefined} mapText */
    recordSourceMap(file, mapText) {
        if (mapText) MAPS.set(file, mapText);
    },
    /** @param {string} file @returns {string | undefined} */
    sourceMapText(file) {
        return MAPS.get(file);
    },
};
