/**
 * A real Prometheus (Debian's 2.42) scrapes the synthetic cluster of scripts/bench/synthetic-cluster.ts
 * (shared with npm run bench:dashboards), BENCH_NODES nodes (default 50) served from the fixtures. Three
 * times: with our generated config's metric_relabel_configs for every job, with kube-prometheus'
 * (scripts/bench/kube-prometheus-rules.ts, test data naming its source), and with none. Each
 * loads our default rule files (every job on, as in npm run bench:ingest). It prints, side by
 * side: head series, resident memory and rule-evaluation time per interval as a share of the
 * interval.
 *
 * There is no Kubernetes discovery here: each job is the generated job's name, honor_labels,
 * sample_limit and metric_relabel_configs, with static targets that one local HTTP server answers
 * per path (/cadvisor, /kubelet, ...) and per node (?node=...). Intervals are the generated config's (BENCH_INTERVAL
 * overrides them); it waits, by polling, until every target has been scraped BENCH_CYCLES times
 * (default 3) and every rule group evaluated BENCH_CYCLES times after its first, then reads
 * Prometheus' own /metrics. Rule-evaluation time is each group's median evaluation after its
 * first, over its interval, summed over the groups.
 *
 * A benchmark, not a test: no asserts. It stops Prometheus and the server on exit or Ctrl-C and
 * removes its temporary directories.
 *
 *   npm run bench:scale            (BENCH_NODES=50 BENCH_CYCLES=3 BENCH_INTERVAL=30s)
 */
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { CLUSTER_JOBS, ClusterJob, instancesOf as clusterInstances, serveCluster } from "./bench/synthetic-cluster";
import { KUBE_PROMETHEUS_RULES } from "./bench/kube-prometheus-rules";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { everyAlertSettings } from "../tests/harness/alert-cases";
import { requireBinary } from "../tests/harness/prometheus";
import { freePort } from "../tests/harness/free-port";

const NODES = Number(process.env.BENCH_NODES ?? 50);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 3);
/** How long any one wait may take before the benchmark gives up and says what never happened. */
const GIVE_UP_MS = 15 * 60 * 1000;
const POLL_MS = 2000;

const JOBS = CLUSTER_JOBS;
const instancesOf = (j: ClusterJob): string[] => clusterInstances(j, NODES);

interface Generated {
    global: { scrape_interval: string; evaluation_interval: string };
    jobs: Map<string, any>;
    ruleFiles: Record<string, string>;
}

function generated(): Generated {
    const files = generatedPrometheusFiles(everyAlertSettings());
    const config = parse(files.prometheusYml);
    return { global: config.global, jobs: new Map(config.scrape_configs.map((c: any) => [c.job_name, c])), ruleFiles: files.ruleFiles };
}

function seconds(duration: string): number {
    const m = /^(\d+)(ms|s|m|h)$/.exec(duration);
    if (!m) throw new Error(`not a duration this benchmark reads: ${duration}`);
    return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] as "ms" | "s" | "m" | "h"];
}

/** The benchmark's prometheus.yml: each job as generated, discovery replaced by static targets on the local server. */
/** Whose metric relabelling a run applies: ours (the generated config's), kube-prometheus' (scripts/bench/kube-prometheus-rules.ts), or none. */
type Rules = "ours" | "kube-prometheus" | "none";

function benchConfig(g: Generated, port: number, ruleDir: string, rules: Rules, interval: string): string {
    const scrapeConfigs = JOBS.map((j) => {
        const ours = g.jobs.get(j.job);
        if (!ours) throw new Error(`the stack generates no ${j.job} job`);
        return {
            job_name: j.job,
            ...(ours.honor_labels ? { honor_labels: true } : {}),
            ...(ours.sample_limit ? { sample_limit: ours.sample_limit } : {}),
            metrics_path: `/${j.job}`,
            static_configs: [{ targets: instancesOf(j) }],
            relabel_configs: [
                { source_labels: ["__address__"], target_label: "instance" },
                { source_labels: ["__address__"], target_label: "__param_node" },
                ...(j.instances === "node" ? [{ source_labels: ["__address__"], target_label: "node" }] : []),
                { target_label: "__address__", replacement: `127.0.0.1:${port}` },
            ],
            ...(rules === "ours" && ours.metric_relabel_configs ? { metric_relabel_configs: ours.metric_relabel_configs } : {}),
            ...(rules === "kube-prometheus" && KUBE_PROMETHEUS_RULES[j.job].length > 0 ? { metric_relabel_configs: KUBE_PROMETHEUS_RULES[j.job] } : {}),
        };
    });
    // The scrape timeout is the interval: a shared, slow machine must not turn a slow scrape into a lost one.
    const timeout = `${Math.max(1, Math.floor(seconds(interval) * 0.9))}s`;
    return stringify({
        global: { scrape_interval: interval, evaluation_interval: interval, scrape_timeout: timeout },
        rule_files: [path.join(ruleDir, "*.yml")],
        scrape_configs: scrapeConfigs,
    });
}

