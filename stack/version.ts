import * as fs from "fs";
import * as path from "path";

/**
 * The program's version, package.json's, read once: the stack output `version`, so that a team
 * (or `pulumi stack output version`) can tell which release a stack runs and which CHANGELOG.md
 * entries apply to its next upgrade. An output only, never a label: a label on a pod template,
 * a selector or a claim template would change, and roll or replace, with every release.
 */
export const PROGRAM_VERSION: string = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")).version;
