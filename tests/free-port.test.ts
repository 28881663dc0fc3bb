import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as path from "path";
import { freePort, removeStaleReservations, reservedPort } from "./harness/free-port";
import { tempDir } from "./harness/prometheus";

// mocha runs several workers (npm test: --parallel --jobs 3); a port handed to one must never be
// handed to another before its binary binds it (tests/harness/free-port.ts).

describe("free ports for the real binaries (tests/harness/free-port.ts)", () => {
    it("skips a port another caller of the run has reserved, even when the kernel offers it again", async () => {
        const reservations = path.join(tempDir("free-port"), "ports");
        const offers = [5000, 5000, 5000, 5001];
        const next = async () => offers.shift()!;
        assert.strictEqual(await reservedPort(next, reservations), 5000);
        assert.strictEqual(await reservedPort(next, reservations), 5001);
        assert.deepStrictEqual(fs.readdirSync(reservations).sort(), ["5000", "5001"]);
    });

    it("gives up, saying so, when every candidate is reserved", async () => {
        const reservations = path.join(tempDir("free-port"), "ports");
        await reservedPort(async () => 6000, reservations);
        await assert.rejects(reservedPort(async () => 6000, reservations), /no unreserved port among 100 candidates \(6000, 6000/);
    });

    it("removes the reservations of runs whose mocha has exited, and keeps those of a running one", () => {
        const tmp = tempDir("free-port");
        const exited = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
        const gone = `cluster-monitoring-test-ports-${exited.stdout}`;
        const running = `cluster-monitoring-test-ports-${process.pid}`;
        for (const dir of [gone, running, "unrelated"]) {
            fs.mkdirSync(path.join(tmp, dir, "5000"), { recursive: true });
        }
        removeStaleReservations(tmp);
        assert.deepStrictEqual(fs.readdirSync(tmp).sort(), [running, "unrelated"].sort());
    });

    it("hands out a port that can be bound on 127.0.0.1", async () => {
        const port = await freePort();
        const server = net.createServer();
        await new Promise<void>((resolve, reject) => {
            server.once("error", reject);
            server.listen(port, "127.0.0.1", () => resolve());
        });
        await new Promise<void>((resolve) => server.close(() => resolve()));
    });
});
