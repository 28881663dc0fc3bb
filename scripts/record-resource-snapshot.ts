import { recordSnapshots, SNAPSHOT_DIR, snapshotStacks } from "../render/snapshot-stacks";

/**
 * `npm run snapshot:record [-- <stack>...]`: records what each stack registers under the runtime
 * mocks (render/resource-snapshot.ts) as tests/fixtures/resource-snapshot/<stack>.jsonl, the
 * state that tests/resource-snapshot.test.ts holds every later change to. Run it only where a
 * change is meant to alter a stack's resources, and say why in the commit.
 */
async function main(): Promise<void> {
    const stacks = process.argv.slice(2).length > 0 ? process.argv.slice(2) : snapshotStacks();
    for (const r of await recordSnapshots(SNAPSHOT_DIR, stacks, "registers under the runtime mocks", (stack) => `npm run snapshot:record -- ${stack}`)) {
        console.log(`recorded ${r.count} resources of stack ${r.stack} in ${r.file}`);
    }
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
