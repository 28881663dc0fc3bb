import * as assert from "assert";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { runStack } from "./harness/dashboard-stack";
import { grafanaPick, prometheusQueries, queryVariables } from "./harness/dashboards";
import { PrometheusProcess } from "./harness/prometheus";
import { fillVariables, labelValuesQuery } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";
import { VictoriaMetricsProcess } from "./harness/victoria-metrics";
import * as records from "../components/common/rules/compute-resource-records";
import { Settings } from "../config";

/**
 * Same answers on both engines (issue #32): the dashboards' real stack (tests/harness/dashboard-stack.ts,
 * every job the dashboards read, scraped every second) remote-writes to Debian's VictoriaMetrics
 * 1.79.5 through the generated remote_write block, and every Prometheus panel query of every
 * dashboard is asked of Prometheus and of the store at the same instant, 31 s back (past the
 * store's 30s -search.latencyOffset). The store runs the generated flags but for
 * -dedup.minScrapeInterval, 1s here since the sandbox scrapes every second: the dedup interval
 * follows the scrape interval.
 *
 * Recording rules are evaluated by Prometheus alone; the store holds their series because
 * Prometheus remote-writes what its rules record as it does what it scrapes. So a panel that
 * reads a recording rule is compared like any other, on the store's copy of the recorded series
 * (a rule series missing from the store fails the test), but that proves only that the copies
 * arrive and that the panel's own aggregation agrees, not that the store computes the rule's
 * expression alike. The compute boards are therefore asked a second time in the form a stack
 * without the default rules renders (alertRules.defaults false), on the raw families, titled
 * "(raw)": the questions the rules answer, asked of both engines' own evaluation.
 */

/** The names of the compute recording rules the dashboards read. */
const RECORDS = Object.values(records as Record<string, unknown>).filter((v): v is string => typeof v === "string");
/** The boards that read them. */
const COMPUTE_BOARDS = ["cm-home", "cm-cluster", "cm-namespace-workloads", "cm-workload", "cm-node-pods", "cm-namespace-pod"];

/** Four 1s scrapes would be Grafana's $__rate_interval here; 15s gives every window many samples and keeps the wait short. */
const RATE_INTERVAL = "15s";
/** How far back the compared instant lies: past the store's 30s -search.latencyOffset, which answers nearer instants at now − 30 s. */
const COMPARED_AGO_S = 31;
/**
 * The history every job must have in the store before the compared instant: one $__rate_interval
 * window and two 1s scrapes before it, since MetricsQL's rate() reads the sample just before the
 * window too. With it every window lies wholly inside the data: MetricsQL's rate() divides by the
 * time its samples cover, Prometheus' by the window, and the two differ where the data starts.
 */
