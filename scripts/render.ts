// First of all, so that every module after it is compiled from the disk cache when unchanged (startup/compile-cache.ts).
import "../startup/compile-cache";
// Then the stack formatter, which maps the render's frames to TypeScript lines (startup/native-source-maps.ts).
import "../startup/native-source-maps";
import { renderCli } from "../render/cli";

// The CLI itself is render/cli.ts; this file only connects it to the process.
renderCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
}).then(
    (code) => process.exit(code),
    (e) => {
        process.stderr.write(`${e?.stack ?? e}\n`);
        process.exit(1);
    },
);
