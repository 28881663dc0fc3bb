/**
 * How long one wait in a test may last before the test calls it hung. Every wait ends on the event
 * it waits for (a port answers, a series appears, a webhook is called); this bound only turns a
 * hang into a failure that names what never happened. One minute is many times what any condition
 * needs on a busy 2-core machine (a Prometheus start, a scrape and a rule evaluation at load 15
 * take seconds), and well below the mocha timeout, so a mutation that stops an event fails the
 * test on its own wait, naming the condition, instead of on mocha's timeout (issue #46).
 */
export const HANG_MS = 60 * 1000;

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
): Promise<T> {
    const hungAt = Date.now() + HANG_MS;
    let lastError: unknown;
    for (;;) {
        const failure = failed();
        if (failure !== undefined) {
            throw new Error(`${failure} while waiting for ${what}`);
        }
        try {
            const value = await check();
            if (value !== undefined && value !== false) {
                return value;
            }
        } catch (e) {
            lastError = e;
        }
        if (Date.now() >= hungAt) {
            throw new Error(`hung: no ${what} after ${HANG_MS / 1000} s (${lastError ?? "no error"})`);
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
    }
}
