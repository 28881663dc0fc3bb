import { ChildProcess, execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";

/**
 * Runs Debian's real prometheus and promtool against our generated config. Debian builds them
 * without Kubernetes discovery, so kubernetes_sd_configs blocks are swapped for file_sd_configs
 * that carry the same __meta_kubernetes_* labels endpoint discovery would produce.
 */

/** Fails (never skips) when a binary is missing: a skipped check would hide a broken config. */
export function requireBinary(name: string): string {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
        const candidate = path.join(dir, name);
        if (fs.existsSync(candidate)) {
            return candidate;
        }
    }
    throw new Error(`${name} is not installed; run 'apt-get install -y prometheus' (the .ci/run script does this)`);
}

export function tempDir(prefix: string): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** A copy of the config that Debian's Prometheus can load: file_sd instead of kubernetes_sd, rules from `rulesDir`. */
export function withFileDiscovery(configYaml: string, targetsFile: string, rulesDir: string): string {
    const config = parse(configYaml);
    for (const job of config.scrape_configs ?? []) {
        if (job.kubernetes_sd_configs) {
            delete job.kubernetes_sd_configs;
            job.file_sd_configs = [{ files: [targetsFile] }];
        }
    }
    config.rule_files = (config.rule_files ?? []).map((glob: string) => path.join(rulesDir, path.basename(glob)));
    return stringify(config);
}

export function promtool(...args: string[]): string {
    try {
        return execFileSync(requireBinary("promtool"), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e: any) {
        throw new Error(`promtool ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
    }
}

export async function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => {
            const port = (server.address() as net.AddressInfo).port;
            server.close(() => resolve(port));
        });
    });
}

export interface TargetsResponse {
    activeTargets: Array<{ labels: Record<string, string>; discoveredLabels: Record<string, string>; scrapePool: string }>;
    droppedTargets: Array<{ discoveredLabels: Record<string, string> }>;
}

export class PrometheusProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        private readonly output: string[],
    ) {}

    /** Starts prometheus on 127.0.0.1 with a free port and waits until it is ready. */
    static async start(configFile: string): Promise<PrometheusProcess> {
        const port = await freePort();
        const dataDir = tempDir("prometheus-data");
        const output: string[] = [];
        const child = spawn(
            requireBinary("prometheus"),
            [
                `--config.file=${configFile}`,
                `--storage.tsdb.path=${dataDir}`,
                `--web.listen-address=127.0.0.1:${port}`,
                "--log.level=warn",
            ],
            { stdio: ["ignore", "pipe", "pipe"] },
        );
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const server = new PrometheusProcess(child, `http://127.0.0.1:${port}`, output);
        try {
            await server.waitFor(async () => (await fetch(`${server.url}/-/ready`)).ok, "/-/ready");
        } catch (e) {
            await server.stop();
            throw e;
        }
        return server;
    }

    get log(): string {
        return this.output.join("");
    }

    async targets(): Promise<TargetsResponse> {
        const response = await fetch(`${this.url}/api/v1/targets`);
        const body = (await response.json()) as { status: string; data: TargetsResponse };
        if (body.status !== "success") {
            throw new Error(`/api/v1/targets answered ${JSON.stringify(body)}`);
        }
        return body.data;
    }

    /** Waits until file discovery has produced `count` targets (active plus dropped). */
    async targetsWhen(count: number): Promise<TargetsResponse> {
        let last: TargetsResponse | undefined;
        await this.waitFor(async () => {
            last = await this.targets();
            return last.activeTargets.length + last.droppedTargets.length >= count;
        }, `${count} discovered targets`);
        return last!;
    }

    async waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30000): Promise<void> {
        const deadline = Date.now() + timeoutMs;
        let lastError: unknown;
        while (Date.now() < deadline) {
            if (this.child.exitCode !== null) {
                throw new Error(`prometheus exited with ${this.child.exitCode} while waiting for ${what}:\n${this.log}`);
            }
            try {
                if (await check()) {
                    return;
                }
            } catch (e) {
                lastError = e;
            }
            await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error(`timed out waiting for ${what} (${lastError ?? "no error"}):\n${this.log}`);
    }

    async stop(): Promise<void> {
        if (this.child.exitCode !== null || this.child.signalCode !== null) {
            return;
        }
        const exited = new Promise((r) => this.child.once("exit", r));
        this.child.kill("SIGTERM");
        const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
    }
}
