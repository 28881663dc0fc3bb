/**
 * The capacity plan (docs/capacity.md, issue #47): the series each scrape job stores per target
 * and in total for a cluster of N nodes and P pods, the memory that implies at BYTES_PER_SERIES,
 * and each Prometheus replica's memory request and limit beside it. `npm run render` prints it,
 * the program logs it at preview, and loadStackSettings refuses a request below the plan by more
 * than MEMORY_MARGIN when the stack states N and P itself (a default size only warns).
 *
 * The series per target come from stack/series-per-target.ts, generated from the exporter
 * fixtures and each job's keep rules (npm run capacity:table); nothing here reads a fixture.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigProblem, fullKey, METRICS_KEY, Settings } from "../config";
import { CAPACITY_DEFAULTS } from "../config/capacity";
import { quantityValue } from "../config/formats";
import { rulesDigestOf } from "./rules-digest";
import { scrapeJobs } from "./scrape-jobs";
import { writtenIn } from "./object-names";
import { SERIES_PER_TARGET } from "./series-per-target";
import type { JobSeries, TargetsOf } from "./job-series";

export type { JobSeries, TargetsOf } from "./job-series";

/**
 * Resident memory per head series: 8 KiB, the most the repo has measured on a real Prometheus,
 * rounded up. npm run bench:scale (Debian's Prometheus 2.42, 50 synthetic nodes, our default
 * rules loaded) measured 1518 MiB at 276331 head series (5.6 KiB, docs/performance.md), and
 * issue #47 reports 1.9 to 2.3 GiB for about 326k series of the same benchmark (up to 7.4 KiB). It is all of the
 * process over its series: head chunks, index, rule evaluation, scrape buffers, the Go runtime.
 */
export const BYTES_PER_SERIES = 8192;

/**
 * The series Prometheus writes itself for every target it scrapes: up, scrape_duration_seconds,
 * scrape_samples_scraped, scrape_samples_post_metric_relabeling and scrape_series_added (the last
 * since 2.10, so on every supported line; more only behind 2.x's extra-scrape-metrics flag).
 */
export const SCRAPE_SERIES_PER_TARGET = 5;

/**
 * How far a request may be below the plan without a warning: 20%, the spread of resident
 * memory between bench:scale runs of the same series (docs/performance.md: 10 to 20%).
 */
export const MEMORY_MARGIN = 0.2;

/** What the plan is computed from: the cluster, the stack's jobs and the replicas' resources. */
export interface PlanInput {
    nodes: number;
    pods: number;
    /** Whether the stack sets both nodes and pods itself: only then does a shortfall refuse. */
    stated: boolean;
    /** The stack's scrape jobs, each with the digest of its keep rules. */
    jobs: ReadonlyArray<{ job: string; rulesDigest: string }>;
    /** How many etcd endpoints the etcd job scrapes. */
    etcdEndpoints: number;
    replicas: number;
    memoryRequest: string;
    memoryLimit?: string;
}

export interface JobPlan {
    job: string;
    targetsOf: TargetsOf;
    targets: number;
    /** Series of one target, rounded up. */
    perTarget: number;
    /** Series of every target, rounded up. */
    series: number;
    /** What the job grows with: "per node", "per pod", "per cluster", and combinations. */
    scales: string;
    /** Whether the stack's keep rules for the job differ from those the table was counted with. */
    rulesDiffer: boolean;
    fat: boolean;
}

export type Verdict = "fits" | "within margin" | "below";

export interface CapacityPlan {
    nodes: number;
    pods: number;
    stated: boolean;
    jobs: JobPlan[];
    /** The stack's jobs the table has no row for (no exporter fixture): not counted. */
    uncounted: string[];
    series: number;
    /** series × BYTES_PER_SERIES. */
    bytes: number;
    replicas: number;
    memoryRequest: string;
    memoryLimit?: string;
    /** The request against the plan: fits, below by at most MEMORY_MARGIN, or below by more. */
    verdict: Verdict;
    /** Whether a memory limit is below the plan: the kernel would kill Prometheus before it holds it. */
    limitBelow: boolean;
}

function scalesOf(row: JobSeries): string {
    const parts = [
        ...(row.perTarget > 0 ? [row.targets === "node" ? "per node" : row.targets === "cluster" ? "per cluster" : "per etcd endpoint"] : []),
        ...(row.nodeSeries ? ["per node"] : []),
        ...(row.podSeries ? ["per pod"] : []),
    ];
    return [...new Set(parts)].join(" + ") || "nothing kept";
}

