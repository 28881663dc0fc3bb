/**
 * A real Prometheus (Debian's 2.42) scrapes the synthetic cluster of scripts/bench/synthetic-cluster.ts
 * (shared with npm run bench:dashboards), BENCH_NODES nodes (default 50) served from the fixtures,
 * and evaluates rules on it. It prints, side by side:
 *
 * 1. Rule evaluation on one TSDB: one Prometheus keeps every series the cluster serves (no drop
 *    rules), and evaluates in turn our default rule files (every job on, as in npm run
 *    bench:ingest) and kube-prometheus' rules (v0.16.0 for our job names,
 *    scripts/bench/kube-prometheus-rule-files.ts), each alone (the other's files removed and the
 *    configuration reloaded), first on the machine as it is, then beside BENCH_HOGS (1) CPU hogs,
 *    busy-loop child processes: ours, kube-prometheus', kube-prometheus' beside the hog, ours
 *    beside the hog, so that neither rule set always meets the longer history. For each: the sum
 *    over groups of evaluation time / interval, the load average beside it, and the groups that
 *    cost most.
 * 2. Head series, memory and rule evaluation as deployed: a Prometheus with our jobs'
 *    metric_relabel_configs and our rules, and one with kube-prometheus' drop rules
 *    (scripts/bench/kube-prometheus-rules.ts) and its rules. BENCH_ONLY=rules runs only the first
 *    part, BENCH_ONLY=deployed only the second.
 *
 * How rule cost is measured. A group's cost is its median evaluation time
 * (prometheus_rule_group_last_duration_seconds, sampled while the run waits, one value per
 * evaluation, prometheus_rule_group_last_evaluation_timestamp_seconds telling evaluations apart;
 * each group's first evaluation in a phase, which meets cold caches, left out) over its REAL
 * interval: the group's own `interval`, or the global evaluation interval. A group whose real
 * interval is longer than BENCH_EVAL_INTERVAL (30s) is evaluated every BENCH_EVAL_INTERVAL for the
 * measurement only: what one evaluation costs does not depend on how often it runs, and waiting for
 * BENCH_CYCLES evaluations of a 3-minute group took 12 minutes per phase. (The one difference: a
 * rule that reads a recorded series over a range reads more of its samples when it is recorded
 * more often; with minutes of history, a handful.) Windows longer than the run (rate over [1d],
 * avg_over_time over [30d]) read the minutes of history the run holds, for both rule sets alike:
 * the benchmark compares series counts and expression shapes, not a month of history.
 *
 * There is no Kubernetes discovery here: each job is the generated job's name, honor_labels,
 * sample_limit and metric_relabel_configs, with static targets that one local HTTP server answers
 * per path (/cadvisor, /kubelet, ...) and per node (?node=...). Scrape intervals are the generated
 * config's (BENCH_INTERVAL overrides them). Each wait polls for the event it waits for and gives
 * up after GIVE_UP_MS, naming it.
 *
 * A benchmark, not a test: no asserts. It stops Prometheus, the hogs and the server on exit or
 * Ctrl-C and removes its temporary directories.
 *
 * BENCH_BEFORE=<dir> adds a third rule set to the first part, the rule files in <dir> (our
 * rules written out before a change), so that one run measures before and after on one TSDB.
 *
 *   npm run bench:scale     (BENCH_NODES=50 BENCH_CYCLES=3 BENCH_EVAL_INTERVAL=30s BENCH_HOGS=1 BENCH_ONLY= BENCH_BEFORE= BENCH_TOP=6 BENCH_REVERSE=)
 */
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { CLUSTER_JOBS, ClusterJob, instancesOf as clusterInstances, serveCluster } from "./bench/synthetic-cluster";
import { KUBE_PROMETHEUS_RULES } from "./bench/kube-prometheus-rules";
import { kubePrometheusRuleFiles } from "./bench/kube-prometheus-rule-files";
import { median } from "./bench/median";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { everyAlertSettings } from "../tests/harness/alert-cases";
import { requireBinary } from "../tests/harness/prometheus";
import { freePort } from "../tests/harness/free-port";

