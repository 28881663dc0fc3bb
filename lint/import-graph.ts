import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";

/**
 * The repository's import graph, read with TypeScript's own parser: which of its .ts files each
 * file imports, so a test can hold the layers to one direction (config → builders → components)
 * and refuse cycles, of files and of the folders they are in. Type-only imports count too: they
 * are erased at run time, but they still tie one layer's design to another's.
 */

/** Repository-relative paths with "/", each mapped to the repository files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Folders that hold no source of this repository. */
const NOT_SOURCE = new Set(["node_modules", ".git", ".tools", "bin", ".pulumi-state"]);

/** Every module specifier a file names: import/export … from, import x = require, require(), import(), import("x") types. */
export function moduleSpecifiers(fileName: string, text: string): string[] {
    const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const found: string[] = [];
    const literal = (node: ts.Node | undefined) => {
        if (node !== undefined && ts.isStringLiteralLike(node)) {
            found.push(node.text);
        }
    };
    const visit = (node: ts.Node): void => {
        if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
            literal(node.moduleSpecifier);
        } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
            literal(node.moduleReference.expression);
        } else if (ts.isCallExpression(node)) {
            const callee = node.expression;
            const isRequire = ts.isIdentifier(callee) && callee.text === "require";
            if (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) {
                literal(node.arguments[0]);
            }
        } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
            literal(node.argument.literal);
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
}

/** The repository file a relative specifier names, as Node's resolution would find it; undefined for packages. */
export function resolveRelative(fromFile: string, specifier: string, exists: (file: string) => boolean): string | undefined {
    if (!specifier.startsWith("./") && !specifier.startsWith("../") && specifier !== "." && specifier !== "..") {
        return undefined;
    }
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
    return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => candidate.endsWith(".ts") && exists(candidate));
}

/** Every .ts file under root, repository-relative with "/". */
export function sourceFiles(root: string, dir = ""): string[] {
    return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = dir === "" ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
            return NOT_SOURCE.has(entry.name) ? [] : sourceFiles(root, relative);
        }
        return entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [relative] : [];
    });
}

/** The graph of files given by content, so the analysis can be tried on a made-up repository. */
export function graphOf(files: ReadonlyMap<string, string>): ImportGraph {
    const graph = new Map<string, string[]>();
    for (const [file, text] of files) {
        const targets = moduleSpecifiers(file, text).flatMap((s) => resolveRelative(file, s, (f) => files.has(f)) ?? []);
        graph.set(file, [...new Set(targets)]);
    }
    return graph;
}

export function repositoryGraph(root: string): ImportGraph {
    return graphOf(new Map(sourceFiles(root).map((f) => [f, fs.readFileSync(path.join(root, f), "utf8")])));
}

/** A set of files that all import each other, directly or not, and the shortest way round from the first. */
export interface ImportCycle {
    files: string[];
    way: string[];
}

/** One cycle per strongly connected component that has one (Tarjan), its way as ["a.ts", "b.ts", "a.ts"]. */
export function importCycles(graph: ImportGraph): ImportCycle[] {
    const index = new Map<string, number>();
    const lowLink = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const components: string[][] = [];
    const connect = (file: string): void => {
        index.set(file, index.size);
        lowLink.set(file, index.get(file)!);
        stack.push(file);
        onStack.add(file);
        for (const next of graph.get(file) ?? []) {
            if (!index.has(next)) {
                connect(next);
                lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
            } else if (onStack.has(next)) {
                lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
            }
        }
        if (lowLink.get(file) === index.get(file)) {
            const component: string[] = [];
            let member: string;
            do {
                member = stack.pop()!;
                onStack.delete(member);
                component.push(member);
            } while (member !== file);
            components.push(component);
        }
    };
    for (const file of [...graph.keys()].sort()) {
        if (!index.has(file)) {
            connect(file);
        }
    }
    return components
        .filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]))
        .map((c) => c.sort())
        .map((c) => ({ files: c, way: cycleThrough(c[0], new Set(c), graph) }));
}

/** The shortest way from start back to start inside one component. */
function cycleThrough(start: string, component: ReadonlySet<string>, graph: ImportGraph): string[] {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
        const file = queue.shift()!;
        for (const next of graph.get(file) ?? []) {
            if (!component.has(next)) {
                continue;
            }
            if (next === start) {
                const way = [file];
                while (way[0] !== start) {
                    way.unshift(cameFrom.get(way[0])!);
                }
                return [...way, start];
            }
            if (!cameFrom.has(next)) {
                cameFrom.set(next, file);
                queue.push(next);
            }
        }
    }
    throw new Error(`${start} is in a cycle that does not lead back to it`);
}

