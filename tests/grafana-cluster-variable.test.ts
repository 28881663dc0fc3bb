import * as assert from "assert";
import { parser } from "@prometheus-io/lezer-promql";
import { CLUSTER_MATCHER, CLUSTER_VARIABLE, withClusterLabelValues, withClusterMatcher } from "../components/common/dashboards/cluster-variable";
import { buildPrometheusDashboard } from "../components/common/dashboards/panels";
import { dashboardContext } from "../components/common/dashboards/context";
import { ConfigError } from "../config";
import { PROJECT } from "../config/source";
import { dashboardsFor, GeneratedDashboard } from "../stack/dashboards";
import { prometheusQueries, queryVariables } from "./harness/dashboards";
import { fillVariables, labelValuesQuery, promqlProblems } from "./harness/promql";
import { settingsWithGrafana } from "./harness/stack-config";

/** A central stack as docs/examples/Pulumi.central.yaml has it: the store, two edges, its own cluster label. */
const EDGES = [
    { cluster: "edge-a", passwordKey: "edgeAWritePassword" },
    { cluster: "edge-b", passwordKey: "edgeBWritePassword" },
];
const EDGE_SECRETS = { edgeAWritePassword: "a-password", edgeBWritePassword: "b-password" };
const central = () => settingsWithGrafana({ metrics: { externalLabels: { cluster: "central" } }, longTermStore: { enabled: true, edges: EDGES } }, EDGE_SECRETS);

/** Every stack shape whose dashboards differ: the default, everything on, a store without edges, a central store, a later release line. */
function renderedStacks(): Array<[string, GeneratedDashboard[]]> {
    const everything = {
        metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://m.example.com/api/v1/write" }] },
        searchStore: { enabled: true },
        blackboxExporter: { enabled: true, probes: [{ name: "site", module: "http_2xx", target: "https://example.com/" }] },
    };
    return [
        ["default", dashboardsFor(settingsWithGrafana(), PROJECT)],
        ["everything on", dashboardsFor(settingsWithGrafana(everything), PROJECT)],
        ["long-term store, no edges", dashboardsFor(settingsWithGrafana({ longTermStore: { enabled: true } }), PROJECT)],
        ["central", dashboardsFor(central(), PROJECT)],
        ["2.53 line", dashboardsFor(settingsWithGrafana({ metrics: { image: "quay.io/prometheus/prometheus:v2.53.5", remoteWrite: [{ url: "https://m.example.com/w" }] } }), PROJECT)],
    ];
}

/** Each vector selector of a query with its matchers as written, read by the same grammar Prometheus' UI uses. */
function selectorMatchers(expr: string): string[][] {
    const text = fillVariables(expr, { __rate_interval: "1m", node: "n", namespace: "n", pod: ".*", integration: ".*", claim: ".*", job: ".*", type: ".*", workload: ".*", instance: ".*", [CLUSTER_VARIABLE]: "$cluster" });
    const out: string[][] = [];
    parser.parse(text).iterate({
        enter(n) {
            if (n.name === "VectorSelector") {
                const m = n.node.getChild("LabelMatchers");
                out.push(m ? m.getChildren("UnquotedLabelMatcher").map((x) => text.slice(x.from, x.to).replace(/\s+/g, "")) : []);
            }
        },
    });
    return out;
}

const isPrometheus = (d: GeneratedDashboard) => (d.json.templating?.list ?? []).some((v: any) => v.type === "datasource" && v.query === "prometheus");

