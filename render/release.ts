import * as fs from "fs";
import * as path from "path";
import { announcementsSince, compareVersions, cutChangelog, parseVersion } from "./changelog";
import { PROJECT } from "./engine-mocks";
import { baselineOf, recordRelease, releasedVersions, RELEASES_DIR } from "./release-fixtures";
import { resourceSnapshot } from "./resource-snapshot";
import { registered, snapshotStacks } from "./snapshot-stacks";
import { upgradeFindings } from "./upgrade-check";

const REPO = path.resolve(__dirname, "..");

/** The files a release rewrites, and where it records its fixture: the repository's own, or a scratch copy's (tests/release.test.ts). */
/** The command line of `npm run release -- <x.y.z> [--date YYYY-MM-DD]`: the version, and the date (today unless given). */
export function releaseArguments(argv: readonly string[], today: string): { version: string; date: string } {
    const dateAt = argv.indexOf("--date");
    if (dateAt >= 0 && argv[dateAt + 1] === undefined) throw new Error("usage: npm run release -- <x.y.z> [--date YYYY-MM-DD]");
    // Without --date nothing is taken out: filtering on indexOf's -1 would drop the version at index 0.
    const rest = dateAt >= 0 ? argv.filter((_, i) => i !== dateAt && i !== dateAt + 1) : [...argv];
    if (rest.length !== 1) throw new Error("usage: npm run release -- <x.y.z> [--date YYYY-MM-DD]");
    return { version: rest[0], date: dateAt >= 0 ? argv[dateAt + 1] : today };
}

export interface ReleaseFiles {
    changelog: string;
    upgrading: string;
    packageJson: string;
    packageLock?: string;
    releasesDir: string;
}

export const REPO_FILES: ReleaseFiles = {
    changelog: path.join(REPO, "CHANGELOG.md"),
    upgrading: path.join(REPO, "docs", "upgrading.md"),
    packageJson: path.join(REPO, "package.json"),
    packageLock: path.join(REPO, "package-lock.json"),
    releasesDir: RELEASES_DIR,
};

/** docs/upgrading.md with its `## Unreleased` heading named for `version`, under a new empty one. */
export function cutUpgradingDoc(text: string, version: string): string {
    if (!/^## Unreleased[ \t]*$/m.test(text)) throw new Error("docs/upgrading.md has no '## Unreleased' section to cut");
    if (new RegExp(`^## ${version.replace(/\./g, "\\.")}\\s*$`, "m").test(text)) throw new Error(`docs/upgrading.md already has a section for ${version}`);
    return text.replace(/^## Unreleased[ \t]*$/m, `## Unreleased\n\nNothing yet.\n\n## ${version}`);
}

/** A package.json or package-lock.json text with the project's own version set to `version`, formatting kept. */
export function bumpVersion(text: string, version: string, lock = false): string {
    const json = JSON.parse(text);
    json.version = version;
    if (lock && json.packages?.[""]) json.packages[""].version = version;
    return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Cuts `version`: refuses a version that is not x.y.z above package.json's and every recorded
 * release; checks that an upgrade from the newest release loses nothing CHANGELOG.md does not
 * announce (the upgrade test's check, on every stack); moves the changelog's Unreleased section
 * to `## [version] - date` and docs/upgrading.md's `## Unreleased` to `## version`; records the
 * release fixture of every stack; sets the version in package.json (and so the packed
 * TeamMonitoring library's, which is package.json's) and package-lock.json; then `render`
 * (the manifests). The tag is the maintainers' step.
 */
export async function cutRelease(opts: { version: string; date: string; files?: ReleaseFiles; stacks?: string[]; render: () => void; log?: (line: string) => void }): Promise<void> {
    const files = opts.files ?? REPO_FILES;
    const log = opts.log ?? ((l: string) => console.log(l));
    const { version } = opts;
    if (!parseVersion(version)) throw new Error(`${version} is not a version x.y.z`);
    const current = JSON.parse(fs.readFileSync(files.packageJson, "utf8")).version as string;
    if (compareVersions(version, current) <= 0) throw new Error(`${version} is not above package.json's version ${current}`);
    const released = releasedVersions(files.releasesDir);
    if (released.includes(version) || (released.length > 0 && compareVersions(version, released[released.length - 1]) <= 0)) {
        throw new Error(`${version} is not above the newest recorded release ${released[released.length - 1]}`);
    }
    const changelogText = fs.readFileSync(files.changelog, "utf8");
    const changelog = cutChangelog(changelogText, version, opts.date);
    const upgrading = cutUpgradingDoc(fs.readFileSync(files.upgrading, "utf8"), version);

    const stacks = opts.stacks ?? snapshotStacks();
    const problems: string[] = [];
    for (const stack of stacks) {
        const base = baselineOf(stack, files.releasesDir);
        const now = resourceSnapshot(await registered(stack), stack.replace(/^examples-/, ""), PROJECT);
        for (const f of upgradeFindings(base.entries, now, announcementsSince(changelogText, base.version))) problems.push(`${stack}: ${f.kind} ${f.urn}: ${f.detail}`);
        log(`${stack}: upgrade from ${base.source} checked`);
    }
    if (problems.length > 0) throw new Error(`the upgrade to ${version} loses what CHANGELOG.md does not announce (add a Replaces:/Deletes: line, or an alias):\n${problems.join("\n")}`);

    for (const r of await recordRelease(version, stacks, files.releasesDir)) log(`recorded ${r.count} resources of stack ${r.stack} in ${path.relative(REPO, r.file)}`);
    fs.writeFileSync(files.changelog, changelog);
    fs.writeFileSync(files.upgrading, upgrading);
    fs.writeFileSync(files.packageJson, bumpVersion(fs.readFileSync(files.packageJson, "utf8"), version));
    if (files.packageLock && fs.existsSync(files.packageLock)) fs.writeFileSync(files.packageLock, bumpVersion(fs.readFileSync(files.packageLock, "utf8"), version, true));
    log(`CHANGELOG.md, docs/upgrading.md and package.json now say ${version}`);
    opts.render();
}
