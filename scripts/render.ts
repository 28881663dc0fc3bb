import * as path from "path";
import { ConfigError } from "../config";
import { StackFileError, stacksIn, writeRenderedStack } from "../render";

/**
 * `npm run render -- <stack>...`: writes manifests/<stack>.yaml for each stack, or for every
 * Pulumi.<stack>.yaml with --all. `--project-dir <dir>` reads stack files from and writes
 * manifests to another directory (the tests use it); the program is always this repo's index.ts.
 */
async function main(argv: string[]): Promise<number> {
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
        process.stderr.write("usage: npm run render -- <stack>... | --all   (writes manifests/<stack>.yaml)\n");
        return 2;
    }
    for (const stack of stacks) {
        const file = await writeRenderedStack(projectDir, stack);
        process.stdout.write(`rendered stack ${stack} to ${path.relative(process.cwd(), file)}\n`);
    }
    return 0;
}

main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
        // A ConfigError lists every problem of the stack file and a StackFileError names the
        // file, line and column of a YAML problem; their messages are the useful part. Anything
        // else is a bug of the render and shows its stack.
        const clean = e instanceof ConfigError || e instanceof StackFileError;
        process.stderr.write(clean ? `${e.message}\n` : `${e?.stack ?? e}\n`);
        process.exit(1);
    },
);
