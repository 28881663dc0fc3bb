import { ChildProcess } from "child_process";

/** What the real-binary tests do with a server process they started. */

/** SIGTERM, and SIGKILL if it has not exited after `graceMs`; nothing if it has already exited. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) {
        return;
    }
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
}

/** An instant query on Prometheus' HTTP API, which the long-term store answers too. */
export async function instantQuery(url: string, expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
    const body = (await (await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { status: string; data: { result: any[] } };
    if (body.status !== "success") {
        throw new Error(`query ${expr} answered ${JSON.stringify(body)}`);
    }
    return body.data.result;
}
