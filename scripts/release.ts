import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { cutRelease, releaseArguments } from "../render/release";

/**
 * `npm run release -- <x.y.z> [--date YYYY-MM-DD]` (docs/releasing.md): checks CHANGELOG.md and
 * the upgrade from the newest release, moves the Unreleased sections, records
 * tests/fixtures/releases/<x.y.z>/, bumps package.json, and renders the manifests
 * (`npm run render -- --all`) in a fresh process, which reads the new version. Commit and tag
 * are the maintainers' steps.
 */
async function main(argv: string[]): Promise<void> {
    const { version, date } = releaseArguments(argv, new Date().toISOString().slice(0, 10));
    const repo = path.resolve(__dirname, "..");
    await cutRelease({
        version,
        date,
        render: () => {
            const npm = path.join(path.dirname(process.execPath), "npm");
            execFileSync(fs.existsSync(npm) ? npm : "npm", ["run", "render", "--", "--all"], { cwd: repo, stdio: "inherit" });
        },
    });
    console.log(`released ${version}: review the diff, commit it, then tag v${version} (docs/releasing.md)`);
}

main(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
});
