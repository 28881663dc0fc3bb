import { spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { engineConfigOf } from "../../render/stack-file";
import { tempProject } from "./temp-project";
import { exitOf } from "./hang";

const REPO = path.resolve(__dirname, "../..");

/** Where the Node.js language host starts every program: @pulumi/pulumi's own entry point. */
const RUN_ENTRY = require.resolve("@pulumi/pulumi/cmd/run");

export interface PulumiUpRun {
    status: number | null;
    stdout: string;
    stderr: string;
}

/**
 * Runs index.ts the way `pulumi up` does: the language host spawns node on @pulumi/pulumi's
 * cmd/run entry with --monitor, --project, --stack and the program directory, and hands the stack
 * config over in PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS. Nothing else is emulated: run.js's
 * own uncaught-error handler decides what reaches the terminal.
 *
 * There is no engine here, so the resource monitor is Pulumi's own mock monitor: run.js talks to
 * it when --monitor is "mock" and runtime.setMocks has installed one, which a --require preload
 * does before the entry point starts.
 */
export function pulumiUp(stackFileText: string, stack = "bad"): Promise<PulumiUpRun> {
    const config = engineConfigOf(stackFileText, `Pulumi.${stack}.yaml`);
    const preload =
        `const pulumi = require(${JSON.stringify(require.resolve("@pulumi/pulumi"))});\n` +
        "pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}_id`, state: a.inputs }), call: (a) => a.inputs }, " +
        `"cluster-monitoring", ${JSON.stringify(stack)}, false);\n`;
    const dir = tempProject({ "mock-monitor.js": preload });
    return new Promise((resolve, reject) => {
        const child = spawn(
            process.execPath,
            ["--require", path.join(dir, "mock-monitor.js"), RUN_ENTRY, "--monitor=mock", "--project=cluster-monitoring", `--stack=${stack}`, `--pwd=${REPO}`, REPO],
            {
                cwd: REPO,
                env: {
                    ...process.env,
                    // What the language host sets for a TypeScript project (Pulumi.yaml: typescript: true).
                    PULUMI_NODEJS_TYPESCRIPT: "true",
                    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
                    PULUMI_CONFIG: JSON.stringify(config.values),
                    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(config.secretKeys),
                    FORCE_COLOR: "0",
                },
            },
        );
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        exitOf(child, "the program under the Node.js language host's entry point").then((status) => {
            fs.rmSync(dir, { recursive: true, force: true });
            resolve({ status, stdout, stderr });
        }, reject);
    });
}
