/**
 * Writes stack/series-per-target.ts, the table the capacity plan reads (stack/capacity-plan.ts,
 * docs/capacity.md): for each built-in scrape job with an exporter fixture, the series one scrape
 * keeps, split into those that come with every pod, with every node, and with the target itself.
 *
 * Counted as npm run bench:ingest counts them (scripts/bench-control-plane.ts): the same fixtures
 * (the busy ones, tests/fixtures/busy/ and the in-memory kube-state-metrics of 50 nodes, where a
 * job has one; its small one otherwise), each job's metric_relabel_configs from the generated
 * prometheus.yml with every job on, applied by scripts/bench/relabel.ts as Prometheus applies
 * them, a series counted once by its name and non-empty labels. A kept series with a `pod` label
 * counts per pod: the job's pod series over the pods the fixture describes (its generator's shape,
 * or its distinct namespace/pod pairs). On a cluster-wide target (kube-state-metrics) one with a
 * `node` label and no pod counts per node, over the fixture's nodes, and its workload objects per
 * pod (Shape below). The rest come with the target.
 *
 * The render reads the committed table, never a fixture (the program has no test data at run
 * time); tests/capacity-table.test.ts regenerates it in memory and fails when the fixtures or the
 * keep rules moved without it. Each row records a digest of the rules it was counted with, so
 * the plan can say when a stack's own rules (metrics.keepFamilies, another release line) differ.
 *
 *   npm run capacity:table
 */
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { relabel, Rule, Sample, samples, samplesOf } from "./bench/relabel";
import { APISERVER_FIXTURE } from "./generate-apiserver-fixture";
import { BUSY, BUSY_FIXTURES, busyKsmCluster, busyKsmFixture } from "./generate-busy-fixtures";
import { CONTROL_PLANE_FIXTURES } from "./generate-control-plane-fixtures";
import { ELASTICSEARCH_EXPORTER_FIXTURE } from "./generate-elasticsearch-exporter-fixture";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { everyAlertSettings } from "../tests/harness/alert-cases";
import type { JobSeries, TargetsOf } from "../stack/job-series";
import { rulesDigestOf } from "../stack/rules-digest";

const REPO = path.join(__dirname, "..");
const FIXTURES = path.join(REPO, "tests", "fixtures");
export const TABLE_FILE = path.join(REPO, "stack", "series-per-target.ts");

/** The busy kube-state-metrics, generated in memory for its size (scripts/generate-busy-fixtures.ts). */
const BUSY_KSM = "in memory: busyKsmFixture (scripts/generate-busy-fixtures.ts), 50 nodes";

/**
 * Each job with a fixture, where its targets are, and whether tests/fixture-fatness.test.ts holds
 * its fixture to the exporter's source (fat) or it is a test fixture written by hand (small).
 */
/**
 * The pods and nodes a generated fixture describes, from its generator's shape; a fixture without
 * one counts its distinct namespace/pod pairs and node names. workloadsPerPod: the series with
 * neither label (Deployments, ReplicaSets, Services, EndpointSlices...) count per pod too, at the
 * fixture's ratio of objects to pods, since a cluster's workloads grow with its pods.
 */
export interface Shape {
    pods?: number;
    nodes?: number;
    workloadsPerPod?: boolean;
}

function busyKsmShape(): { pods: number; nodes: number } {
    const c = busyKsmCluster();
    return { pods: c.deployments.reduce((n, d) => n + d.pods, 0) + c.nodes.length * c.daemonPods.length, nodes: c.nodes.length };
}

