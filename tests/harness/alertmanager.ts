import { ChildProcess, execFileSync, spawn } from "child_process";
import { EventEmitter } from "events";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { HANG_MS, until } from "./hang";
import { stopChild } from "./server-process";
import { freePort, tempDir } from "./prometheus";

/** Debian's prometheus-alertmanager package: the server under its Debian name, and amtool. */
export const ALERTMANAGER_BINARY = "/usr/bin/prometheus-alertmanager";

/** Fails (never skips) when the package is missing; .ci/run installs it. */
export function requireAlertmanager(): void {
    if (!fs.existsSync(ALERTMANAGER_BINARY)) {
        throw new Error(`${ALERTMANAGER_BINARY} is not installed; run 'apt-get install -y prometheus-alertmanager' (the .ci/run script does this)`);
    }
}

export function amtool(...args: string[]): string {
    requireAlertmanager();
    try {
        // A synchronous child blocks the event loop, so mocha's timeout could never end a hung one: its own does.
        return execFileSync("amtool", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: HANG_MS, killSignal: "SIGKILL" });
    } catch (e: any) {
        throw new Error(`amtool ${args.join(" ")} ${e.code === "ETIMEDOUT" ? `hung: no answer after ${HANG_MS / 1000} s` : "failed"}:\n${e.stdout ?? ""}${e.stderr ?? ""}${e.code === "ENOENT" ? "amtool is not installed" : ""}`);
    }
}

/** Runs Alertmanager on 127.0.0.1 with a config file and waits until it is ready; stop() always kills it. */
export class AlertmanagerProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly port: number,
        private readonly output: string[],
    ) {}

    /**
     * `clusterArgs` default to gossip off; a cluster test passes its own listen and peer flags, with `port` chosen beforehand.
     * `web` is for a web config: its flags, and how to ask /-/ready through it (the plain fetch gets 401 or no answer).
     */
    static async start(
        configYaml: string,
        clusterArgs: string[] = ["--cluster.listen-address="],
        webPort?: number,
        web?: { args: string[]; ready: (port: number) => Promise<boolean> },
    ): Promise<AlertmanagerProcess> {
        requireAlertmanager();
        const dir = tempDir("alertmanager");
        const configFile = path.join(dir, "alertmanager.yml");
        fs.writeFileSync(configFile, configYaml);
        const port = webPort ?? (await freePort());
        const output: string[] = [];
        const child = spawn(
            ALERTMANAGER_BINARY,
            [`--config.file=${configFile}`, `--storage.path=${dir}`, `--web.listen-address=127.0.0.1:${port}`, ...clusterArgs, ...(web?.args ?? []), "--log.level=warn"],
            { stdio: ["ignore", "pipe", "pipe"] },
        );
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const am = new AlertmanagerProcess(child, port, output);
        try {
            await until(
                async () => (web ? web.ready(port) : (await fetch(`http://127.0.0.1:${port}/-/ready`)).ok),
                "alertmanager's /-/ready",
                () => (child.exitCode !== null ? `alertmanager exited with ${child.exitCode}` : undefined),
            );
        } catch (e: any) {
            await am.stop();
            throw new Error(`${e.message}:\n${output.join("")}`);
        }
        return am;
    }

    get log(): string {
        return this.output.join("");
    }

    async stop(): Promise<void> {
        await stopChild(this.child, 5000);
    }
}

export interface WebhookCall {
    path: string;
    body: { receiver: string; status: string; alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[] };
}

/** A tiny webhook receiver on 127.0.0.1 that records every POST, as a team's endpoint would get it. */
export class WebhookReceiver {
    readonly calls: WebhookCall[] = [];
    private readonly events = new EventEmitter();
    private constructor(private readonly server: http.Server, readonly port: number) {}

    static async start(): Promise<WebhookReceiver> {
        const server = http.createServer();
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        const receiver = new WebhookReceiver(server, (server.address() as any).port);
        server.on("request", (req, res) => {
            let data = "";
            req.on("data", (c) => (data += c));
            req.on("end", () => {
                try {
                    receiver.calls.push({ path: req.url ?? "", body: JSON.parse(data) });
                    receiver.events.emit("call");
                } catch {
                    // not JSON: not from Alertmanager
                }
                res.writeHead(200).end();
            });
        });
        return receiver;
    }

    url(p: string): string {
        return `http://127.0.0.1:${this.port}${p}`;
    }

    /** Waits for a call to `p` carrying an alert that satisfies `match`, and returns that alert. */
    async waitFor(p: string, match: (labels: Record<string, string>) => boolean): Promise<WebhookCall["body"]["alerts"][number]> {
        const found = () => this.calls.filter((c) => c.path === p).flatMap((c) => c.body.alerts).find((a) => match(a.labels));
        return this.waitForCall(() => found(), `an alert matching at ${p}`);
    }

    /**
     * Waits until `check`, asked again after every call received, gives a value. The wait ends
     * on the call itself; only a hang reaches HANG_MS, and the message then lists every call.
     */
    waitForCall<T>(check: () => T | undefined | false, what: string): Promise<T> {
        return new Promise((resolve, reject) => {
            const ask = () => {
                const value = check();
                if (value !== undefined && value !== false) {
                    settle();
                    resolve(value);
                }
            };
            const timer = setTimeout(() => {
                settle();
                reject(new Error(`hung: no ${what} after ${HANG_MS / 1000} s; got ${JSON.stringify(this.calls)}`));
            }, HANG_MS);
            const settle = () => {
                clearTimeout(timer);
                this.events.off("call", ask);
            };
            this.events.on("call", ask);
            ask();
        });
    }

    async stop(): Promise<void> {
        this.server.closeAllConnections();
        await new Promise((r) => this.server.close(r));
    }
}
