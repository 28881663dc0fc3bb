import * as nodeModule from "module";

/**
 * Maps stack traces to TypeScript lines with Node's own source maps instead of ts-node's
 * @cspotcode/source-map-support.
 *
 * Why: @pulumi/pulumi reads `new Error().stack` several times per resource (a stack for every
 * promise it tracks for leak reports, and the resource's source position). ts-node's
 * source-map-support rewrites every frame of each of those stacks, mapped or not, through cloned
 * call sites; in the offline render of the dev stack that was a quarter of the CPU time
 * (docs/performance.md). Node maps only the frames of files that carry a source map, and it
 * reads the inline maps ts-node writes, so TypeScript lines stay right.
 *
 * Only modules compiled after this runs get Node's mapping, so every entry point imports this
 * first: index.ts (what `pulumi up` loads), the render CLI, and the test runner.
 */
export function useNativeSourceMaps(): void {
    // Node 23.7 added module.setSourceMapsSupport and deprecated process.setSourceMapsEnabled;
    // package.json allows Node 22, which has only the latter.
    const withSupport = nodeModule as unknown as { setSourceMapsSupport?: (enabled: boolean) => void };
    if (typeof withSupport.setSourceMapsSupport === "function") {
        withSupport.setSourceMapsSupport(true);
    } else {
        process.setSourceMapsEnabled(true);
    }
    // ts-node installs it on register; when something else loaded this program, there is nothing to undo.
    try {
        (require("@cspotcode/source-map-support") as { uninstall(): void }).uninstall();
    } catch {
        // Not installed: nothing to undo.
    }
    // Pulumi's launcher (@pulumi/pulumi cmd/run/index.js) installs the plain source-map-support
    // before ts-node registers, and uninstalling ts-node's copy puts that hook back. It rewrites
    // every frame too, and knows nothing of ts-node's in-memory output, so TypeScript frames would
    // name the JavaScript lines. Without any hook, Node formats stacks itself, with the source
    // maps switched on above.
    (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
}

useNativeSourceMaps();