const NODES = Number(process.env.BENCH_NODES ?? 50);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 3);
const EVAL_INTERVAL = process.env.BENCH_EVAL_INTERVAL ?? "30s";
const HOGS = Number(process.env.BENCH_HOGS ?? 1);
/** "rules": only the first part (one TSDB); "deployed": only the second. */
const ONLY = process.env.BENCH_ONLY ?? "";
/** How many of the costliest groups each phase prints (BENCH_TOP; all of them: a large number). */
const TOP = Number(process.env.BENCH_TOP ?? 6);
/**
 * BENCH_REVERSE=1 runs the sets in the reverse order (kube-prometheus, ours before, ours): the first
 * phase meets a Prometheus still warming up (its heap growing to a million series), and was
 * measured slower than the same rules later; two runs in opposite orders cancel that (issue #47).
 */
const REVERSE = process.env.BENCH_REVERSE === "1";
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

/** Whose metric relabelling a run applies: ours (the generated config's), kube-prometheus' (scripts/bench/kube-prometheus-rules.ts), or none. */
type Drops = "ours" | "kube-prometheus" | "none";
/** Whose rules a phase evaluates: "ours", "kube-prometheus", or "ours before" (BENCH_BEFORE's files). */
type RuleSet = string;

/** Rule files as a phase loads them, and each group's real interval in seconds, by `file;group`. */
interface PhaseRules {
    set: RuleSet;
    files: Record<string, string>;
    realInterval: Map<string, number>;
}

/**
 * `files` with every group whose real interval (its own, or `globalInterval`) is longer than
 * EVAL_INTERVAL evaluated every EVAL_INTERVAL instead; the real intervals are kept for the shares.
 */
function forMeasurement(set: RuleSet, files: Record<string, string>, globalInterval: string): PhaseRules {
    const realInterval = new Map<string, number>();
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) {
        const doc = parse(text);
        if (!doc?.groups?.length) continue;
        for (const g of doc.groups) {
            const real = seconds(g.interval ?? globalInterval);
            realInterval.set(`${name};${g.name}`, real);
            if (real > seconds(EVAL_INTERVAL)) g.interval = EVAL_INTERVAL;
        }
        out[name] = stringify(doc);
    }
    return { set, files: out, realInterval };
}

function ourRules(g: Generated): PhaseRules {
    return forMeasurement("ours", Object.fromEntries(Object.entries(g.ruleFiles).map(([n, t]) => [`ours-${n}`, t])), g.global.evaluation_interval);
}

/** Rule files written before a change (each *.yml of BENCH_BEFORE), measured beside today's: before and after on one TSDB. */
function rulesBefore(dir: string, g: Generated): PhaseRules {
    const files = Object.fromEntries(fs.readdirSync(dir).filter((f) => f.endsWith(".yml")).map((f) => [`before-${f}`, fs.readFileSync(path.join(dir, f), "utf8")]));
    return forMeasurement("ours before", files, g.global.evaluation_interval);
}

function kubePrometheusRules(g: Generated): PhaseRules {
    return forMeasurement("kube-prometheus", kubePrometheusRuleFiles("kube-prometheus-"), g.global.evaluation_interval);
}