/** Prometheus' own /metrics, as name -> [labels, value] rows. */
async function selfMetrics(url: string): Promise<Array<{ name: string; labels: Record<string, string>; value: number }>> {
    const text = await (await fetch(`${url}/metrics`)).text();
    return text
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#"))
        .map((l) => {
            const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(l)!;
            const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
            return { name: m[1], labels, value: Number(m[3]) };
        });
}

async function query(url: string, expr: string): Promise<number | undefined> {
    const body = (await (await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as any;
    const v = body?.data?.result?.[0]?.value?.[1];
    return v === undefined ? undefined : Number(v);
}

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function cleanUp(): void {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
}

async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess, log: string[]): Promise<void> {
    const giveUp = Date.now() + GIVE_UP_MS;
    let lastError: unknown;
    for (;;) {
        if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode} while waiting for ${what}\n${log.join("")}`);
        try {
            if (await check()) return;
        } catch (e) {
            lastError = e;
        }
        if (Date.now() > giveUp) throw new Error(`no ${what} after ${GIVE_UP_MS / 1000} s (${lastError ?? "no error"})\n${log.join("")}`);
        await new Promise((r) => setTimeout(r, POLL_MS));
    }
}

/**
 * Each rule group's evaluation times, read from Prometheus' /metrics every POLL_MS while a run
 * waits, one per evaluation (keyed by prometheus_rule_group_last_evaluation_timestamp_seconds,
 * set with the duration after each evaluation); the first evaluation of each group is left out.
 */
class Evaluations {
    private readonly byGroup = new Map<string, Map<number, number>>();
    private readonly intervals = new Map<string, number>();

    constructor(private readonly url: string) {}

    async sample(): Promise<void> {
        const self = await selfMetrics(this.url);
        const at = new Map(self.filter((m) => m.name === "prometheus_rule_group_last_evaluation_timestamp_seconds").map((m) => [m.labels.rule_group, m.value]));
        for (const m of self) {
            if (m.name === "prometheus_rule_group_interval_seconds") this.intervals.set(m.labels.rule_group, m.value);
            if (m.name !== "prometheus_rule_group_last_duration_seconds") continue;
            const t = at.get(m.labels.rule_group);
            if (t === undefined || t <= 0) continue;
            const seen = this.byGroup.get(m.labels.rule_group) ?? new Map<number, number>();
            seen.set(t, m.value);
            this.byGroup.set(m.labels.rule_group, seen);
        }
    }

    groups(): number {
        return this.byGroup.size;
    }

    /** The fewest evaluations any group has had after its first. */
    fewest(): number {
        return Math.min(...[...this.byGroup.values()].map((m) => m.size - 1));
    }

    /** Each group's median evaluation time after its first, as a share of its interval. */
    medianShares(fallbackInterval: number): Array<{ group: string; share: number }> {
        return [...this.byGroup.entries()].map(([group, seen]) => {
            const times = [...seen.entries()].sort((a, b) => a[0] - b[0]).slice(1).map(([, d]) => d).sort((a, b) => a - b);
            const median = times.length === 0 ? NaN : times.length % 2 === 1 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
            return { group: group.split(";").pop()!, share: median / (this.intervals.get(group) ?? fallbackInterval) };
        });
    }
}

interface Result {
    targets: number;
    up: number;
    scraped: number;
    stored: number;
    headSeries: number;
    rssBytes: number;
    heapBytes: number;
    ruleShare: number;
    worstGroup: string;
    worstShare: number;
    seconds: number;
}

async function run(g: Generated, port: number, rules: Rules, interval: string): Promise<Result> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
    tempDirs.add(dir);
    const ruleDir = path.join(dir, "rules");
    fs.mkdirSync(ruleDir);
    for (const [name, text] of Object.entries(g.ruleFiles)) fs.writeFileSync(path.join(ruleDir, name), text);
    const configFile = path.join(dir, "prometheus.yml");
    fs.writeFileSync(configFile, benchConfig(g, port, ruleDir, rules, interval));
    const webPort = await freePort();
    const url = `http://127.0.0.1:${webPort}`;
    const log: string[] = [];
    const started = Date.now();
    let evaluations = new Evaluations(url);
    let sampler: NodeJS.Timeout | undefined;
    const child = spawn(requireBinary("prometheus"), [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${webPort}`, "--log.level=warn"], {
        stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    child.stdout!.on("data", (d) => log.push(String(d)));
    child.stderr!.on("data", (d) => log.push(String(d)));
    try {
        await waitFor("/-/ready", async () => (await fetch(`${url}/-/ready`)).ok, child, log);
        evaluations = new Evaluations(url);
        sampler = setInterval(() => evaluations.sample().catch(() => undefined), POLL_MS);
        const targets = JOBS.reduce((n, j) => n + instancesOf(j).length, 0);
        await waitFor(`${CYCLES} scrapes of all ${targets} targets`, async () => (await query(url, `count(count_over_time(up[1h]) >= ${CYCLES})`)) === targets, child, log);
        // Every group's evaluations after its first (which meets an empty head), each once.
        await waitFor(`${CYCLES} evaluations of every rule group after its first`, async () => {
            await evaluations.sample();
            return evaluations.groups() > 0 && evaluations.fewest() >= CYCLES;
        }, child, log);
        const self = await selfMetrics(url);
        const one = (name: string) => self.find((m) => m.name === name)?.value ?? NaN;
        const shares = evaluations.medianShares(seconds(interval));
        const worst = shares.reduce((a, b) => (b.share > a.share ? b : a), { group: "", share: 0 });
        return {
            targets,
            up: (await query(url, "count(up == 1)")) ?? 0,
            scraped: (await query(url, "sum(scrape_samples_scraped)")) ?? NaN,
            stored: (await query(url, "sum(scrape_samples_post_metric_relabeling)")) ?? NaN,
            headSeries: one("prometheus_tsdb_head_series"),
            rssBytes: one("process_resident_memory_bytes"),
            heapBytes: one("go_memstats_heap_inuse_bytes"),
            ruleShare: shares.reduce((n, s) => n + s.share, 0),
            worstGroup: worst.group,
            worstShare: worst.share,
            seconds: (Date.now() - started) / 1000,
        };
    } finally {
        clearInterval(sampler);
        if (log.some((l) => /level=(error|warn)/.test(l))) console.error(`prometheus (${rules}) logged:\n${log.join("").split("\n").slice(0, 20).join("\n")}`);
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
        await exited;
        clearTimeout(timer);
        children.delete(child);
        fs.rmSync(dir, { recursive: true, force: true });
        tempDirs.delete(dir);
    }
}

async function main(): Promise<void> {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.on(signal, () => {
            cleanUp();
            process.exit(130);
        });
    }
    process.on("exit", cleanUp);
    const g = generated();
    const interval = process.env.BENCH_INTERVAL ?? g.global.evaluation_interval;
    const served = await serveCluster();
    try {
        console.log(`bench:scale: Prometheus ${requireBinary("prometheus")} (Debian 2.42), ${NODES} nodes, interval ${interval}, measured after ${CYCLES} scrapes and ${CYCLES} rule evaluations after the first`);
        const ours = await run(g, served.port, "ours", interval);
        const kp = await run(g, served.port, "kube-prometheus", interval);
        const none = await run(g, served.port, "none", interval);
        const pad = (s: string | number, n = 16) => String(s).padStart(n);
        const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
        const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
        const rows: Array<[string, (r: Result) => string]> = [
            ["targets (up)", (r) => `${r.targets} (${r.up})`],
            ["samples scraped per cycle", (r) => String(r.scraped)],
            ["samples stored per cycle", (r) => String(r.stored)],
            ["head series", (r) => String(r.headSeries)],
            ["resident memory", (r) => mib(r.rssBytes)],
            ["Go heap in use", (r) => mib(r.heapBytes)],
            ["rule evaluation / interval, all groups", (r) => pct(r.ruleShare)],
            ["slowest group / its interval", (r) => pct(r.worstShare)],
            ["slowest group", (r) => r.worstGroup],
            ["wall time of the run", (r) => `${r.seconds.toFixed(0)} s`],
        ];
        console.log(`${"".padEnd(40)}${pad("ours", 26)}${pad("kube-prometheus", 26)}${pad("no drop rules", 26)}`);
        for (const [name, f] of rows) console.log(`${name.padEnd(40)}${pad(f(ours), 26)}${pad(f(kp), 26)}${pad(f(none), 26)}`);
        const r = (a: number, b: number) => (a / b).toFixed(2);
        console.log(`\nours / kube-prometheus: head series ${r(ours.headSeries, kp.headSeries)}, resident memory ${r(ours.rssBytes, kp.rssBytes)}`);
        console.log(`ours / no drop rules:   head series ${r(ours.headSeries, none.headSeries)}, resident memory ${r(ours.rssBytes, none.rssBytes)}`);
    } finally {
        await served.close();
    }
}

main().catch((e) => {
    console.error(e);
    cleanUp();
    process.exit(1);
});
