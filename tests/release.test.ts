import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { PROJECT, resetEngine } from "../render/engine-mocks";
import { runProgram } from "../render/run-program";
import { readStackConfig } from "../render/stack-file";
import { announcementsSince, changelogSections, cutChangelog } from "../render/changelog";
import { cutRelease, releaseArguments } from "../render/release";
import { baselineOf, releasedVersions } from "../render/release-fixtures";
import { parseSnapshot, resourceSnapshot } from "../render/resource-snapshot";
import { registered, snapshotFile } from "../render/snapshot-stacks";
import { upgradeFindings } from "../render/upgrade-check";

const ROOT = path.join(__dirname, "..");
const CHANGELOG = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");

describe("CHANGELOG.md is read as the release tooling reads it", () => {
    it("has an Unreleased section first (empty right after a release), and every released section a version and a date", () => {
        const sections = changelogSections(CHANGELOG);
        assert.strictEqual(sections[0]?.version, "Unreleased");
        for (const s of sections.slice(1)) assert.ok(/^\d+\.\d+\.\d+$/.test(s.version) && s.date, `## [${s.version}] needs a version x.y.z and a date`);
    });

    it("every entry of every section carries an upgrade note", () => {
        const entries = changelogSections(CHANGELOG).flatMap((s) => s.body.split(/\n(?=- )/).filter((e) => e.startsWith("- ") && !/^- (Replaces|Deletes): /.test(e)));
        assert.ok(entries.length > 5);
        for (const e of entries) assert.match(e, /Upgrade:/, e.split("\n")[0]);
    });

    const sample = [
        "# Changelog",
        "",
        "## [Unreleased]",
        "",
        "- A selector changes. Upgrade: the StatefulSet is replaced.",
        "  Replaces: `StatefulSet monitoring/prometheus`",
        "",
        "## [1.1.0] - 2027-01-02",
        "",
        "- Deletes: urn:pulumi:dev::cluster-monitoring::x:y:Z::gone",
        "",
        "## [1.0.0] - 2027-01-01",
        "",
        "- Replaces: RandomPassword grafana-admin-password",
        "",
        "[1.0.0]: https://example.invalid/v1.0.0",
        "",
    ].join("\n");

    it("reads the markup of the sections newer than a release, and of Unreleased", () => {
        assert.deepStrictEqual(
            announcementsSince(sample, "1.0.0").map((a) => `${a.version} ${a.verb} ${a.what}`),
            ["Unreleased Replaces StatefulSet monitoring/prometheus", "1.1.0 Deletes urn:pulumi:dev::cluster-monitoring::x:y:Z::gone"],
        );
        assert.strictEqual(announcementsSince(sample, undefined).length, 3);
    });

    it("cuts Unreleased as the version, and refuses an old version, a repeated one, and an empty Unreleased", () => {
        const cut = cutChangelog(sample, "1.2.0", "2027-02-03");
        assert.deepStrictEqual(
            changelogSections(cut).map((s) => `${s.version} ${s.date ?? ""}`.trim()),
            ["Unreleased", "1.2.0 2027-02-03", "1.1.0 2027-01-02", "1.0.0 2027-01-01"],
        );
        assert.match(changelogSections(cut)[1].body, /Replaces: `StatefulSet monitoring\/prometheus`/);
        assert.throws(() => cutChangelog(sample, "1.1.0", "2027-02-03"), /already has a section for 1\.1\.0/);
        assert.throws(() => cutChangelog(sample, "1.0.5", "2027-02-03"), /not above the newest release in CHANGELOG\.md, 1\.1\.0/);
        assert.throws(() => cutChangelog(cut, "1.3.0", "2027-02-03"), /Unreleased section has no entry/);
        assert.throws(() => cutChangelog(sample, "v1.2.0", "2027-02-03"), /not a version/);
    });
});

