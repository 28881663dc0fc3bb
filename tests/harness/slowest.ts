/** One finished test or hook and how long it ran, as mocha measured it. */
export interface Timing {
    /** The full title: suites, then the test's or hook's own title. */
    title: string;
    /** The spec file, relative to the repository. */
    file: string;
    ms: number;
}

/** The `n` longest timings, longest first; equal ones keep the order they finished in. */
export function slowest(timings: readonly Timing[], n: number): Timing[] {
    return timings
        .map((t, i) => ({ t, i }))
        .sort((a, b) => b.t.ms - a.t.ms || a.i - b.i)
        .slice(0, n)
        .map(({ t }) => t);
}

/**
 * The block printed after mocha's summary. It names the file with each title, so the next
 * regression can be found from the CI log alone.
 */
export function slowestReport(timings: readonly Timing[], n: number): string {
    const top = slowest(timings, n);
    if (top.length === 0) {
        return "";
    }
    const width = Math.max(...top.map((t) => formatMs(t.ms).length));
    const lines = top.map((t, i) => `  ${String(i + 1).padStart(2)}. ${formatMs(t.ms).padStart(width)}  ${t.title}  (${t.file})`);
    return `  Slowest ${top.length} of ${timings.length} tests and hooks:\n${lines.join("\n")}\n\n`;
}

function formatMs(ms: number): string {
    return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