/** The benchmark's prometheus.yml: each job as generated, discovery replaced by static targets on the local server. */
function benchConfig(g: Generated, port: number, ruleDir: string, drops: Drops, interval: string): string {
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
            ...(drops === "ours" && ours.metric_relabel_configs ? { metric_relabel_configs: ours.metric_relabel_configs } : {}),
            ...(drops === "kube-prometheus" && KUBE_PROMETHEUS_RULES[j.job].length > 0 ? { metric_relabel_configs: KUBE_PROMETHEUS_RULES[j.job] } : {}),
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
 * The evaluation times of a phase's rule groups, read from Prometheus' /metrics every POLL_MS while
 * the phase waits, one per evaluation (keyed by prometheus_rule_group_last_evaluation_timestamp_seconds,
 * set with the duration after each evaluation); the first evaluation of each group is left out.
 */
class Evaluations {
    private readonly byGroup = new Map<string, Map<number, number>>();

    constructor(
        private readonly url: string,
        private readonly rules: PhaseRules,
    ) {}

    /** `file;group` of a rule_group label (`<rule file path>;<group>`), if one of this phase's groups. */
    private keyOf(label: string): string | undefined {
        const at = label.indexOf(";");
        const key = `${path.basename(label.slice(0, at))};${label.slice(at + 1)}`;
        return this.rules.realInterval.has(key) ? key : undefined;
    }

    async sample(): Promise<void> {
        const self = await selfMetrics(this.url);
        const at = new Map(self.filter((m) => m.name === "prometheus_rule_group_last_evaluation_timestamp_seconds").map((m) => [m.labels.rule_group, m.value]));
        for (const m of self) {
            if (m.name !== "prometheus_rule_group_last_duration_seconds") continue;
            const key = this.keyOf(m.labels.rule_group);
            const t = at.get(m.labels.rule_group);
            if (key === undefined || t === undefined || t <= 0) continue;
            const seen = this.byGroup.get(key) ?? new Map<number, number>();
            seen.set(t, m.value);
            this.byGroup.set(key, seen);
        }
    }

    /** Whether every group of the phase has had `n` evaluations after its first. */
    everyGroupHas(n: number): boolean {
        return [...this.rules.realInterval.keys()].every((k) => (this.byGroup.get(k)?.size ?? 0) - 1 >= n);
    }

    /** Each group's median evaluation time after its first, and that as a share of its real interval, costliest first. */
    costs(): GroupCost[] {
        return [...this.byGroup.entries()]
            .map(([key, seen]) => {
                const times = [...seen.entries()].sort((a, b) => a[0] - b[0]).slice(1).map(([, d]) => d);
                const interval = this.rules.realInterval.get(key)!;
                const seconds = median(times);
                return { group: key.slice(key.indexOf(";") + 1), seconds, interval, share: seconds / interval };
            })
            .sort((a, b) => b.share - a.share);
    }
}

interface GroupCost {
    group: string;
    /** Median seconds per evaluation. */
    seconds: number;
    /** The group's real interval, seconds. */
    interval: number;
    share: number;
}

interface PhaseResult {
    set: RuleSet;
    hogs: number;
    share: number;
    groups: GroupCost[];
    /** The 1-minute load average when the phase's measurement began and when it ended. */
    load: [number, number];
}

interface RunResult {
    targets: number;
    up: number;
    scraped: number;
    stored: number;
    headSeries: number;
    rssBytes: number;
    heapBytes: number;
    phases: PhaseResult[];
    seconds: number;
}

/** A busy loop in a child process: one core's worth of CPU that Prometheus must share. */
function startHog(): ChildProcess {
    const hog = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
    children.add(hog);
    return hog;
}

function stopHog(hog: ChildProcess): void {
    hog.kill("SIGKILL");
    children.delete(hog);
}

/** One Prometheus scraping the cluster with `drops`, evaluating each of `phases` in turn. */
async function run(
    g: Generated,
    port: number,
    drops: Drops,
    interval: string,
    phases: ReadonlyArray<{ rules: PhaseRules; hogs: number }>,
    onPhase: (p: PhaseResult) => void = () => undefined,
): Promise<RunResult> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
    tempDirs.add(dir);
    const ruleDir = path.join(dir, "rules");
    fs.mkdirSync(ruleDir);
    const configFile = path.join(dir, "prometheus.yml");
    fs.writeFileSync(configFile, benchConfig(g, port, ruleDir, drops, interval));
    const webPort = await freePort();
    const url = `http://127.0.0.1:${webPort}`;
    const log: string[] = [];
    const started = Date.now();
    let sampler: NodeJS.Timeout | undefined;
    const hogs: ChildProcess[] = [];
    const child = spawn(
        requireBinary("prometheus"),
        [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${webPort}`, "--web.enable-lifecycle", "--log.level=warn"],
        { stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    child.stdout!.on("data", (d) => log.push(String(d)));
    child.stderr!.on("data", (d) => log.push(String(d)));
    try {
        await waitFor("/-/ready", async () => (await fetch(`${url}/-/ready`)).ok, child, log);
        const targets = JOBS.reduce((n, j) => n + instancesOf(j).length, 0);
        await waitFor(`${CYCLES} scrapes of all ${targets} targets`, async () => (await query(url, `count(count_over_time(up[1h]) >= ${CYCLES})`)) === targets, child, log);
        const results: PhaseResult[] = [];
        for (const phase of phases) {
            while (hogs.length < phase.hogs) hogs.push(startHog());
            while (hogs.length > phase.hogs) stopHog(hogs.pop()!);
            // This phase's rule files alone, then a reload; it has taken when the rules API lists exactly their groups.
            for (const f of fs.readdirSync(ruleDir)) fs.rmSync(path.join(ruleDir, f));
            for (const [name, text] of Object.entries(phase.rules.files)) fs.writeFileSync(path.join(ruleDir, name), text);
            const want = [...phase.rules.realInterval.keys()].sort().join("\n");
            await waitFor(`the ${phase.rules.set} rules loaded`, async () => {
                const reload = await fetch(`${url}/-/reload`, { method: "POST" });
                if (!reload.ok) throw new Error(`reload: ${reload.status} ${await reload.text()}`);
                const body = (await (await fetch(`${url}/api/v1/rules`)).json()) as any;
                const have = (body?.data?.groups ?? []).map((x: any) => `${path.basename(x.file)};${x.name}`).sort().join("\n");
                return have === want;
            }, child, log);
            const evaluations = new Evaluations(url, phase.rules);
            clearInterval(sampler);
            sampler = setInterval(() => evaluations.sample().catch(() => undefined), POLL_MS);
            const loadAtStart = os.loadavg()[0];
            await waitFor(`${CYCLES} evaluations of every ${phase.rules.set} rule group after its first`, async () => {
                await evaluations.sample();
                return evaluations.everyGroupHas(CYCLES);
            }, child, log);
            const groups = evaluations.costs();
            results.push({ set: phase.rules.set, hogs: phase.hogs, share: groups.reduce((n, c) => n + c.share, 0), groups, load: [loadAtStart, os.loadavg()[0]] });
            onPhase(results[results.length - 1]);
        }
        while (hogs.length > 0) stopHog(hogs.pop()!);
        const self = await selfMetrics(url);
        const one = (name: string) => self.find((m) => m.name === name)?.value ?? NaN;
        return {
            targets,
            up: (await query(url, "count(up == 1)")) ?? 0,
            scraped: (await query(url, "sum(scrape_samples_scraped)")) ?? NaN,
            stored: (await query(url, "sum(scrape_samples_post_metric_relabeling)")) ?? NaN,
            headSeries: one("prometheus_tsdb_head_series"),
            rssBytes: one("process_resident_memory_bytes"),
            heapBytes: one("go_memstats_heap_inuse_bytes"),
            phases: results,
            seconds: (Date.now() - started) / 1000,
        };
    } finally {
        clearInterval(sampler);
        while (hogs.length > 0) stopHog(hogs.pop()!);
        if (log.some((l) => /level=(error|warn)/.test(l))) console.error(`prometheus (${drops} drop rules) logged:\n${log.join("").split("\n").slice(0, 20).join("\n")}`);
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

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const loadOf = (p: PhaseResult) => `load ${p.load[0].toFixed(2)}-${p.load[1].toFixed(2)}`;
const intervalText = (s: number) => (s % 60 === 0 ? `${s / 60}m` : `${s}s`);
const condition = (p: PhaseResult) => (p.hogs === 0 ? "as the machine is" : `beside ${p.hogs} CPU hog${p.hogs > 1 ? "s" : ""}`);

/** A phase's costliest groups, as soon as it ends (a run that fails later keeps what it measured). */
function printPhase(p: PhaseResult, globalInterval: number): void {
    console.log(`\n${p.set}, ${condition(p)} (${loadOf(p)}): rule evaluation ${pct(p.share)} of the interval; costliest groups (median s per evaluation / real interval = share):`);
    for (const c of p.groups.slice(0, TOP)) console.log(`  ${c.group.padEnd(44)}${c.seconds.toFixed(4).padStart(9)} s / ${intervalText(c.interval).padEnd(4)}${pct(c.share).padStart(9)}`);
    // A group with a longer interval than the global one: what it would cost evaluated at the global interval (issue #42).
    for (const c of p.groups.filter((x) => x.interval > globalInterval)) {
        console.log(`  ${c.group}: ${pct(c.share)} at its ${intervalText(c.interval)}; ${pct(c.seconds / globalInterval)} were it evaluated at the global ${intervalText(globalInterval)}`);
    }
}

function printRuleComparison(r: RunResult): void {
    const sets = [...new Set(r.phases.map((p) => p.set))];
    console.log(`\nrule evaluation / interval, one TSDB (no drop rules: ${r.headSeries} head series, ${r.targets} targets, ${r.up} up); ${os.cpus().length} cores`);
    console.log(`${"".padEnd(28)}${sets.map((s) => s.padStart(32)).join("")}`);
    for (const hogs of [...new Set(r.phases.map((p) => p.hogs))]) {
        const cell = (set: RuleSet) => {
            const p = r.phases.find((x) => x.set === set && x.hogs === hogs);
            return p ? `${pct(p.share)} (${loadOf(p)})` : "-";
        };
        console.log(`${condition({ hogs } as PhaseResult).padEnd(28)}${sets.map((s) => cell(s).padStart(32)).join("")}`);
    }
}

function printDeployed(ours: RunResult, kp: RunResult): void {
    const pad = (s: string | number, n = 26) => String(s).padStart(n);
    const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
    const rows: Array<[string, (r: RunResult) => string]> = [
        ["targets (up)", (r) => `${r.targets} (${r.up})`],
        ["samples scraped per cycle", (r) => String(r.scraped)],
        ["samples stored per cycle", (r) => String(r.stored)],
        ["head series", (r) => String(r.headSeries)],
        ["resident memory", (r) => mib(r.rssBytes)],
        ["Go heap in use", (r) => mib(r.heapBytes)],
        ["rule evaluation / interval", (r) => `${pct(r.phases[0].share)} (${loadOf(r.phases[0])})`],
        ["costliest group", (r) => `${r.phases[0].groups[0]?.group} ${pct(r.phases[0].groups[0]?.share ?? NaN)}`],
        ["wall time of the run", (r) => `${r.seconds.toFixed(0)} s`],
    ];
    console.log(`\nas deployed: each side's drop rules and its own rules, as the machine is`);
    console.log(`${"".padEnd(30)}${pad("ours")}${pad("kube-prometheus", 40)}`);
    for (const [name, f] of rows) console.log(`${name.padEnd(30)}${pad(f(ours))}${pad(f(kp), 40)}`);
    const r = (a: number, b: number) => (a / b).toFixed(2);
    console.log(`ours / kube-prometheus: head series ${r(ours.headSeries, kp.headSeries)}, resident memory ${r(ours.rssBytes, kp.rssBytes)}`);
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
    const interval = process.env.BENCH_INTERVAL ?? g.global.scrape_interval;
    const ours = ourRules(g);
    const kp = kubePrometheusRules(g);
    const before = process.env.BENCH_BEFORE ? [rulesBefore(process.env.BENCH_BEFORE, g)] : [];
    const globalInterval = seconds(g.global.evaluation_interval);
    const served = await serveCluster();
    try {
        console.log(
            `bench:scale: Prometheus ${requireBinary("prometheus")} (Debian 2.42), ${NODES} nodes, scrape interval ${interval}; ` +
                `each rule group measured over ${CYCLES} evaluations after its first, every ${EVAL_INTERVAL} at most, its share taken against its real interval; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
        );
        // Each condition's sets in turn, the order reversed beside the hog, so that no set always meets the longer history.
        const sets = REVERSE ? [kp, ...before, ours] : [ours, ...before, kp];
        const phases = [...sets.map((rules) => ({ rules, hogs: 0 })), ...(HOGS > 0 ? [...sets].reverse().map((rules) => ({ rules, hogs: HOGS })) : [])];
        if (ONLY !== "deployed") {
            const same = await run(g, served.port, "none", interval, phases, (p) => printPhase(p, globalInterval));
            printRuleComparison(same);
        }
        if (ONLY !== "rules") {
            const deployedOurs = await run(g, served.port, "ours", interval, [{ rules: ours, hogs: 0 }], (p) => printPhase(p, globalInterval));
            const deployedKp = await run(g, served.port, "kube-prometheus", interval, [{ rules: kp, hogs: 0 }], (p) => printPhase(p, globalInterval));
            printDeployed(deployedOurs, deployedKp);
        }
    } finally {
        await served.close();
    }
}

main().catch((e) => {
    console.error(e);
    cleanUp();
    process.exit(1);
});
