import * as fs from "fs";
import * as path from "path";
import { manifestPath, renderCommand, renderStack } from ".";

/**
 * Compares a stack's committed manifest file with a fresh render. Returns undefined when they
 * are byte-identical, or a message that names the first differing line and the command that
 * brings the file up to date.
 */
export async function manifestDrift(projectDir: string, stack: string): Promise<string | undefined> {
    const file = manifestPath(projectDir, stack);
    const fresh = (await renderStack(projectDir, stack)).text;
    const fix = `run '${renderCommand(stack)}' and commit ${path.relative(projectDir, file)}`;
    if (!fs.existsSync(file)) {
        return `${path.relative(projectDir, file)} is missing: ${fix}`;
    }
    const committed = fs.readFileSync(file, "utf8");
    if (committed === fresh) {
        return undefined;
    }
    const [a, b] = [committed.split("\n"), fresh.split("\n")];
    let line = 0;
    while (line < Math.max(a.length, b.length) && a[line] === b[line]) {
        line++;
    }
    return (
        `${path.relative(projectDir, file)} differs from a fresh render of stack ${stack} at line ${line + 1}:\n` +
        `  committed: ${a[line] ?? "(end of file)"}\n  rendered:  ${b[line] ?? "(end of file)"}\n` +
        `The program or Pulumi.${stack}.yaml changed; ${fix}.`
    );
}
