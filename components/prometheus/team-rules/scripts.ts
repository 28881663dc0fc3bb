import * as fs from "fs";
import * as path from "path";

/** The files of the team rules' script ConfigMap (docs/monitor-your-app.md#team-rules). */
export const TEAM_RULES_SCRIPT_FILES = { prepare: "prepare_rules.py", runPrepare: "prepare.sh", check: "check.sh" } as const;

/** Where the script ConfigMap is mounted in the sidecar and the checker. */
export const TEAM_RULES_SCRIPT_DIR = "/opt/team-rules";

/** The sidecar's SCRIPT: not executable, so the sidecar runs it with sh (helpers.py execute at 2.10.1). */
const RUN_PREPARE = `exec python ${TEAM_RULES_SCRIPT_DIR}/${TEAM_RULES_SCRIPT_FILES.prepare}\n`;

export function teamRulesScripts(): Record<string, string> {
    const read = (f: string) => fs.readFileSync(path.join(__dirname, f), "utf8");
    return {
        [TEAM_RULES_SCRIPT_FILES.prepare]: read(TEAM_RULES_SCRIPT_FILES.prepare),
        [TEAM_RULES_SCRIPT_FILES.runPrepare]: RUN_PREPARE,
        [TEAM_RULES_SCRIPT_FILES.check]: read(TEAM_RULES_SCRIPT_FILES.check),
    };
}