describe("the cluster variable on every dashboard (docs/grafana.md#many-clusters)", () => {
    describe("the matcher, added to every vector selector of a query", () => {
        const cases: Array<[string, string]> = [
            ["up", `up{${CLUSTER_MATCHER}}`],
            ["up{}", `up{${CLUSTER_MATCHER}}`],
            ['up{job="a"}', `up{${CLUSTER_MATCHER}, job="a"}`],
            ['{__name__="up"}', `{${CLUSTER_MATCHER}, __name__="up"}`],
            ["count(up == 0) or vector(0)", `count(up{${CLUSTER_MATCHER}} == 0) or vector(0)`],
            ['sum by (x) (rate(a_total{node=~"$node"}[$__rate_interval]))', `sum by (x) (rate(a_total{${CLUSTER_MATCHER}, node=~"$node"}[$__rate_interval]))`],
            ["a offset 5m / on (pod) group_left b", `a{${CLUSTER_MATCHER}} offset 5m / on (pod) group_left b{${CLUSTER_MATCHER}}`],
            ["max_over_time(a[${__range}:1m])", `max_over_time(a{${CLUSTER_MATCHER}}[\${__range}:1m])`],
            ['histogram_quantile(0.99, sum by (le) (rate(x_bucket{job="k"}[5m])))', `histogram_quantile(0.99, sum by (le) (rate(x_bucket{${CLUSTER_MATCHER}, job="k"}[5m])))`],
        ];
        for (const [given, want] of cases) {
            it(`${given} → ${want}`, () => assert.strictEqual(withClusterMatcher(given), want));
        }

        it("variable queries get it in their selector, and keep their label", () => {
            assert.strictEqual(withClusterLabelValues('label_values(kube_pod_info{namespace="$namespace"}, pod)'), `label_values(kube_pod_info{${CLUSTER_MATCHER}, namespace="$namespace"}, pod)`);
            assert.throws(() => withClusterLabelValues("label_values(pod)"), /not label_values\(<selector>, <label>\)/);
        });

        it("refuses a query that chooses a cluster itself, and one that is not PromQL", () => {
            assert.throws(() => withClusterMatcher('up{cluster="prod"}'), /matches on cluster itself/);
            assert.throws(() => withClusterMatcher("sum(rate(up[5m])"), /not PromQL/);
        });

        it("a dashboard spec cannot declare $cluster or $datasource itself", () => {
            const spec = { uid: "cm-x", title: "X", description: "", needs: [], variables: [{ name: CLUSTER_VARIABLE, label: "C", query: "label_values(up, cluster)" }], panels: [] };
            assert.throws(() => buildPrometheusDashboard(spec, dashboardContext(settingsWithGrafana()), PROJECT), /added to every dashboard/);
        });
    });

    describe("every rendered dashboard", () => {
        const stacks = renderedStacks();

        it("every Prometheus dashboard has $cluster right after $datasource, single-valued without All, so an empty value stays empty", () => {
            for (const [stack, ds] of stacks) {
                for (const d of ds.filter(isPrometheus)) {
                    const list = d.json.templating!.list!;
                    assert.deepStrictEqual(list.slice(0, 2).map((v: any) => v.name), ["datasource", CLUSTER_VARIABLE], `${stack} / ${d.json.title}`);
                    const v = list[1];
                    assert.deepStrictEqual([v.type, v.query, v.multi ?? false, v.includeAll ?? false, v.datasource.uid], ["query", "label_values(up, cluster)", false, false, "${datasource}"], `${stack} / ${d.json.title}`);
                }
            }
            // Only Logs reads no Prometheus: its records carry no cluster field.
            assert.deepStrictEqual(stacks[1][1].filter((d) => !isPrometheus(d)).map((d) => d.json.uid), ["cm-logs"]);
        });

        it("every vector selector of every panel query and variable query carries cluster=\"$cluster\", and every query still parses for v2.11.1", () => {
            const missing: string[] = [];
            const problems: string[] = [];
            let selectors = 0;
            for (const [stack, ds] of stacks) {
                for (const d of ds.filter(isPrometheus)) {
                    const exprs = [
                        ...prometheusQueries([d]).map((q) => [`${q.panel} / ${q.refId}`, q.expr]),
                        ...queryVariables(d)
                            .filter((v) => v.name !== CLUSTER_VARIABLE)
                            .map((v) => [`$${v.name}`, labelValuesQuery(v.query).selector]),
                    ];
                    for (const [where, expr] of exprs) {
                        for (const m of selectorMatchers(expr)) {
                            selectors++;
                            if (m.filter((x) => x === CLUSTER_MATCHER).length !== 1) {
                                missing.push(`${stack} / ${d.json.title} / ${where}: ${expr}`);
                            }
                        }
                        problems.push(...promqlProblems(fillVariables(expr, { __rate_interval: "1m", node: "n", namespace: "n", pod: ".*", integration: ".*", claim: ".*", job: ".*", type: ".*", workload: ".*", instance: ".*" })).map((p) => `${stack} / ${d.json.title} / ${where}: ${p}`));
                    }
                }
            }
            assert.deepStrictEqual(missing, []);
            assert.deepStrictEqual(problems, []);
            assert.ok(selectors > 300, `${selectors} selectors`);
        });

        it("the check can fail: a query without the matcher is named", () => {
            assert.deepStrictEqual(selectorMatchers('rate(a{job="x"}[5m]) / b'), [['job="x"'], []]);
        });

        it("hidden unless a data source can hold several clusters: shown only on a central stack, whose store takes edges' writes", () => {
            const hide = (ds: GeneratedDashboard[]) => [...new Set(ds.filter(isPrometheus).map((d) => d.json.templating!.list!.find((v: any) => v.name === CLUSTER_VARIABLE).hide))];
            assert.deepStrictEqual(
                stacks.map(([stack, ds]) => [stack, hide(ds)]),
                [
                    ["default", [2]],
                    ["everything on", [2]],
                    ["long-term store, no edges", [2]],
                    ["central", [0]],
                    ["2.53 line", [2]],
                ],
            );
        });
    });

    it("a central stack without a cluster label of its own is refused, naming the key: its own series could not be chosen", () => {
        const load = () => settingsWithGrafana({ longTermStore: { enabled: true, edges: EDGES } }, EDGE_SECRETS);
        assert.throws(load, (e: unknown) => {
            assert.ok(e instanceof ConfigError);
            assert.deepStrictEqual(e.problems.map((p) => p.key), ["cluster-monitoring:metrics.externalLabels.cluster"]);
            assert.match(e.problems[0].expected, /cluster variable/);
            return true;
        });
        assert.doesNotThrow(central);
    });
});
