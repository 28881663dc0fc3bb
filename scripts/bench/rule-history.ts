/**
 * Recording rules evaluated over a backfilled history, as a Prometheus that had run them all along
 * would have recorded them: `promtool tsdb create-blocks-from rules` against a running Prometheus
 * on the history, layer by layer. promtool evaluates each rule with range queries over the data
 * already there, so a rule that reads another rule's series must run after that series' blocks
 * are loaded: layer 0 is the rules that read no recorded name, layer n those that read one of
 * layer n-1, and between layers the caller restarts Prometheus on the data with the new blocks.
 */
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";

export interface RecordingRule {
    group: string;
    interval?: string;
    record: string;
    expr: string;
}

const reads = (expr: string, name: string) => new RegExp(`(?<![\\w:])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w:])`).test(expr);

/** The rules in dependency layers; a cycle is an error. */
export function layers(rules: readonly RecordingRule[]): RecordingRule[][] {
    const records = new Set(rules.map((r) => r.record));
    const done = new Set<string>();
    const out: RecordingRule[][] = [];
    let left = [...rules];
    while (left.length > 0) {
        const ready = left.filter((r) => [...records].every((n) => done.has(n) || n === r.record || !reads(r.expr, n)));
        if (ready.length === 0) throw new Error(`recording rules read each other in a cycle: ${left.map((r) => r.record).join(", ")}`);
        // Every rule of a name in this layer, so the next layer sees all of a name's series.
        const names = new Set(ready.map((r) => r.record));
        const layer = left.filter((r) => names.has(r.record) && ready.includes(r));
        out.push(layer);
        left = left.filter((r) => !layer.includes(r));
        for (const n of names) if (!left.some((r) => r.record === n)) done.add(n);
    }
    return out;
}

/** One layer as a rule file, its rules in their own groups with their own intervals. */
export function layerFile(layer: readonly RecordingRule[]): string {
    const groups = new Map<string, RecordingRule[]>();
    for (const r of layer) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
    return stringify({
        groups: [...groups.entries()].map(([name, rules]) => ({
            name,
            ...(rules[0].interval ? { interval: rules[0].interval } : {}),
            rules: rules.map((r) => ({ record: r.record, expr: r.expr })),
        })),
    });
}

/** The block directories promtool wrote under `dir`, moved into `dataDir`. */
export function moveBlocks(dir: string, dataDir: string): number {
    let n = 0;
    for (const entry of fs.readdirSync(dir)) {
        if (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(entry)) {
            fs.renameSync(path.join(dir, entry), path.join(dataDir, entry));
            n++;
        }
    }
    return n;
}
