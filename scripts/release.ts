import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { cutRelease } from "../render/release";

/**
 * `npm run release -- <x.y.z> [--date YYYY-MM-DD]` (docs/releasing.md): checks CHANGELOG.md and
 * the upgrade from the newest release, moves the Unreleased sections, records
 * tests/fixtures/releases/<x.y.z>/, bumps package.json, and renders the manifests
 * (`npm run render -- --all`) in a fresh process, which reads the new version. Commit and tag
 * are the maintainers' steps.
 */
async function main(argv: string[]): Promise<void> {
    const dateAt = argv.indexOf("--date");
    const date = dateAt >= 0 ? argv[dateAt + 1] : new Date().toISOString().slice(0, 10);
    const rest = argv.filter((_, i) => i !== dateAt && i !== dateAt + 1);
    if (rest.length !== 1) throw new Error("usage: npm run release -- <x.y.z> [--date YYYY-MM-DD]");
    const repo = path.resolve(__dirname, "..");
    await cutRelease({
        version: rest[0],
        date: date!,
        render: () => {
            const npm = path.join(path.dirname(process.execPath), "npm");
            execFileSync(fs.existsSync(npm) ? npm : "npm", ["run", "render", "--", "--all"], { cwd: repo, stdio: "inherit" });
        },
    });
    console.log(`released ${rest[0]}: review the diff, commit it, then tag v${rest[0]} (docs/releasing.md)`);
}

main(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
});
