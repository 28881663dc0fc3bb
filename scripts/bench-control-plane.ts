/**
 * Series per scrape of every Kubernetes and exporter job: unfiltered, after kube-prometheus'
 * rules for the same job (scripts/bench/kube-prometheus-rules.ts), and after ours, side by side;
 * then the per-node total (cadvisor + kubelet + node-exporter + kube-proxy) and the API server,
 * each as the ratio ours / kube-prometheus. Twice: on the small fixtures (tests/fixtures/*.txt,
 * one nearly empty kind node) and on the busy ones (tests/fixtures/busy/, npm run fixture:busy:
 * a node with 40 pods, 16 CPUs, 4 disks and 4 interfaces, a busy cluster's API server, and the
 * kube-state-metrics of 50 such nodes, generated in memory). Jobs without a busy fixture count
 * their small one on both. The busy fixtures are the honest ones: they follow the exporters'
 * sources at their tags (each generator's header; tests/fixture-fatness.test.ts holds them to it),
 * while the small ones are test fixtures (cAdvisor's is written from our own family table).
 *
 * Each ratio twice: today, and "at full coverage of kube-prometheus' questions": the series our
 * jobs would keep if they also kept every series one of kube-prometheus' alerts, recording rules,
 * dashboard panels or variables reads (kube-prometheus tag v0.16.0:
 * scripts/bench/kube-prometheus-rule-exprs.ts and kube-prometheus-dashboards.ts, read by
 * scripts/bench/kube-prometheus-readers.ts: a selector's name, job and other matchers, so a rule
 * that reads three `le` buckets needs only those) and kube-prometheus' own rules keep. Then the
 * names full coverage adds per job, each with its first kube-prometheus reader.
 *
 * Then the metric names our rules let through on the busy fixtures that no shipped query reads
 * (default alerting and recording rules with every job on, and every dashboard panel and
 * variable, parsed with lezer-promql: scripts/bench/read-families.ts), per job: those the family
 * table keeps with a reason (for people), and those that pass because no row names them.
 *
 * A benchmark, not a test: it prints numbers and asserts nothing.
 *
 * Ours: each job's metric_relabel_configs from the generated prometheus.yml, applied as
 * Prometheus applies them (scripts/bench/relabel.ts). tests/kubernetes-ingest.real.test.ts,
 * tests/cadvisor.real.test.ts, tests/exporters.real.test.ts and tests/grafana-dashboards.real.test.ts
 * prove the same rules on a real Prometheus; npm run bench:scale runs them on one at cluster size.
 *
 *   npm run bench:ingest      (also: npm run bench:control-plane)
 */
import * as path from "path";
import { parse } from "yaml";
import { KUBE_PROMETHEUS_RULES } from "./bench/kube-prometheus-rules";
import { kept, relabel, Rule, Sample, samples, samplesOf, storedByName } from "./bench/relabel";
import { kubePrometheusReaders, kubePrometheusReadersBesides, kubePrometheusReadsSeries } from "./bench/kube-prometheus-readers";
import { Readers, shippedQueries } from "./bench/read-families";
import { APISERVER_FIXTURE } from "./generate-apiserver-fixture";
import { BUSY_FIXTURES, busyKsmFixture } from "./generate-busy-fixtures";
import { CONTROL_PLANE_FIXTURES } from "./generate-control-plane-fixtures";
import { KSM_FIXTURE } from "./generate-kube-state-metrics-fixture";
import { KUBELET_FIXTURE } from "./generate-kubelet-fixture";
import { NODE_EXPORTER_FIXTURE } from "./generate-node-exporter-fixture";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { everyAlertSettings } from "../tests/harness/alert-cases";
import { defaultRuleGroups } from "../stack/rule-groups";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { APISERVER_FAMILIES } from "../components/apiserver/families";
import { CONTROLLER_MANAGER_FAMILIES } from "../components/control-plane/controller-manager-families";
import { COREDNS_FAMILIES } from "../components/control-plane/coredns-families";
import { KUBE_PROXY_FAMILIES } from "../components/control-plane/kube-proxy-families";
import { SCHEDULER_FAMILIES } from "../components/control-plane/scheduler-families";
import { KUBE_STATE_METRICS_FAMILIES } from "../components/kube-state-metrics/families";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { KUBELET_FAMILIES } from "../components/kubelet/families";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";

const FIXTURES = path.join(__dirname, "..", "tests", "fixtures");

type Per = "node" | "cluster";
/** A busy fixture too large to commit, generated in memory. */
const BUSY_KSM = "busy kube-state-metrics, in memory (scripts/generate-busy-fixtures.ts)";

