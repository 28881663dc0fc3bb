import * as path from "path";
import { ConfigError } from "../config";
import { StackFileError, stacksIn, writeRenderedStack } from ".";

/** Where the render CLI prints; the script passes the process' streams, the tests a buffer. */
export interface CliOutput {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
}

const USAGE = "usage: npm run render -- <stack>... | --all   (writes manifests/<stack>.yaml)\n";

/**
 * `npm run render -- <stack>...`: writes manifests/<stack>.yaml for each stack, or for every
 * Pulumi.<stack>.yaml with --all. `--project-dir <dir>` reads stack files from and writes
 * manifests to another directory (the tests use it); the program is always this repo's index.ts.
 * Returns the exit code. It lives here rather than in scripts/render.ts so that the tests run the
 * CLI's own code in their process and spawn it only where the process itself is under test.
 */
export async function renderCli(argv: readonly string[], out: CliOutput): Promise<number> {
    try {
        return await renderStacks(argv, out);
    } catch (e) {
        out.stderr(failureMessage(e));
        return 1;
    }
}

async function renderStacks(argv: readonly string[], out: CliOutput): Promise<number> {
    let projectDir = path.resolve(__dirname, "..");
    const stacks: string[] = [];
    let all = false;
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === "--project-dir") {
            projectDir = path.resolve(argv[++i] ?? "");
        } else if (argv[i] === "--all") {
            all = true;
        } else {
            stacks.push(argv[i]);
        }
    }
    if (all) {
        stacks.push(...stacksIn(projectDir));
    }
    if (stacks.length === 0) {
        out.stderr(USAGE);
        return 2;
    }
    for (const stack of stacks) {
        const { file, checklist, capacity, placeholders } = await writeRenderedStack(projectDir, stack);
        out.stdout(`rendered stack ${stack} to ${path.relative(process.cwd(), file)}\n`);
        out.stdout(placeholders);
        out.stdout(checklist);
        out.stdout(capacity);
    }
    return 0;
}

/**
 * A ConfigError lists every problem of the stack file and a StackFileError names the file, line
 * and column of a YAML problem; their messages are the useful part. Anything else is a bug of
 * the render and shows its stack.
 */
export function failureMessage(e: unknown): string {
    if (e instanceof ConfigError || e instanceof StackFileError) {
        return `${e.message}\n`;
    }
    return `${(e as Error)?.stack ?? e}\n`;
}
