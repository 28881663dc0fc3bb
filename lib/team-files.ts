import * as fs from "fs";
import * as path from "path";
import { TeamFile } from "../components/teams/check";

/** Every *.yaml, *.yml and *.json under `dir`, paths relative to it, in name order: what `team:check` reads. */
export function teamFilesIn(dir: string): TeamFile[] {
    const out: TeamFile[] = [];
    const walk = (d: string) => {
        for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
            const full = path.join(d, entry.name);
            if (entry.isDirectory()) {
                walk(full);
            } else if (/\.(ya?ml|json)$/.test(entry.name)) {
                out.push({ path: path.relative(dir, full), text: fs.readFileSync(full, "utf8") });
            }
        }
    };
    walk(dir);
    return out;
}
