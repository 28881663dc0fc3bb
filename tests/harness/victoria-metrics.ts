import { ChildProcess, spawn } from "child_process";
import { AUTH_KEYS, envFlagName } from "../../components/long-term-store/layout";
import { longTermStoreArgs } from "../../components/long-term-store/statefulset";
import { LongTermStoreServer } from "../../components/long-term-store/server";
import { until } from "./hang";
import { instantQuery, stopChild } from "./server-process";
import { freePort, tempDir } from "./prometheus";

/**
 * Debian's VictoriaMetrics (the victoria-metrics package, 1.79.5) started with the flags the
 * StatefulSet gives the pinned image, only its data path and listen address moved to this machine,
 * and the auth keys in its environment as the Secret puts them there.
 */

/** Fails (never skips) when the binary is missing. */
export function requireVictoriaMetrics(): string {
    for (const dir of (process.env.PATH ?? "").split(":")) {
        const candidate = `${dir}/victoria-metrics`;
        if (require("fs").existsSync(candidate)) {
            return candidate;
        }
    }
    throw new Error("victoria-metrics is not installed; run 'apt-get install -y victoria-metrics' (the .ci/run script does this)");
}

export interface ExportedSeries {
    metric: Record<string, string>;
    values: number[];
    timestamps: number[];
}

export class VictoriaMetricsProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        readonly args: string[],
        readonly authKeys: Record<string, string>,
        private readonly output: string[],
        readonly dataDir: string,
    ) {}

    /**
     * The generated flags, with -storageDataPath and -httpListenAddr swapped for a temporary
     * directory (or `dataDir`, such as a restored one) and a free local port.
     */
    static async start(s: Pick<LongTermStoreServer, "retention" | "dedupInterval">, dataDir = tempDir("victoria-metrics-data")): Promise<VictoriaMetricsProcess> {
        const port = await freePort();
        const args = longTermStoreArgs(s).map((a) =>
            a.startsWith("-storageDataPath=") ? `-storageDataPath=${dataDir}` : a.startsWith("-httpListenAddr=") ? `-httpListenAddr=127.0.0.1:${port}` : a,
        );
        const authKeys = Object.fromEntries(AUTH_KEYS.map((k, i) => [k.flag, `test${i}key${port}`]));
        const env = { ...process.env, ...Object.fromEntries(AUTH_KEYS.map((k) => [envFlagName(k.flag), authKeys[k.flag]])) };
        const output: string[] = [];
        const child = spawn(requireVictoriaMetrics(), [...args, "-loggerLevel=WARN"], { stdio: ["ignore", "pipe", "pipe"], env });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const vm = new VictoriaMetricsProcess(child, `http://127.0.0.1:${port}`, args, authKeys, output, dataDir);
        try {
            await vm.waitFor(async () => (await fetch(`${vm.url}/health`)).ok, "/health");
        } catch (e) {
            await vm.stop();
            throw e;
        }
        return vm;
    }

    get log(): string {
        return this.output.join("");
    }

    /** /api/v1/series: the label sets the store holds for `match`. */
    async series(match: string): Promise<Record<string, string>[]> {
        const body = (await (await fetch(`${this.url}/api/v1/series?match[]=${encodeURIComponent(match)}`)).json()) as any;
        if (body.status !== "success") {
            throw new Error(`series ${match} answered ${JSON.stringify(body)}`);
        }
        return body.data;
    }

    /** /api/v1/export: the raw samples of every series matching `match`, deduplicated as the store keeps them. */
    async export(match: string): Promise<ExportedSeries[]> {
        const text = await (await fetch(`${this.url}/api/v1/export?match[]=${encodeURIComponent(match)}`)).text();
        return text
            .split("\n")
            .filter((l) => l.trim() !== "")
            .map((l) => JSON.parse(l));
    }

    /** An instant query, as Grafana's Prometheus data source asks it. */
    async query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
        return instantQuery(this.url, expr);
    }

    async waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
        await until(check, what, () => (this.child.exitCode !== null ? `victoria-metrics exited with ${this.child.exitCode}` : undefined)).catch((e) => {
            throw new Error(`${e.message}\n${this.log}`);
        });
    }

    async stop(): Promise<void> {
        await stopChild(this.child, 10000);
    }
}
