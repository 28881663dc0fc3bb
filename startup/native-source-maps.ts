// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mappedStackTrace } = require("./mapped-stack-trace.js") as { mappedStackTrace: (error: Error, sites: NodeJS.CallSite[]) => string };

/**
 * Maps stack traces to TypeScript lines with this program's own formatter
 * (startup/mapped-stack-trace.js) instead of ts-node's @cspotcode/source-map-support or Node's
 * source-map support.
 *
 * Why: @pulumi/pulumi reads `new Error().stack` several times per resource (a stack for every
 * promise it tracks for leak reports, and the resource's source position). ts-node's
 * source-map-support rewrites every frame of each of those stacks, mapped or not, through cloned
 * call sites; in the offline render of the dev stack that was a quarter of the CPU time. Node's
 * own support, used here until issue #47, parses every module's inline map as it loads and maps
 * every frame of every stack again: a fifth of a render. The formatter parses a file's map when a
 * stack first names it and maps each frame once (docs/performance.md).
 *
 * The formatter reads the maps the transpiler recorded (startup/swc-cache.js), so modules
 * transpiled before this runs are mapped too; every entry point imports it first anyway:
 * index.ts (what `pulumi up` loads), the render CLI, and the test runner.
 */
export function useMappedStackTraces(): void {
    // ts-node installs it on register; when something else loaded this program, there is nothing to undo.
    try {
        (require("@cspotcode/source-map-support") as { uninstall(): void }).uninstall();
    } catch {
        // Not installed: nothing to undo.
    }
    // Pulumi's launcher (@pulumi/pulumi cmd/run/index.js) installs the plain source-map-support
    // before ts-node registers, and uninstalling ts-node's copy puts that hook back. It rewrites
    // every frame too, and knows nothing of ts-node's in-memory output, so TypeScript frames would
    // name the JavaScript lines. The formatter replaces whichever hook is left.
    (Error as { prepareStackTrace?: unknown }).prepareStackTrace = mappedStackTrace;
}

useMappedStackTraces();
