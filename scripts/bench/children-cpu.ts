import { spawnSync, SpawnSyncOptions } from "child_process";
import * as fs from "fs";

/**
 * CPU seconds (user + system) that a child process used, read the way the kernel accounts it:
 * once the parent has reaped a child, the child's user and system time are added to the parent's
 * cutime and cstime in /proc/self/stat. spawnSync reaps the child before it returns, so the
 * difference of the two fields around it is that child's cost, threads and all, with no wrapper
 * process (such as /usr/bin/time) whose own cost would be counted.
 */

/** cutime + cstime, in clock ticks, from the text of /proc/<pid>/stat. */
export function childrenTicksOf(statText: string): number {
    // The second field (the command name, in parentheses) may itself hold spaces and
    // parentheses, so the fields are counted from the last ")".
    const fields = statText.slice(statText.lastIndexOf(")") + 2).trim().split(/\s+/);
    // After the name, fields[0] is field 3 (state); cutime and cstime are fields 16 and 17.
    const cutime = Number(fields[16 - 3]);
    const cstime = Number(fields[17 - 3]);
    if (!Number.isInteger(cutime) || !Number.isInteger(cstime)) {
        throw new Error(`no cutime/cstime in /proc stat text: ${statText}`);
    }
    return cutime + cstime;
}

function clockTicksPerSecond(): number {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    const ticks = Number(out.stdout?.trim());
    if (out.status !== 0 || !Number.isInteger(ticks) || ticks <= 0) {
        throw new Error(`getconf CLK_TCK failed: ${out.stderr ?? out.error}`);
    }
    return ticks;
}

let ticksPerSecond: number | undefined;

/** Runs `command` to its end and returns the CPU seconds it used; fails when it fails. */
export function cpuSecondsOf(command: string, args: readonly string[], options: SpawnSyncOptions): number {
    ticksPerSecond ??= clockTicksPerSecond();
    const before = childrenTicksOf(fs.readFileSync("/proc/self/stat", "utf8"));
    const run = spawnSync(command, args, { ...options, encoding: "utf8" });
    const after = childrenTicksOf(fs.readFileSync("/proc/self/stat", "utf8"));
    if (run.status !== 0) {
        throw new Error(`${command} ${args.join(" ")} exited with ${run.status ?? run.signal}:\n${run.stderr}${run.error ?? ""}`);
    }
    return (after - before) / ticksPerSecond;
}
