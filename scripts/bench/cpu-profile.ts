import * as path from "path";
import { fileURLToPath } from "url";

/** The parts of a V8 .cpuprofile (as written by `node --cpu-prof`) that self time needs. */
export interface CpuProfile {
    nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
    samples: number[];
    /** Microseconds since the previous sample, one per sample. */
    timeDeltas: number[];
}

export interface SelfTime {
    /** An npm package, a folder of this project, a Node.js internal area or a V8 pseudo-frame. */
    origin: string;
    milliseconds: number;
}

// V8's own entries: they have no caller worth charging them to.
const PSEUDO_FRAMES = new Set(["(garbage collector)", "(program)", "(idle)", "(root)"]);

/**
 * Where a script's time belongs: the npm package for code under node_modules (the innermost
 * one), the folder relative to `projectDir` for the project's own files, the area for Node.js
 * internals (node:internal/modules...), or undefined for a frame without a script (native code).
 */
export function originOf(url: string, projectDir: string): string | undefined {
    if (url === "") {
        return undefined;
    }
    const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (inPackage) {
        return inPackage[1];
    }
    if (url.startsWith("node:")) {
        const parts = url.slice("node:".length).split("/");
        return `node:${parts.slice(0, parts[0] === "internal" ? 2 : 1).join("/")}`;
    }
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    const relative = path.relative(projectDir, file);
    if (relative.startsWith("..") || path.isAbsolute(relative)) {
        return file;
    }
    return `${path.dirname(relative)}/`;
}

/**
 * Self time per origin, largest first. Native frames (no script: compiling, reading files,
 * regexps...) are charged to the nearest caller that has a script, so that the time spent
 * compiling or reading a package's files shows under the package that asked for it.
 */
export function selfTimeByOrigin(profile: CpuProfile, projectDir: string): SelfTime[] {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) {
        for (const child of node.children ?? []) {
            parentOf.set(child, node.id);
        }
    }
    const originCache = new Map<number, string>();
    const originOfNode = (id: number): string => {
        const cached = originCache.get(id);
        if (cached !== undefined) {
            return cached;
        }
        const { functionName, url } = byId.get(id)!.callFrame;
        const parent = parentOf.get(id);
        let origin: string;
        if (PSEUDO_FRAMES.has(functionName) && url === "") {
            origin = functionName;
        } else {
            origin = originOf(url, projectDir) ?? (parent === undefined ? "(native)" : originOfNode(parent));
        }
        originCache.set(id, origin);
        return origin;
    };
    const totals = new Map<string, number>();
    profile.samples.forEach((id, i) => {
        const origin = originOfNode(id);
        totals.set(origin, (totals.get(origin) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    return [...totals]
        .map(([origin, milliseconds]) => ({ origin, milliseconds }))
        .sort((a, b) => b.milliseconds - a.milliseconds || a.origin.localeCompare(b.origin));
}
