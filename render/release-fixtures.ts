import * as fs from "fs";
import * as path from "path";
import { compareVersions, parseVersion } from "./changelog";
import { parseSnapshot, SnapshotEntry } from "./resource-snapshot";
import { recordSnapshots, snapshotFile } from "./snapshot-stacks";

const REPO = path.resolve(__dirname, "..");

/**
 * Where each release's fixture lives: `<version>/<stack>.jsonl`, what every stack registered at
 * that release (render/resource-snapshot.ts, with each Kubernetes object named). Written by
 * `npm run release -- <version>` (scripts/release.ts), never edited by hand: it stands for the
 * state a stack has after `pulumi up` of that release, which the upgrade test holds HEAD to.
 */
export const RELEASES_DIR = path.join(REPO, "tests", "fixtures", "releases");

/** The releases recorded under `dir`, oldest first. */
export function releasedVersions(dir = RELEASES_DIR): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && parseVersion(d.name) !== undefined)
        .map((d) => d.name)
        .sort(compareVersions);
}

/**
 * What an upgrade of `stack` starts from: the newest release that recorded it, or, until the
 * first release, the committed resource snapshot (the last landed main). A stack that a release
 * exists for but did not record is new since then: it has no state to lose.
 */
export function baselineOf(stack: string, dir = RELEASES_DIR): { version?: string; source: string; entries: SnapshotEntry[] } {
    const versions = releasedVersions(dir);
    if (versions.length === 0) {
        const file = snapshotFile(stack);
        return { source: path.relative(REPO, file), entries: fs.existsSync(file) ? parseSnapshot(fs.readFileSync(file, "utf8")) : [] };
    }
    for (const version of [...versions].reverse()) {
        const file = path.join(dir, version, `${stack}.jsonl`);
        if (fs.existsSync(file)) return { version, source: path.relative(REPO, file), entries: parseSnapshot(fs.readFileSync(file, "utf8")) };
    }
    return { version: versions[versions.length - 1], source: `(no release recorded stack ${stack})`, entries: [] };
}

/** Records `version`'s fixture of each stack under `dir`. */
export function recordRelease(version: string, stacks: readonly string[], dir = RELEASES_DIR) {
    return recordSnapshots(path.join(dir, version), stacks, `registered at release ${version}`, () => `npm run release -- ${version}`, { objects: true });
}
