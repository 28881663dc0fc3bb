import * as assert from "assert";
import { FAMILY_TABLES, SERIES_TABLES } from "../stack/family-tables";
import { keptFamily } from "../components/common/scrape/family-rules";
import { JobKeeps, keepListProblems, Query } from "../stack/keep-readers";
import { KEPT_WITHOUT_READER } from "../stack/kept-without-reader";
import { shippedQueries } from "../scripts/bench/read-families";
import { everyAlertSettings } from "./harness/alert-cases";
import { settingsWithGrafana } from "./harness/stack-config";
import { resourceRules } from "../components/resource-metrics/rules";

/**
 * The keep lists follow their readers (issue #47): with every job on, every shipped query (the
 * default alerting and recording rules, every dashboard panel and variable, prometheus-adapter's
 * resource queries) reads only what its job keeps, and every kept row and bound has a reader or
 * its reason in stack/kept-without-reader.ts. The cases below remove a reader and add one, on the
 * real tables and queries, so the check is seen to fail both ways.
 */
const settings = everyAlertSettings();
/** The Pushgateway is off there; its alerts and board are its rows' readers. */
const withPushgateway = settingsWithGrafana({ pushgateway: { enabled: true, pusherNamespaces: ["batch"] } });

/** prometheus-adapter's queries, their Go templates filled as the adapter fills them for one node or pod. */
function adapterQueries(): Query[] {
    const r = resourceRules(settings.resourceMetrics);
    const fill = (q: string) => q.replace(/<<\.GroupBy>>/g, "node").replace(/<<\.LabelMatchers>>,?/g, "");
    return Object.entries({ cpu: r.cpu, memory: r.memory }).flatMap(([k, rule]) => [
        { source: `prometheus-adapter ${k} containers`, expr: fill(rule.containerQuery) },
        { source: `prometheus-adapter ${k} nodes`, expr: fill(rule.nodeQuery) },
    ]);
}

const QUERIES: Query[] = [...shippedQueries(settings), ...shippedQueries(withPushgateway).filter((q) => /ushgateway/.test(q.source)), ...adapterQueries()];
const JOBS: Record<string, JobKeeps> = Object.fromEntries(Object.entries(FAMILY_TABLES).map(([job, families]) => [job, { families, series: SERIES_TABLES[job] ?? [] }]));

const without = (pattern: RegExp) => QUERIES.filter((q) => !pattern.test(q.source));

describe("keep lists derived from their readers (stack/keep-readers.ts)", () => {
    it("every shipped query reads what its job keeps, and every kept row and bound has a reader or a stated reason", () => {
        assert.ok(QUERIES.length > 500, `the shipped queries are gathered (${QUERIES.length})`);
        assert.deepStrictEqual(keepListProblems(JOBS, QUERIES, KEPT_WITHOUT_READER), []);
    });

    it("a new reader of a dropped family fails, naming the reader and the row", () => {
        const reader = { source: "panel Kubelet/Pod worker rate", expr: 'sum(rate(kubelet_pod_worker_duration_seconds_count{job="kubelet"}[5m]))' };
        const problems = keepListProblems(JOBS, [...QUERIES, reader], KEPT_WITHOUT_READER);
        assert.strictEqual(problems.length, 1, problems.join("\n"));
        assert.match(problems[0], /^panel Kubelet\/Pod worker rate reads kubelet_pod_worker_duration_seconds_count of job kubelet, which drops it \(row kubelet_pod_worker_\*/);
    });

    it("a new reader of a dropped bound fails, in either form of the bound", () => {
        for (const le of ['le="30"', 'le=~"30(\\\\.0)?"']) {
            const reader = { source: "alert PodStartSlow", expr: `sum(rate(kubelet_pod_start_duration_seconds_bucket{job="kubelet",${le}}[5m]))` };
            const problems = keepListProblems(JOBS, [...QUERIES, reader], KEPT_WITHOUT_READER);
            assert.deepStrictEqual(problems.length, 1, problems.join("\n"));
            assert.match(problems[0], /^alert PodStartSlow reads kubelet_pod_start_duration_seconds_bucket\{le=30\} of job kubelet, which its series rule drops/);
        }
    });

    it("a new quantile over a histogram thinned for one bound fails: it would read buckets that are dropped", () => {
        const reader = { source: "panel Kubelet/Pod start p99", expr: 'histogram_quantile(0.99, sum by (le) (rate(kubelet_pod_start_duration_seconds_bucket{job="kubelet"}[5m])))' };
        const problems = keepListProblems(JOBS, [...QUERIES, reader], KEPT_WITHOUT_READER);
        assert.strictEqual(problems.length, 1, problems.join("\n"));
        assert.match(problems[0], /reads every bound of kubelet_pod_start_duration_seconds_bucket \(a quantile\), which job kubelet thins to 60/);
    });

    it("removing a family's last readers frees it: its kept row fails", () => {
        // KubeNodeEviction and the Kubelet board's evictions panel.
        const queries = QUERIES.filter((q) => !q.expr.includes("kubelet_evictions"));
        assert.ok(queries.length < QUERIES.length - 1, "kubelet_evictions has shipped readers");
        const problems = keepListProblems(JOBS, queries, KEPT_WITHOUT_READER);
        assert.deepStrictEqual(problems.filter((p) => p.startsWith("job kubelet keeps kubelet_evictions,")).length, 1, problems.join("\n"));
    });

    it("removing a bound's last reader frees it: the kept bound fails", () => {
        const problems = keepListProblems(JOBS, without(/KubeletPodStartUpLatencyHigh/), KEPT_WITHOUT_READER);
        assert.ok(problems.includes("job kubelet keeps kubelet_pod_start_duration_seconds_bucket{le=60}, which no rule, panel or variable reads: drop the bound"), problems.join("\n"));
    });

    it("a histogram kept whole by one row X* fails on the parts no query reads (the API server latency's _count and _sum)", () => {
        const own = JOBS.apiserver.families.filter((r) => !r.family.startsWith("apiserver_request_sli_duration_seconds_"));
        const whole = { ...JOBS, apiserver: { ...JOBS.apiserver, families: [keptFamily("apiserver_request_sli_duration_seconds*", "the latency panel"), ...own] } };
        assert.deepStrictEqual(keepListProblems(whole, QUERIES, KEPT_WITHOUT_READER), [
            "job apiserver keeps apiserver_request_sli_duration_seconds_count under row apiserver_request_sli_duration_seconds*, which no rule, panel or variable reads: give the histogram's parts their own rows and drop it",
            "job apiserver keeps apiserver_request_sli_duration_seconds_sum under row apiserver_request_sli_duration_seconds*, which no rule, panel or variable reads: give the histogram's parts their own rows and drop it",
        ]);
    });

    it("a row listed as kept without a reader fails once a query reads it, and a listed row the job does not keep fails", () => {
        const listed = { kubelet: { kubelet_evictions: "say so" }, "node-exporter": { node_md_state: "dropped" } };
        const problems = keepListProblems(JOBS, QUERIES, { ...KEPT_WITHOUT_READER, ...listed }).filter((p) => /kubelet_evictions|node_md_state/.test(p));
        assert.strictEqual(problems.length, 2, problems.join("\n"));
        assert.match(problems[0], /^job kubelet lists kubelet_evictions as kept without a reader, but .* reads it/);
        assert.match(problems[1], /lists node_md_state for job node-exporter, which the job does not keep/);
    });
});