/** One job's series at N nodes and P pods, with the series Prometheus writes for each target. */
export function jobPlan(job: string, row: JobSeries, input: Pick<PlanInput, "nodes" | "pods" | "etcdEndpoints">, rulesDiffer = false): JobPlan {
    const targets = row.targets === "node" ? input.nodes : row.targets === "cluster" ? 1 : input.etcdEndpoints;
    const podRate = row.podSeries && row.pods ? row.podSeries / row.pods : 0;
    const nodeRate = row.nodeSeries && row.nodes ? row.nodeSeries / row.nodes : 0;
    // A node's target holds its own pods' series; a cluster-wide target every pod's and node's.
    const podsPerTarget = row.targets === "node" ? input.pods / input.nodes : input.pods;
    const exact = row.perTarget + podRate * podsPerTarget + nodeRate * input.nodes + SCRAPE_SERIES_PER_TARGET;
    return { job, targetsOf: row.targets, targets, perTarget: Math.ceil(exact), series: Math.ceil(exact * targets), scales: scalesOf(row), rulesDiffer, fat: row.fat };
}

/** The request against the plan's bytes: below by more than the margin, below within it, or at least the plan. */
export function verdictOf(requestBytes: number, planBytes: number, margin = MEMORY_MARGIN): Verdict {
    if (requestBytes >= planBytes) return "fits";
    return requestBytes >= planBytes * (1 - margin) ? "within margin" : "below";
}

/** The plan: pure, from the cluster's size, the stack's jobs and the replicas' resources. */
export function capacityPlan(input: PlanInput, table: Readonly<Record<string, JobSeries>> = SERIES_PER_TARGET): CapacityPlan {
    const jobs: JobPlan[] = [];
    const uncounted: string[] = [];
    for (const j of input.jobs) {
        const row = table[j.job];
        if (row === undefined) uncounted.push(j.job);
        else jobs.push(jobPlan(j.job, row, input, row.rulesDigest !== j.rulesDigest));
    }
    const series = jobs.reduce((n, j) => n + j.series, 0);
    const bytes = series * BYTES_PER_SERIES;
    const limit = input.memoryLimit === undefined ? undefined : quantityValue(input.memoryLimit);
    return {
        nodes: input.nodes,
        pods: input.pods,
        stated: input.stated,
        jobs,
        uncounted,
        series,
        bytes,
        replicas: input.replicas,
        memoryRequest: input.memoryRequest,
        ...(input.memoryLimit !== undefined ? { memoryLimit: input.memoryLimit } : {}),
        verdict: verdictOf(quantityValue(input.memoryRequest), bytes),
        limitBelow: limit !== undefined && limit < bytes,
    };
}

const NODES_KEY = `${fullKey(METRICS_KEY)}.capacity.nodes`;
const PODS_KEY = `${fullKey(METRICS_KEY)}.capacity.pods`;
export const MEMORY_REQUEST_KEY = `${fullKey(METRICS_KEY)}.resources.memoryRequest`;

/** The plan of a loaded stack: its capacity settings (or the defaults), its jobs and Prometheus' resources. */
export function capacityPlanOf(s: Settings): CapacityPlan {
    const written = writtenIn(s);
    const m = s.metrics;
    return capacityPlan({
        nodes: m.capacity.nodes ?? CAPACITY_DEFAULTS.nodes,
        pods: m.capacity.pods ?? CAPACITY_DEFAULTS.pods,
        stated: m.capacity.nodes !== undefined && m.capacity.pods !== undefined && written(NODES_KEY) && written(PODS_KEY),
        jobs: scrapeJobs(s).map((j) => ({ job: j.job_name, rulesDigest: rulesDigestOf(j.metric_relabel_configs) })),
        etcdEndpoints: m.etcd.endpoints.length,
        replicas: m.replicas,
        memoryRequest: m.resources.memoryRequest,
        ...(m.resources.memoryLimit !== undefined ? { memoryLimit: m.resources.memoryLimit } : {}),
    });
}

const mib = (bytes: number) => `${Math.ceil(bytes / 2 ** 20)}Mi`;