const JOBS: ReadonlyArray<{ job: string; targets: TargetsOf; fixture: string; fat: boolean; shape?: Shape }> = [
    { job: "cadvisor", targets: "node", fixture: BUSY_FIXTURES.cadvisor, fat: true, shape: { pods: BUSY.pods } },
    { job: "kubelet", targets: "node", fixture: BUSY_FIXTURES.kubelet, fat: true, shape: { pods: BUSY.pods } },
    { job: "node-exporter", targets: "node", fixture: BUSY_FIXTURES["node-exporter"], fat: true },
    { job: "kube-proxy", targets: "node", fixture: CONTROL_PLANE_FIXTURES["kube-proxy"], fat: true },
    { job: "log-agent", targets: "node", fixture: path.join(FIXTURES, "fluentd-metrics.txt"), fat: false },
    { job: "apiserver", targets: "cluster", fixture: BUSY_FIXTURES.apiserver, fat: true },
    { job: "coredns", targets: "cluster", fixture: CONTROL_PLANE_FIXTURES.coredns, fat: false },
    { job: "kube-scheduler", targets: "cluster", fixture: CONTROL_PLANE_FIXTURES["kube-scheduler"], fat: false },
    { job: "kube-controller-manager", targets: "cluster", fixture: CONTROL_PLANE_FIXTURES["kube-controller-manager"], fat: false },
    { job: "kube-state-metrics", targets: "cluster", fixture: BUSY_KSM, fat: true, shape: { ...busyKsmShape(), workloadsPerPod: true } },
    { job: "kube-state-metrics-telemetry", targets: "cluster", fixture: path.join(FIXTURES, "kube-state-metrics-telemetry-metrics.txt"), fat: false },
    { job: "etcd", targets: "etcd endpoint", fixture: path.join(FIXTURES, "etcd-metrics.txt"), fat: false },
    { job: "elasticsearch", targets: "cluster", fixture: ELASTICSEARCH_EXPORTER_FIXTURE, fat: false },
];

const fixtureSamples = (fixture: string): Sample[] => (fixture === BUSY_KSM ? samplesOf(busyKsmFixture()) : samples(fixture));

/** One job's row: its kept series of one scrape, split by what they come with. */
export function jobSeries(all: readonly Sample[], rules: readonly Rule[], row: { targets: TargetsOf; fixture: string; fat: boolean; shape?: Shape }): JobSeries {
    const counted = new Set(all.filter((s) => s.labels.pod).map((s) => `${s.labels.namespace ?? ""}/${s.labels.pod}`)).size;
    if (row.shape?.pods !== undefined && counted !== row.shape.pods) {
        throw new Error(`${row.fixture} names ${counted} pods, its generator's shape ${row.shape.pods}`);
    }
    const pods = row.shape?.pods ?? counted;
    const nodes = row.shape?.nodes ?? new Set(all.filter((s) => s.labels.node).map((s) => s.labels.node)).size;
    const stored = new Set<string>();
    let perTarget = 0;
    let podSeries = 0;
    let nodeSeries = 0;
    for (const s of all) {
        const r = relabel(s, rules);
        if (!r) continue;
        const labels = Object.entries(r.labels).filter(([, v]) => v !== "");
        const key = `${r.name}${JSON.stringify(labels.sort())}`;
        if (stored.has(key)) continue;
        stored.add(key);
        if (r.labels.pod) podSeries++;
        else if (row.targets === "cluster" && r.labels.node) nodeSeries++;
        else if (row.shape?.workloadsPerPod) podSeries++;
        else perTarget++;
    }
    return {
        targets: row.targets,
        perTarget,
        ...(podSeries > 0 ? { podSeries, pods } : {}),
        ...(nodeSeries > 0 ? { nodeSeries, nodes } : {}),
        fixture: row.fixture,
        fat: row.fat,
        rulesDigest: rulesDigestOf(rules),
    };
}

/** The table file's text, from the fixtures and the generated keep rules. */
export function capacityTableText(): string {
    const config = parse(generatedPrometheusFiles(everyAlertSettings()).prometheusYml);
    const rows: Record<string, JobSeries> = {};
    for (const j of JOBS) {
        const job = config.scrape_configs.find((c: { job_name: string }) => c.job_name === j.job);
        if (!job) throw new Error(`the stack with every job on generates no ${j.job} job`);
        const shown = j.fixture === BUSY_KSM ? BUSY_KSM : path.relative(REPO, j.fixture);
        rows[j.job] = jobSeries(fixtureSamples(j.fixture), job.metric_relabel_configs ?? [], { ...j, fixture: shown });
    }
    return [
        "// Generated by `npm run capacity:table` (scripts/capacity-table.ts) from the exporter fixtures and each job's",
        "// metric_relabel_configs; do not edit. tests/capacity-table.test.ts fails when it is out of date.",
        "// Series one scrape of each job keeps: perTarget with the target itself, podSeries over pods per pod, nodeSeries",
        "// over nodes per node (docs/capacity.md).",
        'import type { JobSeries } from "./job-series";',
        "",
        `export const SERIES_PER_TARGET: Readonly<Record<string, JobSeries>> = ${JSON.stringify(rows, null, 4)};`,
        "",
    ].join("\n");
}

if (require.main === module) {
    fs.writeFileSync(TABLE_FILE, capacityTableText());
    console.log(`wrote ${path.relative(process.cwd(), TABLE_FILE)}`);
}