describe("the stack output version", () => {
    it("is package.json's version, and no label of any object the stack registers carries it", async () => {
        const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
        resetEngine("prod");
        const run = await runProgram(readStackConfig(ROOT, "prod"), "prod");
        assert.strictEqual(run.exports.version, version);
        // Labels anywhere in an object (its own, a selector's, a pod or claim template's): none holds the program's version.
        const labelled: string[] = [];
        const walk = (v: unknown, where: string) => {
            if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
            else if (typeof v === "object" && v !== null) {
                for (const [k, x] of Object.entries(v)) {
                    if ((k === "labels" || k === "matchLabels") && typeof x === "object" && x !== null && Object.values(x).some((l) => String(l).includes(version))) labelled.push(`${where}.${k}`);
                    walk(x, `${where}.${k}`);
                }
            }
        };
        for (const r of run.resources) walk(r.inputs, `${r.type} ${r.name}`);
        assert.deepStrictEqual(labelled, []);
    });
});

// The release command, run on scratch copies of the files it rewrites and a scratch fixture
// directory, for stack dev: proves the tooling without cutting a release of the repository.
describe("npm run release, on scratch copies (render/release.ts cutRelease)", () => {
    let dir: string;
    let files: Parameters<typeof cutRelease>[0]["files"] & object;
    let rendered = 0;
    // The scratch copies cut the version after the repository's own (1.0.0 before the first
    // release), and the one after that; an Unreleased the last cut emptied gets an entry of the
    // scratch copy's own, so the test holds before and after every release of the repository.
    const live = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version as string;
    const nextMinor = (v: string) => {
        const [major, minor] = v.split(".").map(Number);
        return major === 0 ? "1.0.0" : `${major}.${minor + 1}.0`;
    };
    const V1 = nextMinor(live);
    const V2 = nextMinor(V1);
    const re = (v: string) => v.replace(/\./g, "\\.");
    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "release-test-"));
        const copy = (rel: string) => {
            const to = path.join(dir, path.basename(rel));
            fs.copyFileSync(path.join(ROOT, rel), to);
            return to;
        };
        files = { changelog: copy("CHANGELOG.md"), upgrading: copy("docs/upgrading.md"), packageJson: copy("package.json"), packageLock: copy("package-lock.json"), releasesDir: path.join(dir, "releases") };
        const changelog = fs.readFileSync(files.changelog, "utf8");
        if (!/^- /m.test(changelogSections(changelog)[0].body)) {
            fs.writeFileSync(files.changelog, changelog.replace("## [Unreleased]\n", "## [Unreleased]\n\n### Added\n\n- A scratch change. Upgrade: nothing.\n"));
            fs.writeFileSync(files.upgrading, fs.readFileSync(files.upgrading, "utf8").replace("## Unreleased\n\nNothing yet.\n", "## Unreleased\n\n### A scratch change\n\nNothing to do.\n"));
        }
        await cutRelease({ version: V1, date: "2027-01-01", files, stacks: ["dev"], render: () => rendered++, log: () => undefined });
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("moves Unreleased to the next version, names the upgrading section, bumps package.json and the lock, and renders once", () => {
        assert.deepStrictEqual(changelogSections(fs.readFileSync(files.changelog, "utf8")).slice(0, 2).map((s) => s.version + (s.date ? ` ${s.date}` : "")), ["Unreleased", `${V1} 2027-01-01`]);
        assert.match(fs.readFileSync(files.upgrading, "utf8"), new RegExp(`^## Unreleased\n\nNothing yet\.\n\n## ${re(V1)}\n\n### `, "m"));
        assert.strictEqual(JSON.parse(fs.readFileSync(files.packageJson, "utf8")).version, V1);
        const lock = JSON.parse(fs.readFileSync(files.packageLock!, "utf8"));
        assert.deepStrictEqual([lock.version, lock.packages[""].version], [V1, V1]);
        assert.strictEqual(rendered, 1);
        // The repository's own files are untouched.
        assert.strictEqual(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version, live);
    });

    it("records the fixture: the snapshot's lines, each Kubernetes object named, no secret value", () => {
        assert.deepStrictEqual(releasedVersions(files.releasesDir), [V1]);
        const text = fs.readFileSync(path.join(files.releasesDir, V1, "dev.jsonl"), "utf8");
        const fixture = parseSnapshot(text);
        const snapshot = parseSnapshot(fs.readFileSync(snapshotFile("dev"), "utf8"));
        assert.deepStrictEqual(
            fixture.map(({ object: _, ...rest }) => rest),
            snapshot,
        );
        assert.ok(fixture.some((e) => e.object === "StatefulSet monitoring/alertmanager"), "each Kubernetes object is named");
        // The mocks' generated passwords and the offline render's secret marker never reach it.
        assert.ok(!/mock-generated-|mock-bcrypt-/.test(text));
    });

    it("the next upgrade is held to the recorded release: HEAD passes, a changed password length fails", async () => {
        const base = baselineOf("dev", files.releasesDir);
        assert.strictEqual(base.version, V1);
        const raw = await registered("dev");
        assert.deepStrictEqual(upgradeFindings(base.entries, resourceSnapshot(raw, "dev", PROJECT), announcementsSince(CHANGELOG, base.version)), []);
        const mutated = structuredClone(raw);
        const p = mutated.find((r) => r.type === "random:index/randomPassword:RandomPassword")!;
        p.inputs.length = Number(p.inputs.length) + 1;
        assert.deepStrictEqual(
            upgradeFindings(base.entries, resourceSnapshot(mutated, "dev", PROJECT), []).map((f) => f.kind),
            ["replaced"],
        );
    });

    it("refuses a version not above the one just cut, and an upgrade that loses what is unannounced, writing nothing", async () => {
        const quiet = { stacks: ["dev"], render: () => undefined, log: () => undefined };
        await assert.rejects(cutRelease({ version: V1, date: "2027-01-02", files, ...quiet }), new RegExp(`not above package\\.json's version ${re(V1)}`));
        // A resource the release had and HEAD has not, and an entry to cut.
        const fixture = path.join(files.releasesDir, V1, "dev.jsonl");
        const gone = { urn: "urn:pulumi:dev::cluster-monitoring::kubernetes:core/v1:ConfigMap::gone", type: "kubernetes:core/v1:ConfigMap", options: {}, aliases: [], inputs: {} };
        fs.appendFileSync(fixture, `${JSON.stringify(gone)}\n`);
        const changelog = fs.readFileSync(files.changelog, "utf8").replace("## [Unreleased]\n", "## [Unreleased]\n\n- A change. Upgrade: nothing.\n");
        fs.writeFileSync(files.changelog, changelog);
        await assert.rejects(cutRelease({ version: V2, date: "2027-01-02", files, ...quiet }), /loses what CHANGELOG\.md does not announce[\s\S]*dev: disappears urn:pulumi:dev::cluster-monitoring::kubernetes:core\/v1:ConfigMap::gone/);
        assert.strictEqual(fs.readFileSync(files.changelog, "utf8"), changelog);
        assert.deepStrictEqual(releasedVersions(files.releasesDir), [V1]);
        assert.strictEqual(JSON.parse(fs.readFileSync(files.packageJson, "utf8")).version, V1);
        // Announced, it is cut.
        fs.writeFileSync(files.changelog, changelog.replace("- A change. Upgrade: nothing.", `- A change. Upgrade: the ConfigMap goes.\n  Deletes: ${gone.urn}`));
        await cutRelease({ version: V2, date: "2027-01-02", files, ...quiet });
        assert.deepStrictEqual(releasedVersions(files.releasesDir), [V1, V2]);
    });
});

describe("npm run release's command line", () => {
    it("takes the version alone (today's date) or with --date before or after it, and refuses anything else", () => {
        assert.deepStrictEqual(releaseArguments(["1.0.0"], "2026-12-02"), { version: "1.0.0", date: "2026-12-02" });
        assert.deepStrictEqual(releaseArguments(["1.0.0", "--date", "2026-11-30"], "2026-12-02"), { version: "1.0.0", date: "2026-11-30" });
        assert.deepStrictEqual(releaseArguments(["--date", "2026-11-30", "1.0.0"], "2026-12-02"), { version: "1.0.0", date: "2026-11-30" });
        for (const argv of [[], ["1.0.0", "1.0.1"], ["1.0.0", "--date"]]) {
            assert.throws(() => releaseArguments(argv, "2026-12-02"), /usage: npm run release/, JSON.stringify(argv));
        }
    });
});
