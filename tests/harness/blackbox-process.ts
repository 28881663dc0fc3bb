import { until } from "./hang";
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { blackboxConfigFile } from "../../components/blackbox-exporter";
import { freePort, tempDir } from "./prometheus";
import { stopChild } from "./server-process";

/** Debian's package (prometheus-blackbox-exporter); .ci/run installs it, and a missing binary fails. */
export const BLACKBOX_BINARY = "/usr/bin/prometheus-blackbox-exporter";

/** Debian's blackbox exporter on 127.0.0.1, loading the modules file exactly as the ConfigMap carries it. */
export class BlackboxProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly address: string,
        private readonly output: string[],
    ) {}

    static configFile(): string {
        const file = path.join(tempDir("blackbox"), "blackbox.yml");
        fs.writeFileSync(file, blackboxConfigFile());
        return file;
    }

    /** `env` adds to the environment, such as SSL_CERT_FILE to trust a test CA. */
    static async start(env: Record<string, string> = {}): Promise<BlackboxProcess> {
        if (!fs.existsSync(BLACKBOX_BINARY)) {
            throw new Error(`${BLACKBOX_BINARY} is not installed; run 'apt-get install -y prometheus-blackbox-exporter' (the .ci/run script does this)`);
        }
        const port = await freePort();
        const output: string[] = [];
        const child = spawn(BLACKBOX_BINARY, [`--config.file=${BlackboxProcess.configFile()}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const exporter = new BlackboxProcess(child, `127.0.0.1:${port}`, output);
        try {
            await until(
                async () => (await fetch(`http://${exporter.address}/-/healthy`)).ok,
                `the blackbox exporter's /-/healthy on ${exporter.address}`,
                () => (child.exitCode !== null ? `the blackbox exporter exited with ${child.exitCode}` : undefined),
            );
        } catch (e: any) {
            await exporter.stop();
            throw new Error(`${e.message}:\n${output.join("")}`);
        }
        return exporter;
    }

    get log(): string {
        return this.output.join("");
    }

    async stop(): Promise<void> {
        // SIGKILL after 5 s: an exporter that ignores SIGTERM fails no test by hanging its after hook.
        await stopChild(this.child, 5000);
    }
}
