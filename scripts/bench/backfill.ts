/**
 * The synthetic cluster's history as an OpenMetrics file for `promtool tsdb create-blocks-from
 * openmetrics`: every series every job's instances serve (./synthetic-cluster.ts), labelled as a
 * scrape would label it (job, instance, and node for the per-node jobs) and passed through a
 * job's metric relabelling (./relabel.ts) as its metric_relabel_configs would, one sample per
 * step from `start` to `end`, in time order.
 *
 * One cluster, coherent across sources: kube-state-metrics describes 50 nodes, so its series about
 * a node this history does not hold, or a pod on one, are left out; and each node's cadvisor and
 * kubelet pods (namespace, pod) are renamed, in order, to the pods kube-state-metrics places on that
 * node, so that joins between them (kube_pod_info, kube_pod_owner, requests and limits) match as
 * they do in a real cluster. Every target also gets its `up` series, 1 throughout.
 *
 * Values: gauges and quantiles keep the fixture's value; counters, and histograms' and summaries'
 * _bucket, _sum and _count, grow by the fixture's value (at least 1) per hour, in the same
 * proportion for every bucket, so rate() is non-zero and buckets stay monotonic.
 */
import * as fs from "fs";
import { relabel, Rule, Sample } from "./relabel";
import { CLUSTER_JOBS, forNode, instancesOf } from "./synthetic-cluster";

export interface History {
    nodes: number;
    /** Unix seconds. */
    start: number;
    end: number;
    stepSeconds: number;
    /** A job's metric relabelling; undefined for none. */
    rulesFor: (job: string) => readonly Rule[] | undefined;
    /** Whether the job honours the payload's own labels over the target's (honor_labels). */
    honorLabels: (job: string) => boolean;
    /** Whether a metric name is kept at all (see bench:dashboards: only names some query or rule reads). */
    keepName: (name: string) => boolean;
}

interface Series {
    text: string;
    value: number;
    grows: boolean;
}

const GROWING = new Set(["counter", "histogram", "summary"]);

function typesOf(text: string): Map<string, string> {
    const types = new Map<string, string>();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)/gm)) types.set(m[1], m[2]);
    return types;
}

function grows(name: string, labels: Record<string, string>, types: Map<string, string>): boolean {
    const own = types.get(name);
    if (own !== undefined) return GROWING.has(own);
    const family = /^(.*)_(bucket|sum|count|total)$/.exec(name)?.[1];
    const type = family === undefined ? undefined : types.get(family);
    return type !== undefined && GROWING.has(type) && !(type === "summary" && "quantile" in labels);
}


const serialise = (s: Sample) =>
    `${s.name}{${Object.entries(s.labels)
        .filter(([, v]) => v !== "")
        .map(([k, v]) => `${k}="${v}"`)
        .join(",")}}`;

const labelsOf = (text: string | undefined): Record<string, string> =>
    Object.fromEntries([...(text ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));

/** kube-state-metrics' pods, namespace/pod -> node, from kube_pod_info. */
function podNodes(ksm: string): Map<string, string> {
    const nodes = new Map<string, string>();
    for (const m of ksm.matchAll(/^kube_pod_info\{(.*)\} /gm)) {
        const l = labelsOf(m[1]);
        nodes.set(`${l.namespace}/${l.pod}`, l.node);
    }
    return nodes;
}

/** The distinct series the history holds, each with its fixture value. */
function seriesOf(h: History): Series[] {
    const out = new Map<string, Series>();
    const ksm = CLUSTER_JOBS.find((j) => j.job === "kube-state-metrics")!.text();
    const placed = podNodes(ksm);
    const nodes = new Set(instancesOf(CLUSTER_JOBS.find((j) => j.instances === "node")!, h.nodes));
    const podsOn = new Map<string, Array<{ namespace: string; pod: string }>>();
    for (const [key, node] of placed) {
        const [namespace, pod] = key.split("/");
        podsOn.set(node, [...(podsOn.get(node) ?? []), { namespace, pod }]);
    }
    for (const j of CLUSTER_JOBS) {
        const base = j.job === "kube-state-metrics" ? ksm : j.text();
        const types = typesOf(base);
        for (const instance of instancesOf(j, h.nodes)) {
            const target: Record<string, string> = { job: j.job, instance, ...(j.instances === "node" ? { node: instance } : {}) };
            if (h.keepName("up")) out.set(serialise({ name: "up", labels: target }), { text: serialise({ name: "up", labels: target }), value: 1, grows: false });
            // This node's fixture pods, in order of appearance, become kube-state-metrics' pods on it.
            const renamed = new Map<string, { namespace: string; pod: string }>();
            const free = [...(podsOn.get(instance) ?? [])];
            for (const line of forNode(base, instance).split("\n")) {
                if (line === "" || line.startsWith("#")) continue;
                const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?/.exec(line);
                if (!m || !h.keepName(m[1])) continue;
                const own = labelsOf(m[2]);
                if (j.job === "kube-state-metrics") {
                    const node = own.node ?? (own.pod ? placed.get(`${own.namespace}/${own.pod}`) : undefined);
                    if (node !== undefined && node !== "" && !nodes.has(node)) continue;
                } else if (j.instances === "node" && own.pod && own.namespace) {
                    const key = `${own.namespace}/${own.pod}`;
                    if (!renamed.has(key) && free.length > 0) renamed.set(key, free.shift()!);
                    Object.assign(own, renamed.get(key) ?? {});
                }
                const labels = h.honorLabels(j.job) ? { ...target, ...own } : { ...own, ...target };
                const kept = relabel({ name: m[1], labels }, h.rulesFor(j.job) ?? []);
                if (!kept || !h.keepName(kept.name)) continue;
                const text = serialise(kept);
                if (!out.has(text)) out.set(text, { text, value: Number(line.slice(m[0].length).trim().split(/\s+/)[0]), grows: grows(m[1], own, types) });
            }
        }
    }
    return [...out.values()];
}

/** Writes the history to `file`; returns its series and samples. */
export function writeHistory(file: string, h: History): { series: number; samples: number } {
    const series = seriesOf(h);
    const fd = fs.openSync(file, "w");
    let chunk: string[] = [];
    let size = 0;
    const flush = () => {
        fs.writeSync(fd, chunk.join(""));
        chunk = [];
        size = 0;
    };
    let samples = 0;
    for (let t = h.start; t <= h.end; t += h.stepSeconds) {
        const grown = (t - h.start) / 3600;
        for (const s of series) {
            const v = s.grows && Number.isFinite(s.value) ? s.value + Math.max(1, s.value) * grown : s.value;
            const line = `${s.text} ${Number.isNaN(v) ? "NaN" : v === Infinity ? "+Inf" : v} ${t}\n`;
            chunk.push(line);
            size += line.length;
            samples++;
            if (size > 1 << 20) flush();
        }
    }
    chunk.push("# EOF\n");
    flush();
    fs.closeSync(fd);
    return { series: series.length, samples };
}
