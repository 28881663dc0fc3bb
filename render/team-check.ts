import * as fs from "fs";
import * as path from "path";
import { ConfigError } from "../config";
import { TeamContract } from "../components/teams/contract";
import { checkDirectory } from "../lib/team-check";
import { CliOutput } from "./cli";
import { runProgram } from "./run-program";
import { readStackConfig, StackFileError } from "./stack-file";

const USAGE =
    "usage: npm run team:check -- (--stack <stack> | --contract <file.json>) [--namespace <ns>] <dir>\n" +
    "  --stack: the contract of Pulumi.<stack>.yaml of this clone, rendered offline\n" +
    "  --contract: the output of 'pulumi stack output teamContract --json'\n" +
    "  --namespace: for ConfigMaps that name none (kubectl apply -n)\n";

/** The stack output teamContract of a stack file of this clone: the program runs offline under the mocks, as the render does. */
export async function contractOfStack(stack: string, projectDir = path.resolve(__dirname, "..")): Promise<TeamContract> {
    const run = await runProgram(readStackConfig(projectDir, stack), stack);
    return run.exports.teamContract as TeamContract;
}

/**
 * `npm run team:check`: checks a team's directory of labelled ConfigMaps against the platform's
 * contract (docs/monitor-your-app.md#check-before-you-apply). 0 when every object passes, 1 with
 * every problem listed, 2 on a usage error.
 */
export async function teamCheckCli(argv: readonly string[], out: CliOutput): Promise<number> {
    let stack: string | undefined;
    let contractFile: string | undefined;
    let namespace: string | undefined;
    const dirs: string[] = [];
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === "--stack") stack = argv[++i];
        else if (argv[i] === "--contract") contractFile = argv[++i];
        else if (argv[i] === "--namespace") namespace = argv[++i];
        else dirs.push(argv[i]);
    }
    if (dirs.length !== 1 || (stack === undefined) === (contractFile === undefined) || !fs.existsSync(dirs[0]) || !fs.statSync(dirs[0]).isDirectory()) {
        out.stderr(USAGE);
        return 2;
    }
    try {
        const contract: TeamContract = contractFile !== undefined ? JSON.parse(fs.readFileSync(contractFile, "utf8")) : await contractOfStack(stack!);
        const result = checkDirectory(contract, dirs[0], namespace);
        out.stdout(result.stdout);
        out.stderr(result.stderr);
        return result.code;
    } catch (e) {
        out.stderr(`${e instanceof ConfigError || e instanceof StackFileError ? e.message : ((e as Error)?.stack ?? String(e))}\n`);
        return 1;
    }
}