/** Each job, where it runs, its small fixture, its busy one if any, and its family table. */
const JOBS: ReadonlyArray<{ job: string; per: Per; small: string; busy?: string; table: readonly FamilyRule[] }> = [
    { job: "cadvisor", per: "node", small: path.join(FIXTURES, "cadvisor-metrics.txt"), busy: BUSY_FIXTURES.cadvisor, table: CADVISOR_FAMILIES.map((f) => ({ family: f.name, keep: f.keep, why: f.why })) },
    { job: "kubelet", per: "node", small: KUBELET_FIXTURE, busy: BUSY_FIXTURES.kubelet, table: KUBELET_FAMILIES },
    { job: "node-exporter", per: "node", small: NODE_EXPORTER_FIXTURE, busy: BUSY_FIXTURES["node-exporter"], table: NODE_EXPORTER_FAMILIES },
    { job: "kube-proxy", per: "node", small: CONTROL_PLANE_FIXTURES["kube-proxy"], table: KUBE_PROXY_FAMILIES },
    { job: "apiserver", per: "cluster", small: APISERVER_FIXTURE, busy: BUSY_FIXTURES.apiserver, table: APISERVER_FAMILIES },
    { job: "coredns", per: "cluster", small: CONTROL_PLANE_FIXTURES.coredns, table: COREDNS_FAMILIES },
    { job: "kube-scheduler", per: "cluster", small: CONTROL_PLANE_FIXTURES["kube-scheduler"], table: SCHEDULER_FAMILIES },
    { job: "kube-controller-manager", per: "cluster", small: CONTROL_PLANE_FIXTURES["kube-controller-manager"], table: CONTROLLER_MANAGER_FAMILIES },
    { job: "kube-state-metrics", per: "cluster", small: KSM_FIXTURE, busy: BUSY_KSM, table: KUBE_STATE_METRICS_FAMILIES },
];

/** Issue #47's goals at full coverage of kube-prometheus' questions: per node, and on the API server. */
const GOAL = 0.4;
const API_GOAL = 0.3;

const parsed = new Map<string, Sample[]>();
/** A fixture's samples, each file or generated text parsed once. */
function samplesFrom(fixture: string): Sample[] {
    let s = parsed.get(fixture);
    if (s === undefined) {
        s = fixture === BUSY_KSM ? samplesOf(busyKsmFixture()) : samples(fixture);
        parsed.set(fixture, s);
    }
    return s;
}
const shown = (fixture: string) => (fixture === BUSY_KSM ? "(in memory) busy kube-state-metrics" : path.relative(FIXTURES, fixture));
const pad = (s: string | number, n: number) => String(s).padStart(n);
const ratio = (a: number, b: number) => (a / b).toFixed(2);

interface Counts {
    all: number;
    kp: number;
    ours: number;
    /** Ours at full coverage of kube-prometheus' questions: what we keep, plus what kube-prometheus keeps that one of its rules, panels or variables reads. */
    full: number;
    /** The same, where the questions kube-prometheus records under a name we record too are answered by our rule, from what we keep. */
    fullOurs: number;
}

let besides: Readers | undefined;
/** kube-prometheus' questions but its recording rules whose names we record (set in main). */
function readersBesidesOurs(): Readers {
    if (besides === undefined) throw new Error("set the readers besides our records first");
    return besides;
}

const readNames = new Map<string, boolean>();
/**
 * Whether one of kube-prometheus' rules, panels or variables reads this series of job `job`
 * (name, job and every other matcher; scripts/bench/kube-prometheus-readers.ts). A name no
 * question reads is answered once.
 */
function kubePrometheusReads(job: string, s: Sample, readers: Readers = kubePrometheusReaders()): boolean {
    const key = `${readers === kubePrometheusReaders() ? "all" : "besides"}\u0000${job}\u0000${s.name}`;
    let named = readNames.get(key);
    if (named === undefined) {
        named = readers.readersOf(job, s.name).length > 0;
        readNames.set(key, named);
    }
    return named && kubePrometheusReadsSeries(job, s.name, s.labels, readers);
}

/** Series kept at full coverage: ours, and those kube-prometheus keeps that one of its questions (`readers`) reads. */
function keptAtFullCoverage(all: readonly Sample[], job: string, ours: readonly Rule[], readers: Readers = kubePrometheusReaders()): number {
    const kp = KUBE_PROMETHEUS_RULES[job];
    return all.filter((s) => relabel(s, ours) !== undefined || (kubePrometheusReads(job, s, readers) && relabel(s, kp) !== undefined)).length;
}

