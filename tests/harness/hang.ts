import { ChildProcess } from "child_process";

/**
 * How long one wait in a test may last before the test calls it hung. Every wait ends on the event
 * it waits for (a port answers, a series appears, a webhook is called); this bound only turns a
 * hang into a failure that names what never happened. One minute is many times what any condition
 * needs on a busy 2-core machine (a Prometheus start, a scrape and a rule evaluation at load 15
 * take seconds), and well below the mocha timeout, so a mutation that stops an event fails the
 * test on its own wait, naming the condition, instead of on mocha's timeout (issue #46).
 */
export const HANG_MS = 60 * 1000;

/** `promise`, or a rejection naming `what` once `hungAt` (a Date.now() time) has passed. */
function withinDeadline<T>(promise: Promise<T>, hungAt: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`hung: a check for ${what} did not answer by the wait's deadline`)), Math.max(0, hungAt - Date.now()));
    });
    return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}

/**
 * Waits until `child` has exited and closed its output, and gives its exit status. A child that
 * has not after HANG_MS is killed, and the wait fails naming `what`: a hung child fails the test on
 * its own condition instead of on mocha's timeout (issue #46).
 */
export function exitOf(child: ChildProcess, what: string, hangMs = HANG_MS): Promise<number | null> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
            child.kill("SIGKILL");
            reject(new Error(`hung: ${what} had not exited after ${hangMs / 1000} s`));
        }, hangMs);
        child.on("error", (e) => {
            clearTimeout(timer);
            reject(e);
        });
        child.on("close", (status) => {
            clearTimeout(timer);
            resolve(status);
        });
    });
}

/** How often `until` asks again; the answer does not depend on it, only how soon it is seen. */
const POLL_MS = 100;

/**
 * Asks `check` until it gives a value (anything but undefined or false) and returns that value.
 * `failed` may end the wait early with an error, e.g. when the process being waited on exited.
 * After HANG_MS it throws, naming `what` and the last error `check` threw.
 */
export async function until<T>(
    check: () => Promise<T | undefined | false>,
    what: string,
    failed: () => string | undefined = () => undefined,
    hangMs = HANG_MS,
): Promise<T> {
    const hungAt = Date.now() + hangMs;
    let lastError: unknown;
    for (;;) {
        const failure = failed();
        if (failure !== undefined) {
            throw new Error(`${failure} while waiting for ${what}`);
        }
        try {
            // A check that never settles (a server that takes the connection and never answers)
            // ends at the same deadline, naming the condition, instead of on mocha's timeout.
            const value = await withinDeadline(check(), hungAt, what);
            if (value !== undefined && value !== false) {
                return value;
            }
        } catch (e) {
            lastError = e;
        }
        if (Date.now() >= hungAt) {
            throw new Error(`hung: no ${what} after ${hangMs / 1000} s (${lastError ?? "no error"})`);
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
    }
}
