import { ChildProcess, spawn } from "child_process";
import { nodeExporterArgs } from "../../components/node-exporter/args";
import { HOST_MOUNTS } from "../../components/node-exporter/layout";
import { NodeExporterSettings } from "../../config";
import { until } from "./hang";
import { freePort } from "./prometheus";
import { stopChild } from "./server-process";

/** Debian's package installs the exporter under this name; .ci/run installs it, and a missing binary fails. */
export const NODE_EXPORTER_BINARY = "/usr/bin/prometheus-node-exporter";

/**
 * The DaemonSet's arguments for an exporter running directly on this machine: the same
 * collector switches and exclusions, with the listen address on 127.0.0.1 and the host paths at
 * their real places instead of the container's /host mounts.
 */
export function localNodeExporterArgs(n: NodeExporterSettings, port: number): string[] {
    return nodeExporterArgs(n).map((arg) => {
        if (arg.startsWith("--web.listen-address=")) return `--web.listen-address=127.0.0.1:${port}`;
        const mount = HOST_MOUNTS.find((m) => arg.startsWith(`${m.flag}=`));
        return mount ? `${mount.flag}=${mount.hostPath}` : arg;
    });
}

export class NodeExporterProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly address: string,
        private readonly output: string[],
    ) {}

    static async start(n: NodeExporterSettings): Promise<NodeExporterProcess> {
        const fs = await import("fs");
        if (!fs.existsSync(NODE_EXPORTER_BINARY)) {
            throw new Error(`${NODE_EXPORTER_BINARY} is not installed; run 'apt-get install -y prometheus-node-exporter' (the .ci/run script does this)`);
        }
        const port = await freePort();
        const output: string[] = [];
        const child = spawn(NODE_EXPORTER_BINARY, localNodeExporterArgs(n, port), { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const exporter = new NodeExporterProcess(child, `127.0.0.1:${port}`, output);
        try {
            await until(
                async () => (await fetch(`http://${exporter.address}/metrics`)).ok,
                `node exporter's /metrics on ${exporter.address}`,
                () => (child.exitCode !== null ? `node exporter exited with ${child.exitCode}` : undefined),
            );
        } catch (e: any) {
            await exporter.stop();
            throw new Error(`${e.message}:\n${output.join("")}`);
        }
        return exporter;
    }

    async metrics(): Promise<string> {
        return (await fetch(`http://${this.address}/metrics`)).text();
    }

    async stop(): Promise<void> {
        // SIGKILL after 5 s: an exporter that ignores SIGTERM fails no test by hanging its after hook.
        await stopChild(this.child, 5000);
    }
}
