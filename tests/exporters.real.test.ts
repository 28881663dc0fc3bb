import { kubeStateMetricsTarget } from "../components/kube-state-metrics/target";
import { nodeExporterTarget } from "../components/node-exporter/target";
import * as assert from "assert";
import * as fs from "fs";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { KUBE_STATE_METRICS_FAMILIES } from "../components/kube-state-metrics/families";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";
import { KSM_FAMILIES_FILE, KSM_FIXTURE } from "../scripts/generate-kube-state-metrics-fixture";
import { NODE_EXPORTER_FIXTURE } from "../scripts/generate-node-exporter-fixture";
import { parseExposition, Sample } from "./harness/cadvisor-scrape";
import { JobScrape, kubeStateMetricsEndpointMeta, nodeExporterPodMeta, scrapeWithJob, serveMetrics } from "./harness/exporter-scrape";
import { NodeExporterProcess } from "./harness/node-exporter-process";
import { settingsWith } from "./harness/stack-config";

/** Written from docs/scrape-jobs.md's description, independently of the relabel rule: a row's keep decides, no row keeps. */
function keptByTable(table: readonly FamilyRule[], name: string): boolean {
    return table.find((r) => matchesFamily(r, name))?.keep ?? true;
}

const TARGET_LABELS = ["instance", "job", "node"];

function key(s: Sample, own: string[] = TARGET_LABELS): string {
    const labels = Object.entries(s.labels)
        .filter(([k, v]) => v !== "" && !own.includes(k))
        .sort(([a], [b]) => a.localeCompare(b));
    return `${s.name}${JSON.stringify(labels)}`;
}

const families = (samples: readonly Sample[]) => [...new Set(samples.map((s) => s.name))].sort();

describe("node-exporter for real: Debian's prometheus-node-exporter scraped by a real Prometheus", function () {
    const settings = settingsWith();
    let exporter: NodeExporterProcess | undefined;
    let scrape: JobScrape | undefined;
    let direct: Sample[] = [];

    before(async () => {
        exporter = await NodeExporterProcess.start(settings.nodeExporter);
        direct = parseExposition(await exporter.metrics());
        const target = nodeExporterTarget(settings.nodeExporter)!;
        scrape = await scrapeWithJob(settings, "node-exporter", exporter.address, nodeExporterPodMeta(target.namespace, target.podLabels, "node-1"));
    });
    after(async () => {
        await scrape?.stop();
        await exporter?.stop();
    });

    it("runs with the DaemonSet's collector flags and serves host families", () => {
        const names = new Set(direct.map((s) => s.name));
        for (const family of ["node_cpu_seconds_total", "node_memory_MemAvailable_bytes", "node_load1", "node_network_receive_bytes_total"]) {
            assert.ok(names.has(family), `the exporter serves ${family}`);
        }
        assert.ok(!direct.some((s) => s.name.startsWith("node_network_") && /^veth/.test(s.labels.device ?? "")), "veth devices are excluded");
    });

    it("stores the kept families and none of the dropped ones; node and instance name the node", () => {
        const stored = families(scrape!.stored);
        const expected = families(direct.filter((s) => keptByTable(NODE_EXPORTER_FAMILIES, s.name)));
        assert.deepStrictEqual(stored, expected);
        assert.ok(scrape!.stored.every((s) => s.labels.node === "node-1" && s.labels.instance === "node-1"));
        assert.ok(scrape!.samplesStored < scrape!.samplesScraped, "the drop rules removed series");
        assert.strictEqual(scrape!.samplesStored, scrape!.stored.length);
        console.log(`      node-exporter on this machine: ${scrape!.samplesScraped} series scraped, ${scrape!.samplesStored} stored`);
    });

    it("every dropped row of the table is named once and has a reason", () => {
        const rows = NODE_EXPORTER_FAMILIES.map((r) => r.family);
        assert.deepStrictEqual(rows.filter((r, i) => rows.indexOf(r) !== i), []);
        assert.ok(NODE_EXPORTER_FAMILIES.every((r) => r.why.length > 10));
    });
});