function ingestTable(title: string, fixtureOf: (j: (typeof JOBS)[number]) => string, ours: (job: string) => Rule[]): { perNode: Counts; api: Counts } {
    console.log(`\n${title}`);
    console.log(`${"job".padEnd(26)}${"per".padEnd(9)}${pad("unfiltered", 11)}${pad("kube-prom", 11)}${pad("ours", 8)}${pad("ours/kp", 9)}${pad("at full", 9)}${pad("full/kp", 9)}${pad("full,our", 10)}${pad("/kp", 6)}  fixture`);
    const perNode: Counts = { all: 0, kp: 0, ours: 0, full: 0, fullOurs: 0 };
    let api: Counts = { all: 0, kp: 0, ours: 0, full: 0, fullOurs: 0 };
    const row = (name: string, r: Counts) => `${pad(r.all, 11)}${pad(r.kp, 11)}${pad(r.ours, 8)}${pad(ratio(r.ours, r.kp), 9)}${pad(r.full, 9)}${pad(ratio(r.full, r.kp), 9)}${pad(r.fullOurs, 10)}${pad(ratio(r.fullOurs, r.kp), 6)}`;
    for (const j of JOBS) {
        const file = fixtureOf(j);
        const all = samplesFrom(file);
        const r: Counts = {
            all: kept(all, []),
            kp: kept(all, KUBE_PROMETHEUS_RULES[j.job]),
            ours: kept(all, ours(j.job)),
            full: keptAtFullCoverage(all, j.job, ours(j.job)),
            fullOurs: keptAtFullCoverage(all, j.job, ours(j.job), readersBesidesOurs()),
        };
        if (j.per === "node") {
            perNode.all += r.all;
            perNode.kp += r.kp;
            perNode.ours += r.ours;
            perNode.full += r.full;
            perNode.fullOurs += r.fullOurs;
        }
        if (j.job === "apiserver") api = r;
        console.log(`${j.job.padEnd(26)}${j.per.padEnd(9)}${row(j.job, r)}  ${shown(file)}`);
    }
    console.log(`${"per node, all four".padEnd(35)}${row("per node", perNode)}`);
    return { perNode, api };
}

/**
 * The names full coverage adds on the busy fixtures, per job: each name kube-prometheus keeps and
 * one of its questions reads but our rules drop, its series, and the first kube-prometheus reader.
 */
function fullCoverageTable(ours: (job: string) => Rule[]): void {
    console.log("\nnames that full coverage adds on the busy fixtures (kube-prometheus keeps and reads them; we drop them), per job: name (series) - first reader");
    for (const j of JOBS) {
        const all = samplesFrom(j.busy ?? j.small);
        const added = new Map<string, number>();
        for (const s of all) {
            if (relabel(s, ours(j.job)) !== undefined || !kubePrometheusReads(j.job, s) || relabel(s, KUBE_PROMETHEUS_RULES[j.job]) === undefined) continue;
            added.set(s.name, (added.get(s.name) ?? 0) + 1);
        }
        const series = [...added.values()].reduce((a, b) => a + b, 0);
        console.log(`${j.job}: ${added.size} names, ${series} series`);
        for (const [name, c] of added) console.log(`  ${name} (${c}) - ${kubePrometheusReaders().readersOf(j.job, name)[0]}`);
    }
}

function unread(readers: Readers, ours: (job: string) => Rule[]): void {
    console.log("\nmetric names our rules keep on the busy fixtures that no shipped query reads (rules, panels, variables):");
    console.log(`${"job".padEnd(26)}${pad("kept", 6)}${pad("read", 6)}${pad("unread", 8)}${pad("series", 8)}  (kept names / read by a query / not read: names, series)`);
    const details: string[] = [];
    for (const j of JOBS) {
        const stored = storedByName(samplesFrom(j.busy ?? j.small), ours(j.job));
        const notRead = [...stored.entries()].filter(([name]) => readers.readersOf(j.job, name).length === 0);
        const listed = notRead.filter(([name]) => j.table.some((r) => r.keep && matchesFamily(r, name)));
        const unlisted = notRead.filter(([name]) => !j.table.some((r) => matchesFamily(r, name)));
        const series = notRead.reduce((n, [, c]) => n + c, 0);
        console.log(`${j.job.padEnd(26)}${pad(stored.size, 6)}${pad(stored.size - notRead.length, 6)}${pad(notRead.length, 8)}${pad(series, 8)}`);
        details.push(`\n${j.job}: ${listed.length} unread names kept by a family-table row (for people), ${listed.reduce((n, [, c]) => n + c, 0)} series:`);
        for (const [name, c] of listed) {
            const row = j.table.find((r) => r.keep && matchesFamily(r, name))!;
            details.push(`  ${name} (${c}) - ${row.family}: ${row.why}`);
        }
        details.push(`${j.job}: ${unlisted.length} unread names that pass because no row names them, ${unlisted.reduce((n, [, c]) => n + c, 0)} series:`);
        details.push(...wrap(unlisted.map(([name, c]) => `${name} (${c})`)));
    }
    console.log(details.join("\n"));
}

