import * as nodeModule from "module";
import * as path from "path";

/**
 * Keeps V8's compiled code of every module loaded after this on disk (Node's module compile
 * cache), in node_modules/.cache/node-compile-cache beside the transpiler's (startup/swc-cache.js).
 *
 * Why: every start (`pulumi up`, each render, each mocha process) compiled some 2,500 modules
 * again, the program's ~600 and the libraries', a fifth of a render of dev (docs/performance.md).
 * Node checks each entry against the module's text and compiles again when it changed, so an
 * edited file is never run from a stale entry. An unwritable directory only means compiling as
 * before. Node 22.1 added the API; on an older Node this does nothing.
 */
const CACHE_DIR = path.join(__dirname, "..", "node_modules", ".cache", "node-compile-cache");

const withCache = nodeModule as unknown as { enableCompileCache?: (dir: string) => unknown };
if (typeof withCache.enableCompileCache === "function") {
    withCache.enableCompileCache(CACHE_DIR);
}
