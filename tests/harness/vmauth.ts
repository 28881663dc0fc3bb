import { ChildProcess, spawn } from "child_process";
import { vmauthArgs } from "../../components/long-term-store/vmauth";
import { until } from "./hang";
import { freePort, requireBinary } from "./prometheus";
import { stopChild } from "./server-process";

/**
 * Debian's vmauth on a generated auth config, with the flags the Deployment passes (vmauthArgs)
 * and its environment: the auth keys, and `env` (what the Deployment's secretKeyRefs would give).
 */
export class VmauthProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        private readonly output: string[],
    ) {}

    static async start(configFile: string, env: Record<string, string> = {}): Promise<VmauthProcess> {
        const port = await freePort();
        const args = vmauthArgs().map((a) => (a.startsWith("-auth.config=") ? `-auth.config=${configFile}` : a.startsWith("-httpListenAddr=") ? `-httpListenAddr=127.0.0.1:${port}` : a));
        const output: string[] = [];
        const child = spawn(requireBinary("vmauth"), [...args, "-loggerLevel=WARN"], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, flagsAuthKey: "vmauthFlagsKey", pprofAuthKey: "vmauthPprofKey", reloadAuthKey: "vmauthReloadKey", ...env } });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const p = new VmauthProcess(child, `http://127.0.0.1:${port}`, output);
        await until(async () => (await fetch(`${p.url}/health`)).ok, "vmauth's /health", () => (child.exitCode !== null ? `vmauth exited with ${child.exitCode}\n${output.join("")}` : undefined));
        return p;
    }

    async stop(): Promise<void> {
        // SIGKILL after 5 s: a server that ignores SIGTERM fails no test by hanging its after hook.
        await stopChild(this.child, 5000);
    }
}
