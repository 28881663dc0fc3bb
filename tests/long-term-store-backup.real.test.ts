import { LongTermStoreServer, longTermStoreServer } from "../components/long-term-store/server";
import * as assert from "assert";
import { ChildProcess, execFile, spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { BACKUP_CONTAINER_NAME, vmrestoreArgs } from "../components/long-term-store/backup";
import { longTermStoreStatefulSet } from "../components/long-term-store/statefulset";
import { requireBinary, tempDir, freePort } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { exitOf, until } from "./harness/hang";
import { VictoriaMetricsProcess } from "./harness/victoria-metrics";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver");

/**
 * Proof of docs/long-term-storage.md#backups on real binaries: the sidecar's own loop, run by
 * busybox's sh, wget and sed as in the image's alpine base, with Debian's vmbackup 1.79.5 in
 * place of the image's, backs up Debian's VictoriaMetrics into s3rver, a fake S3 (which takes
 * any signature, so the S3 keys' path is the unit test's: tests/long-term-store-backup.test.ts).
 * Then the store is stopped, vmrestore brings the backup
 * back with the documented flags into an empty directory, and a store started on it answers
 * with the samples written before the backup.
 */

/** s3rver's own key pair. */
const S3_KEYS = { storeBackupKeyId: "S3RVER", storeBackupSecret: "S3RVER" };
const BUCKET = "metrics-backups";

/** busybox's applets first on the PATH, as the alpine image has them. */
function busyboxPath(): string {
    const dir = tempDir("busybox-applets");
    const busybox = requireBinary("busybox");
    for (const applet of ["sh", "wget", "sed", "sleep"]) {
        fs.symlinkSync(busybox, path.join(dir, applet));
    }
    return `${dir}:${process.env.PATH}`;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
    return new Promise((resolve, reject) =>
        execFile(cmd, args, { env }, (e, stdout, stderr) => (e ? reject(new Error(`${cmd} failed: ${e.message}\n${stdout}${stderr}`)) : resolve(stdout + stderr))),
    );
}

describe("long-term store backups through s3rver (docs/long-term-storage.md#backups)", function () {
    let s3: any;
    let s3Dir = "";
    let store: VictoriaMetricsProcess | undefined;
    let restored: VictoriaMetricsProcess | undefined;
    let loop: ChildProcess | undefined;
    const loopOutput: string[] = [];
    let settings: LongTermStoreServer;
    const now = Date.now();

    before(async () => {
        s3Dir = tempDir("s3rver");
        s3 = new S3rver({ port: await freePort(), address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
        const { port } = await s3.run();
        settings = longTermStoreServer(settingsWith(
            {
                longTermStore: {
                    enabled: true,
                    backup: {
                        destination: `s3://${BUCKET}/prod-eu`,
                        endpoint: `http://127.0.0.1:${port}`,
                        // s3rver listens on loopback over plain http.
                        allowPlaintextCredentials: true,
                        accessKeyIdKey: "storeBackupKeyId",
                        secretAccessKeyKey: "storeBackupSecret",
                    },
                },
            },
            S3_KEYS,
        ));
        store = await VictoriaMetricsProcess.start(settings);
        const body = [0, 1, 2].map((i) => `backup_probe{shard="${i}"} ${40 + i} ${now - 60_000}`).join("\n") + "\n";
        const imported = await fetch(`${store.url}/api/v1/import/prometheus`, { method: "POST", body });
        assert.strictEqual(imported.status, 204);
    });

    after(async () => {
        if (loop?.pid && loop.exitCode === null && loop.signalCode === null) {
            process.kill(-loop.pid, "SIGKILL");
        }
        await store?.stop();
        await restored?.stop();
        await s3?.close();
    });

    it("the sidecar's loop makes a snapshot, backs it up and deletes it, with no key in its output", async () => {
        const container = (longTermStoreStatefulSet(settings).spec as any).template.spec.containers.find((c: any) => c.name === BACKUP_CONTAINER_NAME);
        const [shell, flag, script] = container.command as string[];
        assert.deepStrictEqual([shell, flag], ["/bin/sh", "-c"]);
        // The pod's environment, each secretKeyRef resolved as the Secrets hold it; the store is the local one.
        const secretValue = (ref: { name: string; key: string }) =>
            ref.key === "snapshot-auth-key" ? store!.authKeys.snapshotAuthKey : ref.key === "access-key-id" ? S3_KEYS.storeBackupKeyId : S3_KEYS.storeBackupSecret;
        const env: NodeJS.ProcessEnv = { PATH: busyboxPath() };
        for (const e of container.env) {
            env[e.name] = e.valueFrom ? secretValue(e.valueFrom.secretKeyRef) : e.name === "STORE_URL" ? store!.url : e.value;
        }
        const args = (container.args as string[]).map((a) => (a.startsWith("-storageDataPath=") ? `-storageDataPath=${store!.dataDir}` : a));
        loop = spawn("sh", ["-c", script, requireBinary("vmbackup"), ...args], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
        loop.stdout!.on("data", (d) => loopOutput.push(String(d)));
        loop.stderr!.on("data", (d) => loopOutput.push(String(d)));
        const complete = path.join(s3Dir, BUCKET, "prod-eu", "backup_complete.ignore._S3rver_object");
        await until(async () => fs.existsSync(complete), "a complete backup in s3rver", () => (loop!.exitCode !== null ? `the loop exited: ${loopOutput.join("")}` : undefined));
        // The loop deletes its snapshot after the backup, before it sleeps.
        const listSnapshots = async () =>
            (await (await fetch(`${store!.url}/snapshot/list`, { method: "POST", body: new URLSearchParams({ authKey: store!.authKeys.snapshotAuthKey }) })).json()) as any;
        await until(async () => (await listSnapshots()).snapshots.length === 0, "the snapshot deleted", () => undefined);
        assert.strictEqual(loop.exitCode, null, "the loop keeps running to sleep until the next backup");
        const output = loopOutput.join("");
        assert.ok(!output.includes(store!.authKeys.snapshotAuthKey), output);
        assert.ok(!/could not|failed/.test(output), output);
        process.kill(-loop.pid!, "SIGKILL");
        await exitOf(loop, "the killed backup loop");
    });

    it("retries a turn that cannot reach the store after the retry wait, not the whole interval", async () => {
        const container = (longTermStoreStatefulSet(settings).spec as any).template.spec.containers.find((c: any) => c.name === BACKUP_CONTAINER_NAME);
        const env: NodeJS.ProcessEnv = { PATH: busyboxPath(), SNAPSHOT_AUTH_KEY: "k", STORE_URL: `http://127.0.0.1:${await freePort()}`, BACKUP_INTERVAL_SECONDS: "86400", BACKUP_RETRY_SECONDS: "1" };
        const output: string[] = [];
        const failing = spawn("sh", ["-c", container.command[2], requireBinary("vmbackup")], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
        failing.stderr!.on("data", (d) => output.push(String(d)));
        try {
            await until(async () => (output.join("").match(/could not create a snapshot; next attempt in 1s/g) ?? []).length >= 2, "two failed turns a second apart", () => undefined);
        } finally {
            process.kill(-failing.pid!, "SIGKILL");
        }
    });

    it("deletes a snapshot with /snapshot/delete only after a backup that succeeded (LongTermStoreBackupMissed counts that path), and clears a failed one with /snapshot/delete_all", async () => {
        // Debian's 1.79.5 has no counter of the snapshot paths (v1.88.1 added vm_http_requests_total{path="/snapshot/delete"}),
        // so a proxy in front of the real store records the paths the loop calls; `true` and `false` stand in for vmbackup.
        const container = (longTermStoreStatefulSet(settings).spec as any).template.spec.containers.find((c: any) => c.name === BACKUP_CONTAINER_NAME);
        const calls: string[] = [];
        // The calls the store has answered: the snapshot list is read only after the last one, so it sees what that call did.
        const answered: string[] = [];
        const target = new URL(store!.url);
        const proxy = http.createServer((req, res) => {
            const call = req.url!.split("?")[0];
            calls.push(call);
            res.on("finish", () => answered.push(call));
            const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
                res.writeHead(up.statusCode!, up.headers);
                up.pipe(res);
            });
            req.pipe(upstream);
        });
        const port = await freePort();
        await new Promise<void>((r) => proxy.listen(port, "127.0.0.1", r));
        const turn = async (vmbackup: string, last: string) => {
            calls.length = 0;
            answered.length = 0;
            const env: NodeJS.ProcessEnv = {
                PATH: busyboxPath(),
                SNAPSHOT_AUTH_KEY: store!.authKeys.snapshotAuthKey,
                STORE_URL: `http://127.0.0.1:${port}`,
                BACKUP_INTERVAL_SECONDS: "86400",
                BACKUP_RETRY_SECONDS: "86400",
            };
            const one = spawn("sh", ["-c", container.command[2], requireBinary(vmbackup)], { env, detached: true, stdio: "ignore" });
            try {
                await until(async () => answered.includes(last), `the store's answer to the loop's call of ${last}`, () => (one.exitCode !== null ? "the loop exited" : undefined));
            } finally {
                process.kill(-one.pid!, "SIGKILL");
            }
            return [...calls];
        };
        try {
            assert.deepStrictEqual(await turn("true", "/snapshot/delete"), ["/snapshot/create", "/snapshot/delete"]);
            assert.deepStrictEqual(await turn("false", "/snapshot/delete_all"), ["/snapshot/create", "/snapshot/delete_all"]);
            const listed = (await (await fetch(`${store!.url}/snapshot/list`, { method: "POST", body: new URLSearchParams({ authKey: store!.authKeys.snapshotAuthKey }) })).json()) as any;
            assert.deepStrictEqual(listed.snapshots, [], "the failed turn's snapshot is gone");
        } finally {
            await new Promise((r) => proxy.close(r));
        }
    });

    it("restores with the documented vmrestore flags into an empty directory, and the store answers with the backed-up samples", async () => {
        await store!.stop();
        const dataDir = tempDir("victoria-metrics-restored");
        const env = { ...process.env, AWS_ACCESS_KEY_ID: S3_KEYS.storeBackupKeyId, AWS_SECRET_ACCESS_KEY: S3_KEYS.storeBackupSecret };
        await run(requireBinary("vmrestore"), vmrestoreArgs(settings, dataDir), env);
        restored = await VictoriaMetricsProcess.start(settings, dataDir);
        const series = await restored.export("backup_probe");
        assert.deepStrictEqual(
            series.map((s) => [s.metric.shard, s.values]).sort(),
            [["0", [40]], ["1", [41]], ["2", [42]]],
        );
    });
});