/** Imports that run against the layers: a file under `lower` that imports one under `upper`. */
export function layerViolations(graph: ImportGraph, lower: string, upper: string): string[] {
    return [...graph].flatMap(([file, targets]) =>
        file.startsWith(lower) ? targets.filter((t) => t.startsWith(upper)).map((t) => `${file} imports ${t}`) : [],
    );
}

/** Two sibling folders that import each other, with one import each way as the evidence. */
export interface SiblingPair {
    folders: [string, string];
    oneWay: string;
    otherWay: string;
}

/**
 * The unit a file belongs to among the folders directly under `parent`: `components/grafana/x.ts`
 * and `components/grafana/dashboards/y.ts` are both in `components/grafana/`, since a folder and
 * its own subfolders are one unit. Files directly in `parent` belong to no unit.
 */
function unitUnder(parent: string, file: string): string | undefined {
    if (!file.startsWith(parent)) {
        return undefined;
    }
    const rest = file.slice(parent.length);
    const slash = rest.indexOf("/");
    return slash < 0 ? undefined : parent + rest.slice(0, slash + 1);
}

/** The units directly under a folder, each mapped to the units it imports and the first import that shows it ("a.ts imports b.ts"). */
export type FolderGraph = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * The import graph one level up: the units directly under `parent` (say `components/`, or "" for
 * the top-level folders), one unit importing another when any of its files imports any of the
 * other's, however deep. Files directly in `parent` belong to no unit.
 */
export function folderGraph(graph: ImportGraph, parent: string): FolderGraph {
    const edges = new Map<string, Map<string, string>>();
    for (const [file, targets] of graph) {
        const from = unitUnder(parent, file);
        for (const target of targets) {
            const to = unitUnder(parent, target);
            if (from === undefined || to === undefined || from === to) {
                continue;
            }
            if (!edges.has(from)) {
                edges.set(from, new Map());
            }
            if (!edges.get(from)!.has(to)) {
                edges.get(from)!.set(to, `${file} imports ${target}`);
            }
        }
    }
    return edges;
}

/**
 * Pairs of sibling folders under `parent` (say `components/`) that import each other in either
 * direction, however deep the files: one unit must be below the other, or what both need must
 * move to a folder below both.
 */
export function siblingPairs(graph: ImportGraph, parent: string): SiblingPair[] {
    const edges = folderGraph(graph, parent);
    const pairs: SiblingPair[] = [];
    for (const [from, targets] of edges) {
        for (const [to, oneWay] of targets) {
            const otherWay = edges.get(to)?.get(from);
            if (otherWay !== undefined && from < to) {
                pairs.push({ folders: [from, to], oneWay, otherWay });
            }
        }
    }
    return pairs.sort((a, b) => a.folders.join().localeCompare(b.folders.join()));
}

/** One step of a way round folders: `from` imports `to` because `via` ("a.ts imports b.ts"). */
export interface FolderStep {
    from: string;
    to: string;
    via: string;
}

/** Sibling folders that all import each other, directly or not, and the shortest way round from the first. */
export interface FolderCycle {
    folders: string[];
    way: FolderStep[];
}

/**
 * Loops among the units directly under `parent`, of any length. Sibling pairs are the loops of
 * two; a longer one (validate/ → render/ → stack/ → components/ → validate/) needs no file cycle,
 * since each folder can be entered and left through different files, yet it still means no
 * folder is below the others. One loop per strongly connected set, as for files.
 */
export function folderCycles(graph: ImportGraph, parent: string): FolderCycle[] {
    const edges = folderGraph(graph, parent);
    // importCycles works on any graph of names; here the names are units, not files.
    const units: ImportGraph = new Map([...edges].map(([from, targets]) => [from, [...targets.keys()]]));
    return importCycles(units).map(({ files, way }) => ({
        folders: files,
        way: way.slice(1).map((to, i) => ({ from: way[i], to, via: edges.get(way[i])!.get(to)! })),
    }));
}

/** Every folder of the repository that has at least two subfolders with source files: where sibling pairs can form. */
export function parentFolders(graph: ImportGraph): string[] {
    const parents = new Set<string>([""]);
    for (const file of graph.keys()) {
        const parts = file.split("/");
        for (let i = 1; i < parts.length - 1; i++) {
            parents.add(parts.slice(0, i).join("/") + "/");
        }
    }
    return [...parents].sort();
}