/** Items joined by commas, in lines of at most 120 characters, indented. */
function wrap(items: readonly string[]): string[] {
    const lines: string[] = [];
    let line = "";
    for (const item of items) {
        if (line !== "" && line.length + item.length > 116) {
            lines.push(`  ${line},`);
            line = "";
        }
        line = line === "" ? item : `${line}, ${item}`;
    }
    if (line !== "") lines.push(`  ${line}`);
    return lines;
}

/** Words in reasons that look like alert names but are Kubernetes kinds or product names. */
const NOT_ALERTS = new Set(["CoreDNS", "ReplicaSet", "ReplicaSets", "EndpointSlice", "EndpointSlices", "StatefulSet", "DaemonSet", "CronJob", "ConfigMap", "PersistentVolume", "PersistentVolumeClaim", "HorizontalPodAutoscaler", "PodDisruptionBudget"]);

/** Alert-like names (CamelCase) in kept rows' reasons that no default rule defines. */
function reasonsNamingMissingAlerts(alerts: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const j of JOBS) {
        for (const r of j.table.filter((r) => r.keep)) {
            for (const name of r.why.match(/\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b/g) ?? []) {
                if (!alerts.has(name) && !NOT_ALERTS.has(name)) out.push(`${j.job}: ${r.family} - "${name}" (${r.why})`);
            }
        }
    }
    return out;
}

function main(): void {
    // Every job on, so that each has its generated rules and every default alert group is in.
    const settings = everyAlertSettings();
    const config = parse(generatedPrometheusFiles(settings).prometheusYml);
    const ours = (job: string): Rule[] => {
        const j = config.scrape_configs.find((c: any) => c.job_name === job);
        if (!j) throw new Error(`the stack generates no ${job} job`);
        return j.metric_relabel_configs ?? [];
    };
    const ourRecords = new Set(defaultRuleGroups(settings).flatMap((g) => g.rules.flatMap((r) => ("record" in r ? [r.record] : []))));
    besides = kubePrometheusReadersBesides(ourRecords);
    const small = ingestTable(
        "small fixtures (tests/fixtures: one nearly empty kind node; test fixtures, cAdvisor's written from our own family table, so not an exporter's size): series per scrape, unfiltered, kube-prometheus' rules, ours, ours at full coverage",
        (j) => j.small,
        ours,
    );
    const busy = ingestTable(
        "busy fixtures (tests/fixtures/busy, as fat as the exporters' sources: 40 pods, 16 CPUs, 4 disks, 4 interfaces; a busy cluster's API server and kube-state-metrics of 50 nodes; jobs without one: small)",
        (j) => j.busy ?? j.small,
        ours,
    );
    const line = (name: string, c: Counts, goal: number) =>
        `${name.padEnd(30)}today ${pad(c.ours, 7)} of kube-prometheus' ${pad(c.kp, 6)} = ${ratio(c.ours, c.kp)}x; at full coverage ${pad(c.full, 7)} = ${ratio(c.full, c.kp)}x (goal at full coverage: at most ${goal}x; unfiltered ${c.all}); with our records ${pad(c.fullOurs, 7)} = ${ratio(c.fullOurs, c.kp)}x`;
    console.log("\nours / kube-prometheus (at full coverage: also every name a kube-prometheus v0.16.0 alert, recording rule, panel or variable reads; with our records: less the inputs of its recording rules whose names we record from our own inputs, their readers still counted):");
    console.log(line("per node, small", small.perNode, GOAL));
    console.log(line("per node, busy", busy.perNode, GOAL));
    console.log(line("API server, small", small.api, API_GOAL));
    console.log(line("API server, busy", busy.api, API_GOAL));
    fullCoverageTable(ours);

    const queries = shippedQueries(settings);
    const readers = new Readers(queries);
    console.log(`\nshipped queries: ${queries.length} (${readers.selectors.length} selectors)${readers.unparsed.length ? `; unparsed: ${readers.unparsed.join(" | ")}` : ""}`);
    unread(readers, ours);

    const alerts = new Set(defaultRuleGroups(settings).flatMap((g) => g.rules.flatMap((r) => ("alert" in r ? [r.alert] : []))));
    const missing = reasonsNamingMissingAlerts(alerts);
    console.log(`\nkept rows whose reason names an alert the default rules do not define: ${missing.length}`);
    for (const m of missing) console.log(`  ${m}`);
}

main();

