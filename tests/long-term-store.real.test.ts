import { longTermStoreServer } from "../components/long-term-store/server";
import { longTermStoreTarget } from "../components/long-term-store/target";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { Settings } from "../config";
import { expandReloaderEnv } from "./harness/config-reloader";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { until } from "./harness/hang";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { VictoriaMetricsProcess } from "./harness/victoria-metrics";
import { dashboardsFor } from "../stack/dashboards";
import { PROJECT } from "../config/source";
import { prometheusQueries } from "./harness/dashboards";
import { fillVariables } from "./harness/promql";

/**
 * The dedup proof (docs/long-term-storage.md#deduplication): two real Prometheus replicas
 * (Debian's 2.42) on the generated configuration of a replicated stack, each rendered for its pod
 * as the reloader renders it, remote-write to a real VictoriaMetrics (Debian's 1.79.5) started
 * with the generated flags. Every wait ends on the event it waits for; nothing depends on how fast
 * this machine is. The global scrape interval is 1s so that the test sees many samples soon; the
 * store's -dedup.minScrapeInterval follows it, as it does in a stack.
 */

const JOB = "long-term-store";
/** The store's own /metrics as the scrape job finds it through its Service's endpoints. */
const SELECTOR = `up{job="${JOB}"}`;

function replicatedStack(): Settings {
    return settingsWith({
        metrics: { replicas: 2, storage: { mode: "storageClass" }, scrapeInterval: "1s", evaluationInterval: "1s" },
        longTermStore: { enabled: true },
    });
}

/** The raw samples' timestamps (ms) of `selector` in a replica's own TSDB over the last `seconds`. */
async function rawTimestamps(server: PrometheusProcess, selector: string, seconds: number): Promise<number[]> {
    const body = (await (await fetch(`${server.url}/api/v1/query?query=${encodeURIComponent(`${selector}[${seconds}s]`)}`)).json()) as any;
    const [series] = body.data.result;
    return series ? series.values.map(([t]: [number, string]) => Math.round(t * 1000)) : [];
}

