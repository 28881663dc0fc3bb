import * as assert from "assert";
import { execFile, spawnSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { HANG_MS } from "./hang";

/** shellcheck's findings for a POSIX sh script given as text; fails when shellcheck is missing. */
export function shellcheckFindings(script: string): string {
    // A synchronous child blocks the event loop, so mocha's timeout could never end a hung one: its own does.
    const r = spawnSync("shellcheck", ["--shell=sh", "--severity=style", "-"], { input: script, encoding: "utf8", timeout: HANG_MS, killSignal: "SIGKILL" });
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") {
        assert.fail(`hung: shellcheck gave no answer after ${HANG_MS / 1000} s`);
    }
    if (r.error) {
        assert.fail(`shellcheck could not run (${r.error.message}); install it (Debian: apt-get install shellcheck)`);
    }
    return r.stdout;
}

export interface RecordedRequest {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
}

/** An HTTP server on 127.0.0.1 that records each request and answers with `respond`. */
export async function fakeHttpServer(
    respond: (req: RecordedRequest) => { status: number; body?: string },
): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
    const requests: RecordedRequest[] = [];
    const server = http.createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", () => {
            const r: RecordedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
            requests.push(r);
            const answer = respond(r);
            res.writeHead(answer.status, { "Content-Type": "text/plain" });
            res.end(answer.body ?? "");
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
}

/** Runs a script with sh and the given environment (plus PATH), asynchronously so an in-process server can answer it. */
export async function runScript(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "script-"));
    const file = path.join(dir, "script.sh");
    fs.writeFileSync(file, script);
    try {
        return await new Promise((resolve) => {
            execFile("sh", [file], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
                const code = error ? (typeof (error as NodeJS.ErrnoException & { code?: unknown }).code === "number" ? Number((error as { code?: number }).code) : 1) : 0;
                resolve({ code, stdout, stderr });
            });
        });
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
