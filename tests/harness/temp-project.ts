import * as fs from "fs";
import * as os from "os";
import * as path from "path";

/** A scratch project directory holding the given files (stack files, manifests), for render tests. */
export function tempProject(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-project-"));
    for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
}