describe("node-exporter fixture (npm run fixture:node-exporter) through the job", function () {
    const fixtureText = fs.readFileSync(NODE_EXPORTER_FIXTURE, "utf8");
    const fixture = parseExposition(fixtureText);
    let scrape: JobScrape | undefined;
    let close: (() => Promise<void>) | undefined;

    before(async () => {
        const served = await serveMetrics(fixtureText);
        close = served.close;
        const s = settingsWith();
        const target = nodeExporterTarget(s.nodeExporter)!;
        scrape = await scrapeWithJob(s, "node-exporter", served.address, nodeExporterPodMeta(target.namespace, target.podLabels, "node-1"));
    });
    after(async () => {
        await scrape?.stop();
        await close?.();
    });

    it("is a real exporter's answer: every kept row of the table that Linux always has, and dropped families to drop", () => {
        const names = new Set(fixture.map((s) => s.name));
        for (const family of ["node_cpu_seconds_total", "node_load1", "node_memory_MemAvailable_bytes", "node_scrape_collector_success", "node_exporter_build_info"]) {
            assert.ok(names.has(family), `fixture lacks ${family}`);
        }
        assert.ok(names.has("go_goroutines") && names.has("node_scrape_collector_duration_seconds"));
    });

    it("stores exactly the series the table keeps, and no other", () => {
        const expected = fixture.filter((s) => keptByTable(NODE_EXPORTER_FAMILIES, s.name)).map((s) => key(s)).sort();
        assert.deepStrictEqual(scrape!.stored.map((s) => key(s)).sort(), expected);
        assert.strictEqual(scrape!.samplesScraped, fixture.length);
    });
});

describe("kube-state-metrics fixture (documented v2.20.0 families) through the job", function () {
    const fixtureText = fs.readFileSync(KSM_FIXTURE, "utf8");
    const fixture = parseExposition(fixtureText);
    const documented: { name: string; source: string }[] = JSON.parse(fs.readFileSync(KSM_FAMILIES_FILE, "utf8")).families;
    let scrape: JobScrape | undefined;
    let close: (() => Promise<void>) | undefined;

    before(async () => {
        const served = await serveMetrics(fixtureText);
        close = served.close;
        const s = settingsWith();
        const t = kubeStateMetricsTarget(s.kubeStateMetrics)!;
        scrape = await scrapeWithJob(s, "kube-state-metrics", served.address, kubeStateMetricsEndpointMeta(t.namespace, t.serviceName, t.portName));
    });
    after(async () => {
        await scrape?.stop();
        await close?.();
    });

    it("holds every documented family of the default resources, each saying which docs page it comes from", () => {
        assert.deepStrictEqual(families(fixture), [...new Set(documented.map((f) => f.name))].sort());
        for (const f of documented) {
            assert.ok(fixtureText.includes(`# HELP ${f.name} kube-state-metrics v2.20.0, from ${f.source}\n`), f.name);
        }
    });

    it("every row of the family table names a documented family", () => {
        const names = new Set(documented.map((f) => f.name));
        assert.deepStrictEqual(KUBE_STATE_METRICS_FAMILIES.filter((r) => !names.has(r.family)).map((r) => r.family), []);
    });

    it("stores exactly the series the table keeps, with the object's own namespace, pod and node (honor_labels)", () => {
        const expected = fixture.filter((s) => keptByTable(KUBE_STATE_METRICS_FAMILIES, s.name)).map((s) => key(s, ["instance", "job"])).sort();
        assert.deepStrictEqual(scrape!.stored.map((s) => key(s, ["instance", "job"])).sort(), expected);
        const info = scrape!.stored.find((s) => s.name === "kube_pod_info" && s.labels.pod === "web-7d9c6c8b9f-q2w4e")!;
        assert.deepStrictEqual([info.labels.namespace, info.labels.node], ["shop", "node-1"]);
        const node = scrape!.stored.find((s) => s.name === "kube_node_info")!;
        assert.strictEqual(node.labels.namespace, undefined, "no exporter namespace on a cluster-scoped object's series");
        assert.ok(scrape!.samplesStored < scrape!.samplesScraped);
    });
});
