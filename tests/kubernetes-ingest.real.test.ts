import * as assert from "assert";
import * as fs from "fs";
import { APISERVER_FAMILIES, APISERVER_SERIES_RULES, SeriesRule } from "../components/apiserver/families";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { KUBELET_FAMILIES, KUBELET_SERIES_RULES } from "../components/kubelet/families";
import { APISERVER_FIXTURE } from "../scripts/generate-apiserver-fixture";
import { KUBELET_FIXTURE } from "../scripts/generate-kubelet-fixture";
import { parseExposition, Sample } from "./harness/cadvisor-scrape";
import { ExpositionServer, serveExposition } from "./harness/exposition-server";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, sandboxConfig, SCRAPED_BY_JOB } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * The apiserver and kubelet jobs' metric_relabel_configs on a real Prometheus (Debian's 2.42),
 * one Prometheus scraping both generated fixtures (npm run fixture:apiserver, fixture:kubelet)
 * with the generated jobs. The expectation is computed from the tables' rows and the series
 * rules' listed values, not from the regexes the rules are made of.
 */
const TARGET_LABELS = ["instance", "job", "node", "namespace", "service"];

/** What docs/scrape-jobs.md says the job keeps: a family no dropped row matches, and no listed value of a series rule. */
function shouldKeep(table: readonly FamilyRule[], s: Sample, seriesRules: readonly SeriesRule[] = []): boolean {
    const family = s.name.replace(/_(bucket|sum|count)$/, "");
    const dropped = (name: string) => table.some((r) => !r.keep && matchesFamily(r, name));
    if (dropped(s.name) || dropped(family)) return false;
    return !seriesRules.some((r) => r.family === s.name && r.values.includes(s.labels[r.label] ?? ""));
}

/** A served label that clashes with a target label (the kubelet's kubelet_node_name{node}) is stored as exported_<name>. */
const key = (s: Sample) =>
    `${s.name}${JSON.stringify(
        Object.entries(s.labels)
            .map(([k, v]) => [k.replace(/^exported_/, ""), v])
            .filter(([k, v]) => v !== "" && !TARGET_LABELS.includes(k))
            .sort(([a], [b]) => a.localeCompare(b)),
    )}`;

