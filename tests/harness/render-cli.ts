import * as path from "path";
import { renderCli } from "../../render/cli";
import { allRegistered, waitForRegistrations } from "../../render/engine-mocks";

export interface InProcessRender {
    status: number;
    stderr: string;
    /** Resources the program registered during the run. */
    registered: number;
}

/**
 * `npm run render -- <stack> --project-dir <projectDir>` run in this process: the CLI's own code
 * (render/cli.ts) under the runtime mocks a spawned render uses, without the seconds a process
 * spends loading the program. Messages name the stack file relative to the working directory;
 * a spawned CLI runs in the project directory, so the directory is taken out of what is printed
 * here, to give what the CLI would print there.
 */
export async function renderInProcess(projectDir: string, stack: string): Promise<InProcessRender> {
    // Registrations still in flight from an earlier test must not count as this run's.
    await waitForRegistrations();
    const before = allRegistered().length;
    let stderr = "";
    const status = await renderCli([stack, "--project-dir", projectDir], { stdout: () => undefined, stderr: (t) => (stderr += t) });
    return { status, stderr: stderr.split(projectDir + path.sep).join(""), registered: allRegistered().length - before };
}
