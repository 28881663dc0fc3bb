import * as assert from "assert";
import { ConfigProblem } from "../config";
import { problemsOrNone, requiredConfig } from "./harness/stack-config";

/**
 * The checks across components (issue #43): each lives with the component that owns it
 * (Component.checks) or is a claim folded in stack/ (stack/probe-guards.ts, dedup-intervals.ts),
 * and runs after the load with every other check. Each is still reported with its key, value and
 * expectation; all of them come in one run beside a problem of the same keys' own schemas (they
 * now judge a key's stand-in); and a problem that read a key already reported is left out, since
 * that key's stand-in holds a default the stack never wrote.
 */

const K = (key: string) => `cluster-monitoring:${key}`;
type Config = Record<string, any>;

function problemsOf(edit: (c: Config) => void): ConfigProblem[] {
    const c = requiredConfig();
    edit(c);
    return problemsOrNone(c);
}

const keys = (problems: readonly ConfigProblem[]) => [...new Set(problems.map((p) => p.key))].sort();
const PROMETHEUS_3 = "quay.io/prometheus/prometheus:v3.5.0";

/** [what, the edit that makes the problem, its key, the value it quotes, what it expects]. */
const CASES: [string, (c: Config) => void, string, unknown, RegExp][] = [
    [
        "node-exporter in a namespace the program neither creates nor labels privileged",
        (c) => (c.nodeExporter = { namespace: "apps" }),
        K("nodeExporter.namespace"),
        "apps",
        /^one of kube-system, monitoring: kube-system, or a namespace the program creates and labels for the privileged pods node-exporter runs$/,
    ],
    [
        "the adapter without cAdvisor's series",
        (c) => ((c.resourceMetrics = { enabled: true }), (c.metrics.jobs = { cadvisor: false })),
        K("resourceMetrics.enabled"),
        true,
        /^false, or switch on cluster-monitoring:metrics\.jobs\.cadvisor \(pod CPU and memory\): the adapter's queries read those series$/,
    ],
    [
        "the log agent shipping past the in-cluster store",
        (c) => ((c.searchStore = { enabled: true }), (c.logs.search.host = "logs.example.com")),
        K("logs.search.host"),
        "logs.example.com",
        /^one of elasticsearch-logging, .*, because cluster-monitoring:searchStore\.enabled is true and the in-cluster .* store is reached there$/,
    ],
    [
        "a remote write address outside networkPolicies.outsideCidrs",
        (c) => ((c.metrics.remoteWrite = [{ url: "https://198.51.100.7/api/v1/write" }]), (c.networkPolicies = { outsideCidrs: ["203.0.113.0/24"] })),
        K("metrics.remoteWrite[0].url"),
        "https://198.51.100.7/api/v1/write",
        /^a destination that cluster-monitoring:networkPolicies\.outsideCidrs allows: Prometheus' remote write goes to 198\.51\.100\.7/,
    ],
    [
        "an http probe of Prometheus behind a login",
        (c) => (
            Object.assign(c.metrics, { image: PROMETHEUS_3, web: { basicAuth: { username: "ops" } } }),
            (c.blackboxExporter = { enabled: true, probes: [{ name: "prom", target: "http://monitor.monitoring.svc:9090/-/ready" }] })
        ),
        K("blackboxExporter.probes[0].target"),
        "http://monitor.monitoring.svc:9090/-/ready",
        /^a target that answers without a login: cluster-monitoring:metrics\.web\.basicAuth makes Prometheus ask every request for one/,
    ],
    [
        "a dedup window shorter than the scrape interval",
        (c) => (Object.assign(c.metrics, { replicas: 2, storage: { mode: "storageClass" } }), (c.longTermStore = { enabled: true, dedupInterval: "15s" })),
        K("longTermStore.dedupInterval"),
        "15s",
        /^a duration of at least cluster-monitoring:metrics\.scrapeInterval \(30s\): with a shorter one both replicas' samples of one scrape are kept/,
    ],
];

describe("checks across components, run after the load with every other check (#43)", () => {
    for (const [what, edit, key, got, expected] of CASES) {
        it(`each is reported alone with its key, value and expectation: ${what}`, () => {
            const problems = problemsOf(edit);
            assert.deepStrictEqual(keys(problems), [key], problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
            assert.deepStrictEqual(problems[0].got, got);
            assert.match(problems[0].expected, expected);
        });
    }

    it("all of them come in one run, beside a problem of the metrics key's own schema (judged on its stand-in)", () => {
        const problems = problemsOf((c) => {
            CASES.forEach(([, edit]) => edit(c));
            c.metrics.retention = "20days";
        });
        assert.deepStrictEqual(keys(problems), [...CASES.map(([, , key]) => key), K("metrics.retention")].sort(), problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
    });

    it("a problem that read a key already reported is left out: the adapter's window and the dedup window against a wrong scrapeInterval", () => {
        // The stand-in's scrapeInterval is the default 30s, which the stack never wrote: a 1m window and a 15s dedup window would be judged against it.
        const problems = problemsOf((c) => {
            Object.assign(c.metrics, { replicas: 2, storage: { mode: "storageClass" }, scrapeInterval: "30 seconds" });
            c.resourceMetrics = { enabled: true, window: "1m" };
            c.longTermStore = { enabled: true, dedupInterval: "15s" };
        });
        assert.deepStrictEqual(keys(problems), [K("metrics.scrapeInterval")], problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
    });
});
