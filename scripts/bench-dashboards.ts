/**
 * How fast our dashboards are, against kube-prometheus' for the same questions, on a real
 * Prometheus (Debian's 2.42) holding the history of the synthetic cluster of
 * scripts/bench/synthetic-cluster.ts (the one npm run bench:scale scrapes): BENCH_NODES nodes
 * (default 10) over BENCH_HOURS hours (default 1.5), a sample every BENCH_INTERVAL (default: the
 * generated config's scrape interval).
 *
 * Two histories, one per side, each loaded by backfill (scripts/bench/backfill.ts, then promtool
 * tsdb create-blocks-from openmetrics): ours after our generated metric_relabel_configs, kube-
 * prometheus' after its (scripts/bench/kube-prometheus-rules.ts). Backfill, not scraping or remote
 * write, because it is the one way 2 cores build hours of history in minutes: scraping takes the
 * hours in wall time, and remote write with an out-of-order window costs Prometheus the same
 * ingestion work plus the out-of-order head, where promtool writes blocks directly. Only the
 * families some panel, variable or recording rule of either side reads are written: the others
 * would change no query's samples, only the size of the index.
 *
 * Each side's recording rules are then evaluated over its history (scripts/bench/rule-history.ts:
 * promtool tsdb create-blocks-from rules, layer by layer): ours are the stack's rule files, theirs
 * the kube-prometheus rules its panels read (scripts/bench/kube-prometheus-recording-rules.ts).
 * The rules' blocks overlap the history's, and Prometheus merges overlapping blocks on its own a
 * minute or so after it starts; the benchmark waits for that (up to 5 min) before it queries, so
 * that no side is compacting while it is measured.
 *
 * Then every Prometheus query of every panel of every dashboard the stack renders with everything
 * on runs as a range query over the last BENCH_RANGE (default 1h) of the history, at a step of the
 * interval, with $__rate_interval as Grafana sets it for that interval (four intervals) and each
 * query variable set to All where it offers All, else to its busiest value (the same namespace,
 * pod and node on both sides); BENCH_REPEAT times
 * (default 3), the median kept. For each board it prints the p50 and p95 of its queries'
 * execution time (Prometheus' own, stats=all: execTotalTime) and the samples its queries touch
 * (totalQueryableSamples, summed), and the same for kube-prometheus' counterpart boards
 * (scripts/bench/dashboard-matches.ts; their queries are scripts/bench/kube-prometheus-dashboards.ts,
 * rewritten only for our job names), with the ratios ours/theirs of the p95 and of the samples.
 * On a shared machine the times move between runs; the samples touched do not.
 *
 * BENCH_BOARDS (our uids, comma-separated) measures only those boards, with a history of only the
 * families they, their kube-prometheus counterparts and the recording rules they read (through
 * other rules) need: minutes less to build, for iterating on one board; the full table comes from
 * a run without it (a smaller index moves the times a little). BENCH_QUERIES=1 prints every
 * query's time and samples under its board's row. BENCH_HOLD=1 keeps both Prometheus servers up
 * after the table, their URLs printed, for queries by hand, until Ctrl-C.
 *
 * A benchmark, not a test: no asserts. It stops its Prometheus processes on exit or Ctrl-C and
 * removes its temporary directories.
 *
 *   npm run bench:dashboards       (BENCH_NODES=10 BENCH_HOURS=1.5 BENCH_RANGE=1h BENCH_REPEAT=3)
 *   BENCH_BOARDS=cm-persistent-volumes BENCH_QUERIES=1 npm run bench:dashboards
 */
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { settingsWithGrafana } from "../tests/harness/stack-config";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { prometheusQueries } from "../tests/harness/dashboards";
import { requireBinary } from "../tests/harness/prometheus";
import { freePort } from "../tests/harness/free-port";
import { writeHistory } from "./bench/backfill";
import { KUBE_PROMETHEUS_RULES } from "./bench/kube-prometheus-rules";
import { KUBE_PROMETHEUS_DASHBOARDS } from "./bench/kube-prometheus-dashboards";
import { KUBE_PROMETHEUS_RECORDING_RULES } from "./bench/kube-prometheus-recording-rules";
import { KUBE_PROMETHEUS_COUNTERPARTS } from "./bench/dashboard-matches";
import { layerFile, layers, moveBlocks, RecordingRule } from "./bench/rule-history";
import { median } from "./bench/median";
import { Rule } from "./bench/relabel";

