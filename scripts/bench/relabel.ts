import * as fs from "fs";

/**
 * Enough of Prometheus' metric relabelling to count what a job's rules keep of a fixture without
 * starting Prometheus: drop, keep, replace and labeldrop, each regex anchored as Prometheus
 * anchors it, source labels joined with the separator (";" by default). The real-Prometheus tests
 * (tests/*.real.test.ts) prove the same rules; this only counts, for the benchmarks.
 */
export interface Sample {
    name: string;
    labels: Record<string, string>;
}

export interface Rule {
    action?: string;
    source_labels?: string[];
    separator?: string;
    regex?: string;
    target_label?: string;
    replacement?: string;
}

/** Every sample line of an exposition file; each is one series. */
export function samples(file: string): Sample[] {
    return samplesOf(fs.readFileSync(file, "utf8"));
}

/** Every sample line of an exposition text; each is one series. */
export function samplesOf(text: string): Sample[] {
    return text
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#"))
        .map((l) => {
            const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? /.exec(l)!;
            const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
            return { name: m[1], labels };
        });
}

const anchored = (regex: string) => new RegExp(`^(?:${regex})$`);

/** One sample after the rules: its name and labels, or undefined when a rule drops it. */
export function relabel(s: Sample, rules: readonly Rule[]): Sample | undefined {
    const labels: Record<string, string> = { ...s.labels, __name__: s.name };
    for (const r of rules) {
        const action = r.action ?? "replace";
        const re = anchored(r.regex ?? "(.*)");
        const value = (r.source_labels ?? []).map((l) => labels[l] ?? "").join(r.separator ?? ";");
        if (action === "drop" && re.test(value)) return undefined;
        if (action === "keep" && !re.test(value)) return undefined;
        if (action === "replace" && re.test(value)) {
            labels[r.target_label!] = value.replace(re, r.replacement ?? "$1");
        }
        if (action === "labeldrop") {
            for (const l of Object.keys(labels).filter((k) => re.test(k))) delete labels[l];
        }
        if (!["drop", "keep", "replace", "labeldrop"].includes(action)) throw new Error(`the benchmark does not model action ${action}`);
    }
    const { __name__, ...rest } = labels;
    return { name: __name__, labels: rest };
}

/** The distinct series the rules store of one scrape, by metric name. */
export function storedByName(all: readonly Sample[], rules: readonly Rule[]): Map<string, number> {
    const stored = new Set<string>();
    const byName = new Map<string, number>();
    for (const s of all) {
        const r = relabel(s, rules);
        if (!r) continue;
        const key = `${r.name}${JSON.stringify(Object.entries(r.labels).filter(([, v]) => v !== "").sort())}`;
        if (stored.has(key)) continue;
        stored.add(key);
        byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
    }
    return byName;
}

/** How many distinct series the rules store of one scrape. */
export function kept(all: readonly Sample[], rules: readonly Rule[]): number {
    let n = 0;
    for (const count of storedByName(all, rules).values()) n += count;
    return n;
}