/** The sentence of a request below the plan by more than the margin. */
function shortfall(p: CapacityPlan): string {
    return (
        `at least ${mib(p.bytes * (1 - MEMORY_MARGIN))} (the capacity plan: ${p.series} series at ${p.nodes} nodes and ${p.pods} pods, ` +
        `${BYTES_PER_SERIES} bytes each = ${mib(p.bytes)}, less the ${MEMORY_MARGIN * 100}% margin; docs/capacity.md), or a smaller metrics.capacity`
    );
}

/** The plan's warnings: a request below it by more than the margin while the size is the default, and a limit below it. */
export function planWarnings(p: CapacityPlan): string[] {
    if (p.replicas === 0) return [];
    return [
        ...(p.verdict === "below" && !p.stated
            ? [`warning: ${MEMORY_REQUEST_KEY} is ${p.memoryRequest}, expected ${shortfall(p)}; set metrics.capacity.nodes and pods to make this an error`]
            : []),
        ...(p.limitBelow ? [`warning: metrics.resources.memoryLimit is ${p.memoryLimit}, below the plan's ${mib(p.bytes)}: the kernel kills Prometheus before it holds the plan's series`] : []),
    ];
}

/** The one problem loadStackSettings reports: a request below the plan by more than the margin, when the stack states its size. */
export function capacityProblems(s: Settings): ConfigProblem[] {
    const p = capacityPlanOf(s);
    if (p.replicas === 0 || p.verdict !== "below" || !p.stated) return [];
    return [{ key: MEMORY_REQUEST_KEY, got: p.memoryRequest, expected: shortfall(p) }];
}

/** The plan as the render prints it and the program logs it: one line per job, the totals, each replica's memory, and the warnings. */
export function planText(p: CapacityPlan): string {
    const pad = (v: string | number, n: number) => String(v).padStart(n);
    const lines = [
        `Capacity plan (docs/capacity.md) for ${p.nodes} nodes and ${p.pods} pods (${p.stated ? "metrics.capacity" : `the defaults; set metrics.capacity { nodes, pods }`}):`,
        `    ${"job".padEnd(30)}${"grows".padEnd(26)}${pad("targets", 8)}${pad("per target", 12)}${pad("series", 10)}`,
        ...p.jobs.map(
            (j) =>
                `    ${j.job.padEnd(30)}${j.scales.padEnd(26)}${pad(j.targets, 8)}${pad(j.perTarget, 12)}${pad(j.series, 10)}` +
                `${j.fat ? "" : "  (small test fixture)"}${j.rulesDiffer ? "  (this stack's keep rules differ from the table's: counted at the table's)" : ""}`,
        ),
        `    ${"total".padEnd(64)}${pad(p.series, 10)}`,
        ...(p.uncounted.length > 0 ? [`    not counted (no exporter fixture): ${p.uncounted.join(", ")}`] : []),
        `    memory at ${BYTES_PER_SERIES} bytes per series: ${mib(p.bytes)} per replica` +
            (p.replicas === 0
                ? "; metrics.replicas is 0, so no Prometheus runs"
                : `; ${p.replicas === 1 ? "the one replica" : `each of ${p.replicas} replicas`} requests ${p.memoryRequest} (limit ${p.memoryLimit ?? "none"}): ` +
                  (p.verdict === "fits" ? "fits" : p.verdict === "within margin" ? `below the plan, within the ${MEMORY_MARGIN * 100}% margin` : `below the plan by more than the ${MEMORY_MARGIN * 100}% margin`)),
        ...planWarnings(p).map((w) => `    ${w}`),
    ];
    return `${lines.join("\n")}\n`;
}

/** Where the program logs: pulumi.log, or a test's stand-in. */
export interface PlanLog {
    info: (message: string) => unknown;
    warn: (message: string) => unknown;
}

/**
 * At `pulumi preview` (and the preview of `pulumi up`), the plan as an info message and each of
 * its warnings as a warning. Not under the render's mocks, which are no preview: the render
 * prints the plan itself (render/cli.ts), once.
 */
export function logCapacityPlan(s: Settings, log: PlanLog = pulumi.log, preview = pulumi.runtime.isDryRun()): void {
    if (!preview) return;
    const plan = capacityPlanOf(s);
    log.info(planText(plan).trimEnd());
    for (const warning of planWarnings(plan)) log.warn(warning);
}