const NODES = Number(process.env.BENCH_NODES ?? 10);
const HOURS = Number(process.env.BENCH_HOURS ?? 1.5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const ONLY = process.env.BENCH_BOARDS ? new Set(process.env.BENCH_BOARDS.split(",").map((u) => u.trim())) : undefined;
const PRINT_QUERIES = process.env.BENCH_QUERIES === "1";

function seconds(duration: string): number {
    const m = /^(\d+)(s|m|h)$/.exec(duration);
    if (!m) throw new Error(`not a duration this benchmark reads: ${duration}`);
    return Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as "s" | "m" | "h"];
}

/** Every dashboard the stack renders with every job and component on. */
const SETTINGS = settingsWithGrafana({
    metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://metrics.example.com/api/v1/write" }] },
    alertmanager: { replicas: 3, storage: { mode: "storageClass" } },
    blackboxExporter: { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/" }] },
    searchStore: { enabled: true },
    longTermStore: { enabled: true },
});

/** One side of the comparison: its history's drop rules, its recording rules, its boards. */
interface Side {
    name: string;
    rulesFor: (job: string) => readonly Rule[] | undefined;
    honorLabels: (job: string) => boolean;
    recording: RecordingRule[];
}

interface Board {
    title: string;
    variables: Array<{ name: string; query: string; includeAll: boolean; allValue?: string; current?: string }>;
    queries: Array<{ panel: string; expr: string }>;
}

function ourBoard(d: GeneratedDashboard): Board {
    return {
        title: d.json.title,
        variables: (d.json.templating?.list ?? [])
            .filter((v: any) => v.type !== "datasource")
            .map((v: any) => ({
                name: v.name,
                query: v.type === "query" && v.datasource?.type === "prometheus" ? String(typeof v.query === "object" ? v.query.query : v.query) : "",
                includeAll: v.includeAll === true,
                allValue: v.allValue,
                current: Array.isArray(v.current?.value) ? v.current.value[0] : v.current?.value,
            })),
        queries: prometheusQueries([d]).map((q) => ({ panel: q.panel, expr: q.expr })),
    };
}

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function cleanUp(): void {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
}

class Prom {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        private readonly log: string[],
    ) {}

    static async start(dir: string, evaluationInterval: string): Promise<Prom> {
        const config = path.join(dir, "prometheus.yml");
        fs.writeFileSync(config, stringify({ global: { evaluation_interval: evaluationInterval } }));
        const port = await freePort();
        const log: string[] = [];
        const child = spawn(
            requireBinary("prometheus"),
            [`--config.file=${config}`, `--storage.tsdb.path=${path.join(dir, "data")}`, "--storage.tsdb.retention.time=10y", `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"],
            { stdio: ["ignore", "pipe", "pipe"] },
        );
        children.add(child);
        child.stdout!.on("data", (d) => log.push(String(d)));
        child.stderr!.on("data", (d) => log.push(String(d)));
        const p = new Prom(child, `http://127.0.0.1:${port}`, log);
        const giveUp = Date.now() + 10 * 60 * 1000;
        for (;;) {
            if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}\n${log.join("")}`);
            try {
                if ((await fetch(`${p.url}/-/ready`)).ok) return p;
            } catch {
                // not listening yet
            }
            if (Date.now() > giveUp) throw new Error(`prometheus not ready after 10 min\n${log.join("")}`);
            await new Promise((r) => setTimeout(r, 500));
        }
    }

    async stop(): Promise<void> {
        const exited = new Promise((r) => this.child.once("exit", r));
        this.child.kill("SIGTERM");
        const timer = setTimeout(() => this.child.kill("SIGKILL"), 30000);
        await exited;
        clearTimeout(timer);
        children.delete(this.child);
    }

    async instant(expr: string, at: number): Promise<any[]> {
        const body = (await (await fetch(`${this.url}/api/v1/query?query=${encodeURIComponent(expr)}&time=${at}`)).json()) as any;
        if (body.status !== "success") throw new Error(`${expr}: ${body.error}`);
        return body.data.result;
    }

    /** One range query's execution time (ms), samples touched and series returned, or its error. */
    async range(expr: string, start: number, end: number, step: number): Promise<{ ms: number; samples: number; series: number } | { error: string }> {
        const q = `query=${encodeURIComponent(expr)}&start=${start}&end=${end}&step=${step}&stats=all`;
        const body = (await (await fetch(`${this.url}/api/v1/query_range?${q}`)).json()) as any;
        if (body.status !== "success") return { error: String(body.error) };
        const stats = body.data.stats;
        return { ms: 1000 * stats.timings.execTotalTime, samples: stats.samples.totalQueryableSamples, series: body.data.result.length };
    }
}

/** Names some query, variable or rule reads: a superset (every identifier), which is all it needs to be. */
function namesIn(texts: readonly string[]): Set<string> {
    const names = new Set<string>();
    for (const t of texts) for (const m of t.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) names.add(m[0]);
    return names;
}

/** Runs a tool to its end, as a child the exit handler stops, so Ctrl-C or SIGTERM mid-run leaves nothing behind. */
function run(cmd: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
        const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
        children.add(child);
        const out: string[] = [];
        child.stdout!.on("data", (d) => out.push(String(d)));
        child.stderr!.on("data", (d) => out.push(String(d)));
        child.once("error", reject);
        child.once("exit", (code, signal) => {
            children.delete(child);
            if (code === 0) resolve();
            else reject(new Error(`${cmd} ${args.join(" ")} failed (${code ?? signal}):\n${out.join("").slice(-4000)}`));
        });
    });
}

/** The block directories of a data directory, with their time ranges. */
function blocks(data: string): Array<{ minTime: number; maxTime: number }> {
    return fs
        .readdirSync(data)
        .filter((e) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(e) && fs.existsSync(path.join(data, e, "meta.json")))
        .map((e) => JSON.parse(fs.readFileSync(path.join(data, e, "meta.json"), "utf8")));
}

/**
 * Waits until no two blocks overlap. The recording rules' blocks overlap the history's, and
 * Prometheus merges overlapping blocks (vertical compaction) a minute or so after it starts: a
 * long, CPU-bound job that, if it ran while the queries do, would slow whichever side was still
 * compacting, and change which blocks a query reads half-way through the table.
 */
async function settled(data: string): Promise<boolean> {
    const giveUp = Date.now() + 5 * 60 * 1000;
    for (;;) {
        const b = blocks(data).sort((x, y) => x.minTime - y.minTime);
        const overlap = b.some((x, i) => i > 0 && x.minTime < b[i - 1].maxTime);
        const tmp = fs.readdirSync(data).some((e) => e.endsWith(".tmp-for-creation") || e.endsWith(".tmp"));
        if (!overlap && !tmp) return true;
        if (Date.now() > giveUp) return false;
        await new Promise((r) => setTimeout(r, 2000));
    }
}

/** Builds one side's history and recording rules; returns its Prometheus, running on it. */
async function build(side: Side, keep: Set<string>, start: number, end: number, interval: string): Promise<Prom> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-dashboards-${side.name}-`));
    tempDirs.add(dir);
    const data = path.join(dir, "data");
    fs.mkdirSync(data);
    let t = Date.now();
    const om = path.join(dir, "history.om");
    const written = writeHistory(om, { nodes: NODES, start, end, stepSeconds: seconds(interval), rulesFor: side.rulesFor, honorLabels: side.honorLabels, keepName: (n) => keep.has(n) });
    const omBytes = fs.statSync(om).size;
    await run(requireBinary("promtool"), ["tsdb", "create-blocks-from", "openmetrics", "--quiet", om, data]);
    fs.rmSync(om);
    console.log(`  ${side.name}: ${written.series} series, ${written.samples} samples (${(omBytes / 2 ** 20).toFixed(0)} MiB of OpenMetrics) backfilled in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    t = Date.now();
    let prom = await Prom.start(dir, interval);
    const layered = layers(side.recording);
    for (const [i, layer] of layered.entries()) {
        const file = path.join(dir, `layer-${i}.yml`);
        fs.writeFileSync(file, layerFile(layer));
        const out = path.join(dir, `layer-${i}`);
        fs.mkdirSync(out);
        await run(requireBinary("promtool"), ["tsdb", "create-blocks-from", "rules", "--quiet", `--url=${prom.url}`, `--start=${start}`, `--end=${end}`, `--eval-interval=${interval}`, `--output-dir=${out}`, file]);
        await prom.stop();
        moveBlocks(out, data);
        prom = await Prom.start(dir, interval);
    }
    console.log(`  ${side.name}: ${side.recording.length} recording rules in ${layered.length} layers evaluated over the history in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    t = Date.now();
    const merged = await settled(data);
    console.log(`  ${side.name}: ${merged ? "overlapping blocks compacted" : "blocks STILL OVERLAP (times less steady)"} after ${((Date.now() - t) / 1000).toFixed(0)} s`);
    return prom;
}

/**
 * Each variable's value: All where it offers All; else, of the values its own query offers, the
 * busiest (the most series in the whole history carry it; ties by name), so that both sides look
 * at the same namespace, pod and node, and not at Grafana's first value, which in the synthetic
 * cluster is an empty namespace. A variable that is no label_values query keeps its current value.
 */
async function variableValues(prom: Prom, b: Board, at: number, builtIns: Record<string, string>): Promise<Record<string, string>> {
    const values: Record<string, string> = { ...builtIns };
    for (const v of b.variables) {
        const m = /^\s*label_values\((?:(.+),\s*)?([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$/.exec(v.query);
        if (!m) {
            values[v.name] = v.current ?? "";
            continue;
        }
        const selector = m[1] ? fill(m[1], values) : `{${m[2]}!=""}`;
        const own = (await prom.instant(`count by (${m[2]}) (${selector})`, at)).map((r: any) => r.metric[m[2]] as string | undefined).filter((x: string | undefined) => x !== undefined && x !== "") as string[];
        const weight = new Map<string, number>((await prom.instant(`count by (${m[2]}) ({${m[2]}!=""})`, at)).map((r: any) => [r.metric[m[2]], Number(r.value[1])]));
        const options = [...new Set(own)].sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || a.localeCompare(b));
        values[v.name] = v.includeAll ? (v.allValue ?? `(${[...options].sort().join("|")})`) : (options[0] ?? "");
    }
    return values;
}

function fill(expr: string, values: Record<string, string>): string {
    return expr.replace(/\$\{(\w+)(?::\w+)?\}|\$(\w+)/g, (whole, a, b) => values[a ?? b] ?? "");
}

interface BoardResult {
    queries: number;
    errors: string[];
    empty: number;
    p50: number;
    p95: number;
    samples: number;
    slowest: { panel: string; ms: number; samples: number };
    /** Every query that ran: its panel, median time and samples. */
    each: Array<{ panel: string; ms: number; samples: number }>;
}

function percentile(sorted: readonly number[], p: number): number {
    if (sorted.length === 0) return NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

async function measure(prom: Prom, boards: readonly Board[], start: number, end: number, step: number, builtIns: Record<string, string>): Promise<BoardResult> {
    const times: number[] = [];
    const errors: string[] = [];
    let samples = 0;
    let empty = 0;
    let queries = 0;
    let slowest = { panel: "", ms: -1, samples: 0 };
    const each: BoardResult["each"] = [];
    for (const b of boards) {
        const values = await variableValues(prom, b, end, builtIns);
        for (const q of b.queries) {
            queries++;
            const expr = fill(q.expr, values);
            const runs = [];
            for (let i = 0; i < REPEAT; i++) runs.push(await prom.range(expr, start, end, step));
            const failed = runs.find((r) => "error" in r);
            if (failed && "error" in failed) {
                errors.push(`${b.title} / ${q.panel}: ${failed.error}`);
                continue;
            }
            const ok = runs as Array<{ ms: number; samples: number; series: number }>;
            const ms = median(ok.map((r) => r.ms));
            times.push(ms);
            if (ms > slowest.ms) slowest = { panel: `${boards.length > 1 ? `${b.title} / ` : ""}${q.panel}`, ms, samples: ok[0].samples };
            samples += ok[0].samples;
            each.push({ panel: `${boards.length > 1 ? `${b.title} / ` : ""}${q.panel}`, ms, samples: ok[0].samples });
            if (ok[0].series === 0) empty++;
        }
    }
    times.sort((a, b) => a - b);
    return { queries, errors, empty, p50: percentile(times, 0.5), p95: percentile(times, 0.95), samples, slowest, each };
}

async function main(): Promise<void> {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.on(signal, () => {
            cleanUp();
            process.exit(130);
        });
    }
    process.on("exit", cleanUp);
    const files = generatedPrometheusFiles(SETTINGS);
    const config = parse(files.prometheusYml);
    const jobs = new Map<string, any>(config.scrape_configs.map((c: any) => [c.job_name, c]));
    const interval: string = process.env.BENCH_INTERVAL ?? config.global.scrape_interval;
    const step = seconds(interval);
    const range = seconds(process.env.BENCH_RANGE ?? "1h");
    const end = Math.floor(Date.now() / 1000 / 3600) * 3600 - 3600;
    const start = end - HOURS * 3600;
    const builtIns = {
        __rate_interval: `${4 * step}s`,
        __interval: `${step}s`,
        __interval_ms: String(step * 1000),
        __range: `${range}s`,
        __range_s: String(range),
        __range_ms: String(range * 1000),
    };

    const ours: RecordingRule[] = Object.values(files.ruleFiles).flatMap((text) =>
        (parse(text)?.groups ?? []).flatMap((g: any) => g.rules.filter((r: any) => r.record).map((r: any) => ({ group: g.name, interval: g.interval, record: r.record, expr: r.expr }))),
    );
    const theirs: RecordingRule[] = KUBE_PROMETHEUS_RECORDING_RULES.map((r) => ({ group: r.group, interval: r.interval, record: r.record, expr: r.expr }));
    const dashboards = dashboardsFor(SETTINGS, PROJECT)
        .map((d) => ({ uid: d.json.uid as string, board: ourBoard(d) }))
        .filter((d) => d.board.queries.length > 0 && (ONLY === undefined || ONLY.has(d.uid)));
    if (ONLY !== undefined && dashboards.length < ONLY.size) {
        throw new Error(`BENCH_BOARDS names boards the stack does not render (or without queries): ${[...ONLY].filter((u) => !dashboards.some((d) => d.uid === u)).join(", ")}`);
    }
    const theirBoards = ONLY === undefined ? Object.values(KUBE_PROMETHEUS_DASHBOARDS) : dashboards.flatMap((d) => (KUBE_PROMETHEUS_COUNTERPARTS[d.uid] ?? []).map((f) => KUBE_PROMETHEUS_DASHBOARDS[f]));
    const read = namesIn([
        ...dashboards.flatMap((d) => [...d.board.queries.map((q) => q.expr), ...d.board.variables.map((v) => v.query)]),
        ...theirBoards.flatMap((b) => [...b.queries.map((q) => q.expr), ...b.variables.map((v) => v.query)]),
    ]);
    // With BENCH_BOARDS, only the rules the boards read, and the rules those read, in turn.
    const needed = (rules: RecordingRule[]) => {
        if (ONLY === undefined) return rules;
        const names = new Set(read);
        for (let grew = true; grew; ) {
            grew = false;
            for (const r of rules) {
                if (!names.has(r.record)) continue;
                for (const n of namesIn([r.expr])) if (!names.has(n)) ((grew = true), names.add(n));
            }
        }
        return rules.filter((r) => names.has(r.record));
    };
    const ourRules = needed(ours);
    const theirRules = needed(theirs);
    const keep = new Set([...read, ...namesIn([...ourRules.map((r) => r.expr), ...theirRules.map((r) => r.expr)])]);

    console.log(
        `bench:dashboards: Prometheus ${requireBinary("prometheus")} (Debian 2.42), ${NODES} nodes, ${HOURS} h of history at ${interval}; ` +
            `range queries over the last ${range / 60} min at a ${step} s step, $__rate_interval ${builtIns.__rate_interval}, median of ${REPEAT} runs each`,
    );
    const started = Date.now();
    const ourProm = await build(
        { name: "ours", rulesFor: (j) => jobs.get(j)?.metric_relabel_configs, honorLabels: (j) => jobs.get(j)?.honor_labels === true, recording: ourRules },
        keep,
        start,
        end,
        interval,
    );
    const theirProm = await build(
        { name: "kube-prometheus", rulesFor: (j) => KUBE_PROMETHEUS_RULES[j], honorLabels: (j) => jobs.get(j)?.honor_labels === true, recording: theirRules },
        keep,
        start,
        end,
        interval,
    );
    console.log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

    const ratio = (r: number) => (r < 0.1 ? r.toFixed(3) : r.toFixed(2));
    const ms = (x: number) => (Number.isNaN(x) ? "-" : x.toFixed(1));
    const head = ["board", "queries", "p50 ms", "p95 ms", "samples", "| kube-prometheus boards", "queries", "p50 ms", "p95 ms", "samples", "| p95 ours/theirs", "samples ours/theirs"];
    const widths = [34, 8, 8, 8, 12, 52, 8, 8, 8, 12, 18, 20];
    const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" "));
    row(head);
    const problems: string[] = [];
    const matched = new Set<string>();
    const slowest: string[] = [];
    for (const d of dashboards) {
        const o = await measure(ourProm, [d.board], end - range, end, step, builtIns);
        problems.push(...o.errors.map((e) => `ours: ${e}`));
        const files = KUBE_PROMETHEUS_COUNTERPARTS[d.uid] ?? [];
        files.forEach((f) => matched.add(f));
        const t = files.length > 0 ? await measure(theirProm, files.map((f) => KUBE_PROMETHEUS_DASHBOARDS[f]), end - range, end, step, builtIns) : undefined;
        problems.push(...(t?.errors ?? []).map((e) => `kube-prometheus: ${e}`));
        const slow = (r: BoardResult) => `${r.slowest.panel} (${r.slowest.ms.toFixed(1)} ms, ${r.slowest.samples} samples)`;
        slowest.push(`  ${d.board.title}: ${slow(o)}${t ? `; kube-prometheus: ${slow(t)}` : ""}`);
        const name = `${d.board.title}${o.empty > 0 ? ` (${o.empty} empty)` : ""}`;
        row([
            name,
            String(o.queries),
            ms(o.p50),
            ms(o.p95),
            String(o.samples),
            t ? `| ${files.map((f) => f.replace(/\.json$/, "")).join(", ")}${t.empty > 0 ? ` (${t.empty} empty)` : ""}` : "| (no counterpart)",
            t ? String(t.queries) : "",
            t ? ms(t.p50) : "",
            t ? ms(t.p95) : "",
            t ? String(t.samples) : "",
            t ? `| ${ratio(o.p95 / t.p95)}` : "|",
            t && t.samples > 0 ? ratio(o.samples / t.samples) : "",
        ]);
        if (PRINT_QUERIES) {
            for (const q of o.each) console.log(`    ours  ${q.ms.toFixed(1).padStart(8)} ms ${String(q.samples).padStart(10)} samples  ${q.panel}`);
            for (const q of t?.each ?? []) console.log(`    theirs${q.ms.toFixed(1).padStart(8)} ms ${String(q.samples).padStart(10)} samples  ${q.panel}`);
        }
    }
    const unmatched = ONLY === undefined ? Object.keys(KUBE_PROMETHEUS_DASHBOARDS).filter((f) => !matched.has(f)) : [];
    console.log(`\nkube-prometheus boards without a counterpart here: ${unmatched.join(", ") || "none"}`);
    console.log("(n empty): queries that returned no series over the range: a family the synthetic cluster does not serve (Prometheus, Alertmanager, the log agent, ...) or a drop rule removes.");
    console.log(`\nslowest panel query of each board:\n${slowest.join("\n")}`);
    if (problems.length > 0) console.log(`\nqueries that failed:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    if (process.env.BENCH_HOLD === "1") {
        console.log(`\nBENCH_HOLD: ours at ${ourProm.url}, kube-prometheus' at ${theirProm.url}; Ctrl-C to stop`);
        await new Promise(() => undefined);
    }
    await ourProm.stop();
    await theirProm.stop();
}

main().catch((e) => {
    console.error(e);
    cleanUp();
    process.exit(1);
});
