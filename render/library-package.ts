import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const REPO = path.resolve(__dirname, "..");
export const TEAM_CHECK_BIN = "cluster-monitoring-team-check";

/**
 * Packages the team's program brings itself, so that one copy of each is loaded: two copies of
 * @pulumi/pulumi in one program split its resource registrations between two runtimes.
 */
export const PEER_PACKAGES: ReadonlySet<string> = new Set(["@pulumi/pulumi", "@pulumi/kubernetes"]);

interface Manifest {
    name: string;
    version: string;
    description?: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
}

/** The package a module specifier names: "@scope/name/x" → "@scope/name", "name/x" → "name"; undefined for a relative path or a Node built-in. */
export function packageOf(specifier: string): string | undefined {
    if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) {
        return undefined;
    }
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
    return require("module").builtinModules.includes(name) ? undefined : name;
}

/** Every package the compiled JavaScript under `dir` requires. */
export function requiredPackages(dir: string): string[] {
    const found = new Set<string>();
    const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
            const full = path.join(d, e.name);
            if (e.isDirectory()) walk(full);
            else if (e.name.endsWith(".js")) {
                for (const m of fs.readFileSync(full, "utf8").matchAll(/require\("([^"]+)"\)/g)) {
                    const p = packageOf(m[1]);
                    if (p !== undefined) found.add(p);
                }
            }
        }
    };
    walk(dir);
    return [...found].sort();
}

/**
 * The library's package.json, derived from what its compiled code requires: each package at the
 * version the program pins (package.json), the team's own Pulumi SDK as peers (a range from the
 * pinned minor), and the peers of those packages that the program installs for them (the PromQL
 * grammar's @lezer parts), since npm does not install them with --legacy-peer-deps.
 */
export function libraryManifest(required: readonly string[], root: Manifest = readManifest(REPO), modules = path.join(REPO, "node_modules")): Manifest & Record<string, unknown> {
    const pinned = root.dependencies ?? {};
    const dependencies: Record<string, string> = {};
    const peerDependencies: Record<string, string> = {};
    const missing: string[] = [];
    const add = (name: string) => {
        const version = pinned[name];
        if (version === undefined) {
            missing.push(name);
        } else if (PEER_PACKAGES.has(name)) {
            peerDependencies[name] = `^${version}`;
        } else if (dependencies[name] === undefined) {
            dependencies[name] = version;
            for (const peer of Object.keys(readManifest(path.join(modules, name)).peerDependencies ?? {})) {
                add(peer);
            }
        }
    };
    required.forEach(add);
    if (missing.length > 0) {
        throw new Error(`the library requires ${missing.join(", ")}, which package.json's dependencies do not pin`);
    }
    return {
        name: root.name,
        version: root.version,
        description: "TeamMonitoring: a team's rules and dashboards, checked against the cluster-monitoring platform's contract at preview",
        main: "lib/index.js",
        types: "lib/index.d.ts",
        bin: { [TEAM_CHECK_BIN]: "lib/team-check.js" },
        dependencies: sortKeys(dependencies),
        peerDependencies: sortKeys(peerDependencies),
    };
}

function sortKeys(o: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Compiles the library entry alone (tsconfig.lib.json) into a scratch directory, outside the
 * repository, writes its package.json, and packs it; returns the tarball's path.
 */
export function packLibrary(destination: string): string {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "library-build-"));
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(REPO, "tsconfig.lib.json"), "--outDir", out], { cwd: REPO, stdio: "pipe" });
    const manifest = libraryManifest(requiredPackages(out));
    fs.writeFileSync(path.join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.copyFileSync(path.join(REPO, "docs", "monitor-your-app.md"), path.join(out, "README.md"));
    fs.mkdirSync(destination, { recursive: true });
    const npm = path.join(path.dirname(process.execPath), "npm");
    const packed = execFileSync(fs.existsSync(npm) ? npm : "npm", ["pack", out, "--pack-destination", destination, "--json"], { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    fs.rmSync(out, { recursive: true, force: true });
    const [{ filename }] = JSON.parse(packed) as { filename: string }[];
    return path.join(destination, filename);
}
