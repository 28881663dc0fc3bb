#!/usr/bin/env node
import * as fs from "fs";
import { checkTeamFiles, TeamCheckError } from "../components/teams/check";
import { TeamContract } from "../components/teams/contract";
import { teamFilesIn } from "./team-files";

/**
 * `cluster-monitoring-team-check`, the packed package's command for teams without Pulumi
 * (docs/monitor-your-app.md#check-before-you-apply): `npm run team:check -- --contract` without a
 * clone. The contract is the platform's stack output (`pulumi stack output teamContract --json`);
 * rendering a stack file needs the clone. 0 when every object passes, 1 with every problem, 2 on
 * a usage error.
 */
const USAGE =
    "usage: cluster-monitoring-team-check --contract <file.json> [--namespace <ns>] <dir>\n" +
    "  --contract: the output of 'pulumi stack output teamContract --json'\n" +
    "  --namespace: for ConfigMaps that name none (kubectl apply -n)\n";

/** The files of `dir` checked against `contract`: 0 with a summary, or 1 with every problem. */
export function checkDirectory(contract: TeamContract, dir: string, namespace?: string): { code: number; stdout: string; stderr: string } {
    const files = teamFilesIn(dir);
    const problems = checkTeamFiles(files, contract, namespace);
    if (problems.length > 0) {
        return { code: 1, stdout: "", stderr: `${new TeamCheckError(problems).message}\n` };
    }
    return { code: 0, stdout: `${files.length} file${files.length === 1 ? "" : "s"} checked against Prometheus ${contract.prometheus.version} (line ${contract.prometheus.line}): no problem\n`, stderr: "" };
}

export function teamCheck(argv: readonly string[]): { code: number; stdout: string; stderr: string } {
    let contractFile: string | undefined;
    let namespace: string | undefined;
    const dirs: string[] = [];
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === "--contract") contractFile = argv[++i];
        else if (argv[i] === "--namespace") namespace = argv[++i];
        else dirs.push(argv[i]);
    }
    if (dirs.length !== 1 || contractFile === undefined || !fs.existsSync(dirs[0]) || !fs.statSync(dirs[0]).isDirectory()) {
        return { code: 2, stdout: "", stderr: USAGE };
    }
    let contract: TeamContract;
    try {
        contract = JSON.parse(fs.readFileSync(contractFile, "utf8"));
    } catch (e) {
        return { code: 2, stdout: "", stderr: `--contract ${contractFile}: ${(e as Error).message}\n${USAGE}` };
    }
    return checkDirectory(contract, dirs[0], namespace);
}

if (require.main === module) {
    const r = teamCheck(process.argv.slice(2));
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    process.exit(r.code);
}