describe("apiserver and kubelet metric filtering on a real Prometheus", function () {
    const apiserverFixture = parseExposition(fs.readFileSync(APISERVER_FIXTURE, "utf8"));
    const kubeletFixture = parseExposition(fs.readFileSync(KUBELET_FIXTURE, "utf8"));
    const servers: ExpositionServer[] = [];
    let prom: PrometheusProcess | undefined;
    const stored: Record<string, Sample[]> = {};
    const samples: Record<string, { scraped: number; stored: number }> = {};

    before(async () => {
        const apiserver = await serveExposition("/metrics", fs.readFileSync(APISERVER_FIXTURE, "utf8"));
        const kubelet = await serveExposition("/metrics", fs.readFileSync(KUBELET_FIXTURE, "utf8"));
        servers.push(apiserver, kubelet);
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsWith());
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            for (const job of config.scrape_configs.filter((j: any) => ["apiserver", "kubelet"].includes(j.job_name))) {
                // The API server's and kubelet's https and token have no counterpart here; the relabel rules stay.
                job.scheme = "http";
                delete job.tls_config;
                delete job.bearer_token_file;
                // 2s, not 1s: a fixture server answering after a 1s timeout on a busy machine would empty the stored series for a moment.
                job.scrape_interval = "2s";
                job.scrape_timeout = "2s";
            }
        });
        sandbox.setTargets("apiserver", [discoveredTarget(apiserver.address, { namespace: "default", service_name: "kubernetes", endpoint_port_name: "https", endpoint_ready: "true" })]);
        sandbox.setTargets("kubelet", [discoveredTarget(kubelet.address, { node_name: "kind-control-plane" })]);
        prom = await PrometheusProcess.start(sandbox.configFile);
        await prom.waitFor(async () => (await prom!.query('scrape_samples_post_metric_relabeling{job=~"apiserver|kubelet"}')).length === 2, "a scrape of both jobs");
        for (const job of ["apiserver", "kubelet"]) {
            stored[job] = (await prom.query(`{job="${job}", ${SCRAPED_BY_JOB}}`)).map((r) => {
                const { __name__, ...labels } = r.metric;
                return { name: __name__, labels };
            });
            const value = async (m: string) => Number((await prom!.query(`${m}{job="${job}"}`))[0].value[1]);
            samples[job] = { scraped: await value("scrape_samples_scraped"), stored: await value("scrape_samples_post_metric_relabeling") };
        }
    });

    after(async () => {
        await prom?.stop();
        for (const s of servers) await s.close();
    });

    it("apiserver: stores exactly what the family table and the series rules keep", () => {
        const expected = [...new Set(apiserverFixture.filter((s) => shouldKeep(APISERVER_FAMILIES, s, APISERVER_SERIES_RULES)).map(key))].sort();
        assert.deepStrictEqual(stored.apiserver.map(key).sort(), expected);
        assert.strictEqual(samples.apiserver.stored, expected.length);
    });

    it("kubelet: stores exactly what the family table and the series rules keep", () => {
        const expected = [...new Set(kubeletFixture.filter((s) => shouldKeep(KUBELET_FAMILIES, s, KUBELET_SERIES_RULES)).map(key))].sort();
        assert.deepStrictEqual(stored.kubelet.map(key).sort(), expected);
    });

    it("apiserver: the SLI latency histogram keeps +Inf and the listed bounds, neither _count nor _sum, and the request latency histogram not at all", () => {
        const sli = "apiserver_request_sli_duration_seconds";
        const bounds = (verb: string) => [...new Set(stored.apiserver.filter((s) => s.name === `${sli}_bucket` && s.labels.verb === verb).map((s) => s.labels.le))].sort();
        assert.deepStrictEqual(bounds("GET"), ["+Inf", "0.05", "0.1", "0.2", "1", "10", "2", "30", "5"]);
        assert.deepStrictEqual(bounds("POST"), bounds("GET"));
        assert.ok(apiserverFixture.some((s) => s.name === `${sli}_bucket` && s.labels.le === "0.4"), "the fixture serves the dropped bounds");
        assert.ok(!stored.apiserver.some((s) => s.name === `${sli}_count` || s.name === `${sli}_sum`));
        assert.ok(apiserverFixture.some((s) => s.name === "apiserver_request_duration_seconds_bucket"), "the fixture serves the request latency histogram");
        assert.ok(!stored.apiserver.some((s) => s.name.startsWith("apiserver_request_duration_seconds")));
    });

    it("kubelet: keeps every PLEG relist bound (its quantile record), and of pod starts the bound its alert reads and no other", () => {
        const bounds = (family: string) => stored.kubelet.filter((s) => s.name === family).map((s) => s.labels.le);
        assert.deepStrictEqual(bounds("kubelet_pleg_relist_duration_seconds_bucket").length, kubeletFixture.filter((s) => s.name === "kubelet_pleg_relist_duration_seconds_bucket").length);
        assert.deepStrictEqual(bounds("kubelet_pleg_relist_duration_seconds_bucket").length, 12);
        assert.deepStrictEqual(bounds("kubelet_pod_start_duration_seconds_bucket"), ["60"]);
        assert.ok(kubeletFixture.filter((s) => s.name === "kubelet_pod_start_duration_seconds_bucket").length > 20, "the fixture serves every bound");
    });

    it("apiserver: keeps every series the alerts and the dashboard read", async () => {
        for (const expr of [
            'apiserver_request_total{job="apiserver", code=~"2.."}',
            'apiserver_current_inflight_requests{job="apiserver"}',
            'histogram_quantile(0.99, sum by (verb, le) (apiserver_request_sli_duration_seconds_bucket{job="apiserver", verb!~"WATCH|CONNECT"}))',
            'apiserver_request_sli_duration_seconds_bucket{job="apiserver", verb=~"LIST|GET", scope="cluster", le=~"30(\\\\.0)?"}',
            'apiserver_request_terminations_total{job="apiserver"}',
            'aggregator_unavailable_apiservice{job="apiserver"}',
            'aggregator_unavailable_apiservice_total{job="apiserver"}',
            'rest_client_requests_total{job="apiserver", code=~"5.."} or rest_client_requests_total{job="apiserver"}',
        ]) {
            assert.ok((await prom!.query(expr)).length > 0, expr);
        }
    });

    it("cuts the API server's series by more than half, and the kubelet's too", () => {
        assert.strictEqual(samples.apiserver.scraped, apiserverFixture.length);
        assert.ok(samples.apiserver.stored < samples.apiserver.scraped / 2, JSON.stringify(samples.apiserver));
        assert.ok(samples.kubelet.stored < samples.kubelet.scraped / 2, JSON.stringify(samples.kubelet));
    });

    it("the fixtures serve the families the tables drop, so only the rules can remove them", () => {
        const names = (f: Sample[]) => new Set(f.map((s) => s.name.replace(/_(bucket|sum|count)$/, "")));
        for (const family of ["apiserver_request_duration_seconds", "etcd_request_duration_seconds", "apiserver_response_sizes", "apiserver_admission_controller_admission_duration_seconds"]) {
            assert.ok(names(apiserverFixture).has(family), family);
            assert.ok(!names(stored.apiserver).has(family), family);
        }
        for (const family of ["kubelet_runtime_operations_duration_seconds", "storage_operation_duration_seconds"]) {
            assert.ok(names(kubeletFixture).has(family), family);
            assert.ok(!names(stored.kubelet).has(family), family);
        }
    });
});
