import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { pushgatewayArgs } from "../../components/pushgateway";
import { freePort, tempDir } from "./prometheus";
import { stopChild } from "./server-process";
import { until } from "./hang";

/**
 * Debian's Pushgateway (package prometheus-pushgateway, 1.5.1 on Debian 12) on 127.0.0.1, started
 * with the flags the Deployment passes (components/pushgateway/deployment.ts), only its listen
 * address and its persistence file moved into the test's own port and directory. A missing binary
 * fails the test: .ci/run installs it.
 */
export const PUSHGATEWAY_BINARY = "/usr/bin/prometheus-pushgateway";

/** Every wait of the Pushgateway tests ends on the event it waits for, bounded as every wait of the suite (tests/harness/hang.ts). */
export const within = until;

/** The Deployment's arguments with the listen address and the persistence file of a test. */
export function testArgs(port: number, persistenceFile: string): string[] {
    return pushgatewayArgs().map((a) =>
        a.startsWith("--web.listen-address=") ? `--web.listen-address=127.0.0.1:${port}` : a.startsWith("--persistence.file=") ? `--persistence.file=${persistenceFile}` : a,
    );
}

export class PushgatewayProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly address: string,
        readonly persistenceFile: string,
        private readonly output: string[],
    ) {}

    /** Starts the gateway and waits for its /-/ready; `persistenceFile` reuses a stopped gateway's file, as a restarted container finds its emptyDir. */
    static async start(persistenceFile = path.join(tempDir("pushgateway"), "pushgateway.data"), port?: number): Promise<PushgatewayProcess> {
        if (!fs.existsSync(PUSHGATEWAY_BINARY)) {
            throw new Error(`${PUSHGATEWAY_BINARY} is not installed; run 'apt-get install -y prometheus-pushgateway' (the .ci/run script does this)`);
        }
        const listen = port ?? (await freePort());
        const output: string[] = [];
        const child = spawn(PUSHGATEWAY_BINARY, testArgs(listen, persistenceFile), { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const gateway = new PushgatewayProcess(child, `127.0.0.1:${listen}`, persistenceFile, output);
        try {
            await within(async () => (await fetch(`http://${gateway.address}/-/ready`)).ok, `the Pushgateway's /-/ready on ${gateway.address}`, () => gateway.exited());
        } catch (e: any) {
            await gateway.stop();
            throw new Error(`${e.message}:\n${gateway.log}`);
        }
        return gateway;
    }

    /** What a batch job does at its end: PUT replaces its group, POST adds to it (/metrics/job/<job>[/<label>/<value>...]). */
    async push(method: "PUT" | "POST" | "DELETE", group: string, body = ""): Promise<{ status: number; text: string }> {
        const response = await fetch(`http://${this.address}/metrics/${group}`, { method, body: method === "DELETE" ? undefined : body, headers: { "Content-Type": "text/plain; version=0.0.4" } });
        return { status: response.status, text: await response.text() };
    }

    /** The gateway's own /metrics, as Prometheus scrapes it. */
    async metrics(): Promise<string> {
        return (await fetch(`http://${this.address}/metrics`)).text();
    }

    exited(): string | undefined {
        return this.child.exitCode !== null || this.child.signalCode !== null ? `the Pushgateway exited (${this.child.exitCode ?? this.child.signalCode})` : undefined;
    }

    get log(): string {
        return this.output.join("");
    }

    /** SIGTERM, as the kubelet stops a container: the gateway writes its persistence file before it exits. */
    async stop(): Promise<void> {
        await stopChild(this.child, 10_000);
    }
}
