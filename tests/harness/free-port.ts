import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";

/**
 * Ports handed out in this test run, one file each, shared by mocha's parallel workers (they are
 * children of one mocha process, hence the parent's pid). A port is free when the kernel hands
 * it out, but the binary binds it only later; without the reservation, two workers could both be
 * handed the same port in that window and one binary would fail to start.
 */
const PREFIX = "cluster-monitoring-test-ports-";
const RESERVATIONS = path.join(os.tmpdir(), `${PREFIX}${process.ppid}`);

function alive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (e: any) {
        return e.code === "EPERM";
    }
}

/** Removes the reservations of earlier runs whose mocha has exited, so they do not pile up in the temp directory. */
export function removeStaleReservations(tmp = os.tmpdir()): void {
    for (const entry of fs.readdirSync(tmp)) {
        const pid = Number(entry.slice(PREFIX.length));
        if (entry.startsWith(PREFIX) && Number.isInteger(pid) && pid !== process.ppid && !alive(pid)) {
            fs.rmSync(path.join(tmp, entry), { recursive: true, force: true });
        }
    }
}

let cleaned = false;

/** A port the kernel has just found free on 127.0.0.1. */
export function kernelFreePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => {
            const port = (server.address() as net.AddressInfo).port;
            server.close(() => resolve(port));
        });
    });
}

/** The first candidate that no other caller in this run has reserved; reserves it. */
export async function reservedPort(candidate: () => Promise<number>, reservations = RESERVATIONS): Promise<number> {
    fs.mkdirSync(reservations, { recursive: true });
    const tried: number[] = [];
    while (tried.length < 100) {
        const port = await candidate();
        try {
            fs.writeFileSync(path.join(reservations, String(port)), String(process.pid), { flag: "wx" });
            return port;
        } catch (e: any) {
            if (e.code !== "EEXIST") {
                throw e;
            }
            tried.push(port);
        }
    }
    throw new Error(`no unreserved port among ${tried.length} candidates (${tried.slice(0, 5).join(", ")}...) in ${reservations}`);
}

/** A free port on 127.0.0.1 that no other test of this run, in any worker, is given. */
export function freePort(): Promise<number> {
    if (!cleaned) {
        cleaned = true;
        removeStaleReservations();
    }
    return reservedPort(kernelFreePort);
}