/** Remote-write samples a replica has sent, by 2.42's counter (renamed from ..._succeeded_samples_total in 2.25). */
async function sentSamples(server: PrometheusProcess): Promise<number> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return [...text.matchAll(/^prometheus_remote_storage_samples_total\{[^}]*\} (\S+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

describe("the long-term store deduplicates two replicas (Debian's Prometheus 2.42 and VictoriaMetrics 1.79.5)", function () {
    const settings = replicatedStack();
    let store: VictoriaMetricsProcess | undefined;
    const replicas: PrometheusProcess[] = [];
    const stopped = new Set<PrometheusProcess>();

    before(async () => {
        store = await VictoriaMetricsProcess.start(longTermStoreServer(settings));
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const generated = parse(prometheusYml);
        assert.deepStrictEqual(generated.remote_write, [
            { url: "http://long-term-store.monitoring.svc:8428/api/v1/write", write_relabel_configs: [{ action: "labeldrop", regex: "replica" }] },
        ]);
        // Only the store's address moves to this machine; the write relabelling stays as generated.
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            config.remote_write[0].url = `${store!.url}/api/v1/write`;
        });
        const t = longTermStoreTarget(settings.longTermStore)!;
        sandbox.setTargets(JOB, [
            discoveredTarget(new URL(store.url).host, {
                namespace: t.namespace,
                service_name: t.serviceName,
                endpoint_port_name: t.portName,
                endpoint_ready: "true",
                endpoint_address_target_kind: "Pod",
                endpoint_address_target_name: "long-term-store-0",
                pod_name: "long-term-store-0",
            }),
        ]);
        for (const pod of ["monitor-0", "monitor-1"]) {
            // Each pod's copy, as the reloader writes it with the pod's name in $(POD_NAME).
            const file = path.join(path.dirname(sandbox.configFile), `${pod}.yaml`);
            fs.writeFileSync(file, expandReloaderEnv(fs.readFileSync(sandbox.configFile, "utf8"), { POD_NAME: pod }));
            replicas.push(await PrometheusProcess.start(file));
        }
    });

    after(async () => {
        await Promise.all(replicas.map((r) => r.stop()));
        await store?.stop();
    });

    it("the store is started with the generated flags and its auth keys from the environment", async () => {
        assert.deepStrictEqual(store!.args.filter((a) => !/^-(storageDataPath|httpListenAddr)=/.test(a)), ["-retentionPeriod=1y", "-dedup.minScrapeInterval=1s", "-envflag.enable"]);
        // Each key reached its flag: without it an admin endpoint is refused (1.79.5 answers 400,
        // 1.150 401, both naming authKey), with it answered.
        const refused = async (url: string) => {
            const r = await fetch(url);
            return r.status >= 400 && /authKey/.test(await r.text());
        };
        for (const [flag, endpoint] of [
            ["snapshotAuthKey", "/snapshot/list"],
            ["forceMergeAuthKey", "/internal/force_merge"],
            ["forceFlushAuthKey", "/internal/force_flush"],
            ["search.resetCacheAuthKey", "/internal/resetRollupResultCache"],
            ["flagsAuthKey", "/flags"],
        ]) {
            assert.ok(await refused(`${store!.url}${endpoint}`), `${endpoint} without a key`);
            assert.ok(await refused(`${store!.url}${endpoint}?authKey=wrong`), `${endpoint} with a wrong key`);
            assert.strictEqual((await fetch(`${store!.url}${endpoint}?authKey=${store!.authKeys[flag]}`)).status, 200, `${endpoint} with ${flag}`);
        }
        const del = `${store!.url}/api/v1/admin/tsdb/delete_series?match[]=${encodeURIComponent('{__name__="nothing_here"}')}`;
        assert.ok(await refused(del), "delete_series without a key");
        assert.ok([200, 204].includes((await fetch(`${del}&authKey=${store!.authKeys.deleteAuthKey}`)).status), "delete_series with deleteAuthKey");
    });

    it("both replicas write, each with its own replica label; the store holds one series per target, without it", async () => {
        for (const r of replicas) {
            await r.waitFor(async () => (await sentSamples(r)) > 0, "samples sent to the store");
        }
        const labels = await Promise.all(replicas.map(async (r) => parse(((await (await fetch(`${r.url}/api/v1/status/config`)).json()) as any).data.yaml).global.external_labels.replica));
        assert.deepStrictEqual(labels, ["monitor-0", "monitor-1"]);
        await store!.waitFor(async () => (await store!.export(SELECTOR)).some((s) => s.timestamps.length >= 5), "five samples of the target in the store");
        const series = await store!.series(SELECTOR);
        assert.deepStrictEqual(series, [{ __name__: "up", job: JOB, instance: new URL(store!.url).host, namespace: "monitoring", service: "long-term-store", endpoint: "http", pod: "long-term-store-0", monitor: "monitoring/main" }]);
    });

    it("one sample per dedup interval, where the replicas sent two; stopping one replica leaves no gap", async () => {
        const bucket = (t: number) => Math.floor(t / 1000);
        const stored = async () => (await store!.export(SELECTOR))[0]?.timestamps ?? [];
        // Both replicas have scraped the target for a while: the store kept one sample of each second, and which replica's.
        await store!.waitFor(async () => (await stored()).length >= 10, "ten stored samples");
        const before = await stored();
        assert.strictEqual(new Set(before.map(bucket)).size, before.length, `one sample per 1s interval: ${before.join(", ")}`);
        const own = await Promise.all(replicas.map((r) => rawTimestamps(r, SELECTOR, 3600)));
        const inStore = new Set(before);
        const kept = own.map((ts) => ts.filter((t) => inStore.has(t)).length);
        assert.ok(own[0].length + own[1].length > before.length, `the replicas hold ${own[0].length} + ${own[1].length} samples, the store ${before.length}`);
        // Stop the replica whose samples the store keeps, so the other must fill every interval from now on.
        const winner = kept[0] >= kept[1] ? 0 : 1;
        const survivor = replicas[1 - winner];
        await replicas[winner].stop();
        stopped.add(replicas[winner]);
        const stoppedAfter = Math.max(...(await stored()).filter((t) => own[winner].includes(t)), 0);
        // Ten more intervals of the survivor's samples reach the store.
        await store!.waitFor(async () => (await stored()).filter((t) => t > stoppedAfter).length >= 10, "ten samples after the stop");
        const after = await stored();
        const last = Math.max(...after);
        const survivorSamples = (await rawTimestamps(survivor, SELECTOR, 3600)).filter((t) => t >= stoppedAfter - 5000 && t <= last - 1000);
        assert.ok(survivorSamples.length >= 10, `the survivor scraped ${survivorSamples.length} times around the stop`);
        const buckets = new Set(after.map(bucket));
        const missing = survivorSamples.filter((t) => !buckets.has(bucket(t)));
        assert.deepStrictEqual(missing, [], "every interval in which the surviving replica scraped has a sample in the store");
        assert.strictEqual(new Set(after.map(bucket)).size, after.length, "still one sample per interval");
    });

    it("the Long-term store dashboard: every panel query returns series, from Prometheus and from the store itself", async () => {
        const [dashboard] = dashboardsFor(settings, PROJECT).filter((d) => d.slug === "long-term-store");
        assert.ok(dashboard, "the dashboard exists while the store runs");
        const prometheus = replicas.find((r) => !stopped.has(r))!;
        // Two scrapes at least in every rate() window ($__rate_interval is 4 scrape intervals; 1m holds many).
        await prometheus.waitFor(async () => (await prometheus.query(`count_over_time(${SELECTOR}[1m]) >= 3`)).length === 1, "three scrapes of the store");
        // The store answers an instant query at now - 30s (-search.latencyOffset, the default of
        // both releases), so it waits until three scrapes are older than that.
        await store!.waitFor(async () => (await store!.query(`count_over_time(${SELECTOR}[1m]) >= 3`)).length === 1, "three scrapes of the store in the store, 30s back");
        const queries = prometheusQueries([dashboard]);
        assert.strictEqual(queries.length, 10);
        const empty: string[] = [];
        for (const q of queries) {
            const expr = fillVariables(q.expr, { __rate_interval: "1m" });
            if ((await prometheus.query(expr)).length === 0) {
                empty.push(`Prometheus: ${q.panel} / ${q.refId}: ${expr}`);
            }
            // Grafana's long-term data source asks the store the same query: the store holds the same series, without the replica label.
            if ((await store!.query(expr)).length === 0) {
                empty.push(`store: ${q.panel} / ${q.refId}: ${expr}`);
            }
        }
        assert.deepStrictEqual(empty, []);
        // The check can fail: a panel on a series the store does not serve is empty on both.
        const wrong = `sum by (pod) (rate(vm_rows_inserted_total{job="${JOB}",type="no_such_protocol"}[1m]))`;
        assert.deepStrictEqual([(await prometheus.query(wrong)).length, (await store!.query(wrong)).length], [0, 0]);
    });
});