const HISTORY_S = Number.parseInt(RATE_INTERVAL, 10) + 2;
/** Functions over a range whose MetricsQL result differs by design (docs/grafana.md#which-data-source-each-dashboard-reads). */
const RANGE_FUNCTIONS = /\b(rate|irate|increase|deriv|delta|histogram_quantile)\s*\(/;
/**
 * MetricsQL's rate() and increase() do not extrapolate to the window's edges and take the sample
 * just before the window into account (VictoriaMetrics docs, "MetricsQL", tag v1.150.0), where
 * Prometheus extrapolates by up to half an interval at each end: the two differ by up to about one
 * scrape interval over the window, 1s / 15s ≈ 7 % here (6.6 % measured). 15 % leaves room for
 * scrapes that a busy machine delays; histogram_quantile interpolates over rates that differ so.
 */
const RANGE_TOLERANCE = 0.15;

/**
 * Queries whose answers differ on purpose in this test's data, each with the reason; every other
 * query must agree. A listed query that agrees fails the test, so the list only shrinks.
 */
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {
    "Control plane / etcd leader changes / A":
        "increase() over 1h of a counter whose series starts inside the window (the test's data is under a minute old): MetricsQL counts its first value as an increase from 0, " +
        "Prometheus counts from the first sample. On a store older than the window both count the same changes",
};

/**
 * Queries whose values come from counters of the test machine itself that tick only now and then
 * (the real node_exporter's TCP retransmissions): one increment in the window makes Prometheus'
 * extrapolated rate and MetricsQL's differ by far more than a steady counter's, and a window
 * without one gives 0 / 0, which Prometheus answers NaN and MetricsQL leaves out. Their values
 * are not compared; Prometheus must still answer them. Each comes with the reason.
 */
const SPARSE_LIVE_COUNTERS: Readonly<Record<string, string>> = {
    "Network / TCP segments retransmitted / A": "node_netstat_Tcp_RetransSegs of the test machine, a retransmission every few seconds at most",
    "Network / TCP SYN retransmits of all retransmits / A": "node_netstat_TcpExt_TCPSynRetrans and Tcp_RetransSegs of the test machine, both rare",
};

/**
 * Families of the test machine's own disks and interfaces, read through the real node_exporter:
 * their counters move in bursts (whatever else runs on the machine reads, writes and sends), and a burst at a window's
 * edge makes Prometheus' extrapolated rate and MetricsQL's differ by more than any tolerance that
 * holds for a steady counter (25 % seen on a busy machine). A range function over them is compared
 * by its series, not its values, as the sparse counters above are. The machine's CPU time by mode
 * is the same: it moves with whatever else runs, and the rarely used modes (iowait, softirq,
 * steal) advance in whole clock ticks now and then, so one tick at a window's edge parts the two
 * engines' rates by a third (iowait 0.0021 against 0.0027, system 0.067 against 0.089, seen on
 * an idle machine with the unchanged test).
 */
const BURSTY_LIVE_FAMILIES = /\bnode_((disk|network)_[a-z_]+_total|cpu_seconds_total)\b/;

type Vector = Array<{ metric: Record<string, string>; value: [number, string] }>;

async function queryAt(url: string, expr: string, time: number): Promise<Vector> {
    const body = (await (await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}&time=${time}`)).json()) as any;
    if (body.status !== "success") {
        throw new Error(`${url}: ${expr} answered ${JSON.stringify(body)}`);
    }
    return body.data.result;
}

/** Series by their labels, without the external labels the store keeps and Prometheus' queries leave out. */
function byLabels(v: Vector, external: readonly string[]): Map<string, number> {
    return new Map(
        v.map((s) => {
            const labels = Object.entries(s.metric)
                .filter(([k]) => !external.includes(k))
                .sort(([a], [b]) => a.localeCompare(b));
            return [JSON.stringify(labels), Number(s.value[1])];
        }),
    );
}

/**
 * A query that subtracts a unix time (time() - process_start_time_seconds): each operand is near
 * 1.8e9, where a float64's spacing is 2^-22 s (2.4e-7 s), and VictoriaMetrics keeps a sample as a
 * decimal (lib/decimal), which can land on the neighbouring float. The difference of two such times
 * may then differ by that one step, so these compare within a microsecond rather than a relative 1e-9.
 */
const UNIX_TIMES = /\btime\(\)|_time_seconds\b|_timestamp_seconds\b/;
const UNIX_TIME_ULP = 1e-6;

function close(a: number | undefined, b: number | undefined, tolerance: number, slack = 1e-9): boolean {
    // MetricsQL leaves NaN results out (a ratio of two zero rates, a quantile of empty buckets), where Prometheus returns NaN.
    if ((a === undefined || Number.isNaN(a)) && (b === undefined || Number.isNaN(b))) {
        return true;
    }
    if (a === undefined || b === undefined) {
        return false;
    }
    return a === b || Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b)) || Math.abs(a - b) < slack;
}

describe("same answers on both engines: every dashboard query on Prometheus and on the long-term store (Debian's 2.42 and VictoriaMetrics 1.79.5)", function () {
    const settings = settingsWithGrafana({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } }, searchStore: { enabled: true }, longTermStore: { enabled: true } });
    const withoutDefaultRules: Settings = { ...settings, alertRules: { ...settings.alertRules, defaults: false } };
    const raw = dashboardsFor(withoutDefaultRules, PROJECT)
        .filter((d) => COMPUTE_BOARDS.includes(d.json.uid))
        .map((d) => ({ ...d, json: { ...d.json, title: `${d.json.title} (raw)` } }));
    const dashboards = [...dashboardsFor(settings, PROJECT).filter((d) => d.json.title !== "Logs" && d.slug !== "long-term-store"), ...raw];
    const closers: Array<() => Promise<void>> = [];
    let prom: PrometheusProcess | undefined;
    let store: VictoriaMetricsProcess | undefined;

    before(async () => {
        store = await VictoriaMetricsProcess.start({ ...settings.longTermStore, dedupInterval: "1s" });
        closers.push(() => store!.stop());
        prom = await runStack(settings, closers, (config) => {
            assert.strictEqual(config.remote_write.length, 1);
            config.remote_write[0].url = `${store!.url}/api/v1/write`;
        });
        // Every job's first sample in the store at least HISTORY_S before the instant the test
        // compares (COMPARED_AGO_S back), so that the windows compared lie wholly inside the data.
        // Waiting on the samples' own timestamps, not on a count of scrapes, asks for no more
        // history than the windows read: a minute of it took a minute and a half of every run.
        const targets = (await prom.query("up")).length;
        assert.ok(targets >= 10, `${targets} targets`);
        await store.waitFor(async () => {
            const up = await store!.export("up");
            const latestStart = Date.now() - (COMPARED_AGO_S + HISTORY_S) * 1000;
            return up.length === targets && up.every((series) => Math.min(...series.timestamps) <= latestStart);
        }, `every job's samples in the store from ${COMPARED_AGO_S + HISTORY_S}s back`);
    });

    after(async () => {
        for (const close of closers.reverse()) {
            await close();
        }
    });

    it("every panel query gives the same series, with the same values (range functions within 15 %)", async () => {
        const time = Math.floor(Date.now() / 1000) - COMPARED_AGO_S;
        // Every job's samples up to that instant have reached the store (remote write sends in batches).
        await store!.waitFor(async () => {
            const up = await store!.export("up");
            return up.length >= 10 && up.every((series) => Math.max(...series.timestamps) > (time + 1) * 1000);
        }, "every job's samples past the compared instant in the store");
        const external = Object.keys(settings.metrics.externalLabels);
        const differ: string[] = [];
        const known: string[] = [];
        let checked = 0;
        let largest = 0;
        let bursty = 0;
        let largestName = "";
        for (const d of dashboards) {
            // Variables as Grafana fills them, from Prometheus' answer.
            const values: Record<string, string> = { __rate_interval: RATE_INTERVAL };
            for (const v of queryVariables(d).filter((v) => v.datasourceType === "prometheus")) {
                const { selector, label } = labelValuesQuery(v.query);
                const options = (await queryAt(prom!.url, `count by (${label}) (${fillVariables(selector, values)})`, time)).map((r) => r.metric[label]).filter((x) => x).sort();
                values[v.name] = grafanaPick(v, options);
            }
            for (const q of prometheusQueries([d])) {
                const expr = fillVariables(q.expr, values);
                const [p, s] = await Promise.all([queryAt(prom!.url, expr, time), queryAt(store!.url, expr, time)]);
                const [pm, sm] = [byLabels(p, external), byLabels(s, external)];
                const name = `${q.dashboard} / ${q.panel} / ${q.refId}`;
                const tolerance = RANGE_FUNCTIONS.test(expr) ? RANGE_TOLERANCE : 1e-9;
                const slack = UNIX_TIMES.test(expr) ? UNIX_TIME_ULP : 1e-9;
                checked++;
                const keys = [...new Set([...pm.keys(), ...sm.keys()])];
                const burst = RANGE_FUNCTIONS.test(expr) && BURSTY_LIVE_FAMILIES.test(expr);
                bursty += burst ? 1 : 0;
                const seriesOnly = name in SPARSE_LIVE_COUNTERS || burst;
                const wrong =
                    name in SPARSE_LIVE_COUNTERS ? [] : burst ? keys.filter((k) => pm.has(k) !== sm.has(k)) : keys.filter((k) => !close(pm.get(k), sm.get(k), tolerance, slack));
                for (const k of name in KNOWN_DIFFERENCES || seriesOnly ? [] : keys) {
                    const [a, b] = [pm.get(k), sm.get(k)];
                    if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && Math.max(Math.abs(a), Math.abs(b)) > 0) {
                        const relative = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
                        if (relative > largest) {
                            [largest, largestName] = [relative, name];
                        }
                    }
                }
                if (name in KNOWN_DIFFERENCES) {
                    known.push(name);
                    if (wrong.length === 0) {
                        differ.push(`${name} is listed as differing, but agrees: remove it from KNOWN_DIFFERENCES`);
                    }
                } else if (pm.size === 0 || wrong.length > 0) {
                    differ.push(`${q.dashboard} / ${q.panel} / ${q.refId}: ${expr}\n  ${wrong.slice(0, 3).map((k) => `${k}: prometheus ${pm.get(k)}, store ${sm.get(k)}`).join("\n  ")}`);
                }
            }
        }
        assert.deepStrictEqual(differ, []);
        assert.deepStrictEqual(known.sort(), Object.keys(KNOWN_DIFFERENCES).sort(), "every known difference names a query that exists");
        const queried = new Set(prometheusQueries(dashboards).map((q) => `${q.dashboard} / ${q.panel} / ${q.refId}`));
        assert.deepStrictEqual(Object.keys(SPARSE_LIVE_COUNTERS).filter((n) => !queried.has(n)), [], "every sparse live counter names a query that exists");
        assert.ok(bursty > 0, "the bursty live families are read by some range query");
        const onRules = prometheusQueries(dashboards).filter((q) => RECORDS.some((r) => q.expr.includes(r))).length;
        assert.ok(onRules >= 40, `${onRules} queries read a recording rule`);
        assert.strictEqual(raw.length, COMPUTE_BOARDS.length);
        assert.ok(prometheusQueries(raw).every((q) => !RECORDS.some((r) => q.expr.includes(r))), "the raw form reads no recording rule");
        console.log(
            `      ${checked} queries of ${dashboards.length} dashboards agree (${onRules} on recording rules; ${prometheusQueries(raw).length} of the compute boards again on the raw families); the largest relative difference, of a range function, is ${(largest * 100).toFixed(2)} % (${largestName})`,
        );
    });
});
