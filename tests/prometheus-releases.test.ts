import * as assert from "assert";
import { stringify } from "yaml";
import { analyzePromql, PROMQL_2_11, PROMQL_3, PROMQL_DIALECTS } from "../prometheus-releases/promql";
import { everyDefaultGroupOf } from "../stack/rule-groups";
import { dashboardsFor } from "../stack/dashboards";
import { prometheusConfig } from "../components/prometheus/prometheus-config";
import {
    PROMETHEUS_RELEASES,
    PrometheusRelease,
    releaseOfVersion,
    resolveRelease,
    versionOfImage,
} from "../prometheus-releases/release-lines";
import { discoveryRoles } from "../components/prometheus/rbac";
import { prometheusArgs } from "../components/prometheus/statefulset";
import { ConfigError } from "../config";
import { PROJECT } from "../config/source";
import { prometheusQueries } from "./harness/dashboards";
import { LINE_IMAGES } from "./harness/release-images";
import { fillVariables } from "./harness/promql";
import { settingsWith, settingsWithGrafana, ETCD_TEST_FILES } from "./harness/stack-config";
import { prometheusInputsFor } from "./harness/stack-config";
import { scrapeJobs } from "../stack/scrape-jobs";


/** Every job and component on, Alertmanager included, so every endpoints-role job is rendered. */
function everything(image: string | undefined, extra: Record<string, unknown> = {}) {
    return settingsWith(
        {
            metrics: {
                ...(image ? { image } : {}),
                jobs: { etcd: true },
                etcd: { endpoints: ["10.0.0.11"], discovery: "service" },
                services: [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx" }],
                ...extra,
            },
            alertmanager: { enabled: true },
        },
        ETCD_TEST_FILES,
    );
}

function configProblems(metrics: Record<string, unknown>): ConfigError["problems"] {
    try {
        settingsWith({ metrics });
    } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
    }
    return [];
}

/**
 * Keys that only 3.x (or a 2.x after 2.11) reads; v2.11.1 refuses a config that has one.
 * sample_limit is not one: 2.11 reads it, and every job carries it (docs/monitor-your-app.md#limits).
 */
const LATER_CONFIG_KEYS = [
    "metric_name_validation_scheme", "metric_name_escaping_scheme", "scrape_protocols", "fallback_scrape_protocol",
    "always_scrape_classic_histograms", "scrape_classic_histograms", "scrape_native_histograms", "enable_http2",
    "follow_redirects", "enable_compression", "keep_dropped_targets", "label_limit", "label_name_length_limit",
    "label_value_length_limit", "target_limit",
    "body_size_limit", "attach_metadata", "selectors", "oauth2", "authorization", "proxy_url",
];

describe("Prometheus release lines (prometheus-releases/release-lines.ts)", () => {
    it("maps each image tag vX.Y.Z to its line, and every supported line has an image here", () => {
        const line = (image: string) => releaseOfVersion(versionOfImage(image)!)?.line;
        for (const [name, image] of Object.entries(LINE_IMAGES)) {
            assert.strictEqual(line(image), name, image);
        }
        assert.deepStrictEqual(PROMETHEUS_RELEASES.map((r) => r.line), Object.keys(LINE_IMAGES));
        assert.strictEqual(line("quay.io/prometheus/prometheus:v3.14.0"), "3.5 to 3.14");
        assert.strictEqual(line("registry.local:5000/prometheus:v2.11.0"), "2.11");
        for (const unsupported of ["v2.12.0", "v2.37.9", "v2.54.1", "v3.0.1", "v3.4.2", "v3.15.0", "v4.0.0"]) {
            assert.strictEqual(line(`quay.io/prometheus/prometheus:${unsupported}`), undefined, unsupported);
        }
    });

    it("reads no version from a digest, a private tag or a tag with a suffix", () => {
        for (const image of [
            "quay.io/prometheus/prometheus@sha256:0123",
            "quay.io/prometheus/prometheus:latest",
            "quay.io/prometheus/prometheus:v3.5.0-distroless",
            "registry.local:5000/prometheus",
        ]) {
            assert.strictEqual(versionOfImage(image), undefined, image);
        }
        assert.strictEqual(versionOfImage("quay.io/prometheus/prometheus:v2.53.5@sha256:0123"), "2.53.5");
    });

    it("a stack names the version of an untagged image in metrics.prometheusVersion, which must agree with a tag", () => {
        assert.deepStrictEqual(configProblems({ image: "quay.io/prometheus/prometheus@sha256:0123", prometheusVersion: "3.5.0" }), []);
        const missing = configProblems({ image: "quay.io/prometheus/prometheus@sha256:0123" });
        assert.deepStrictEqual(missing.map((p) => p.key), ["cluster-monitoring:metrics.prometheusVersion"]);
        assert.match(missing[0].expected, /2\.11, 2\.53, 2\.55, 3\.5 to 3\.14/);
        const contradicting = configProblems({ image: "quay.io/prometheus/prometheus:v2.53.5", prometheusVersion: "3.5.0" });
        assert.deepStrictEqual(contradicting.map((p) => [p.key, p.got]), [["cluster-monitoring:metrics.prometheusVersion", "3.5.0"]]);
        const unsupported = configProblems({ image: "quay.io/prometheus/prometheus:v2.54.1" });
        assert.deepStrictEqual(unsupported.map((p) => [p.key, p.got]), [["cluster-monitoring:metrics.image", "quay.io/prometheus/prometheus:v2.54.1"]]);
        assert.ok("problem" in resolveRelease("registry.local/prometheus:hardened", "3.4.0"));
    });

    it("2.11 (the default) emits no endpointslice, no 3.x-only key and keeps the console flags", () => {
        const stack = everything(undefined);
        const s = stack.metrics;
        const yaml = stringify(prometheusConfig(s, prometheusInputsFor(stack, false)));
        assert.doesNotMatch(yaml, /role: endpointslice|__meta_kubernetes_endpointslice_/);
        assert.match(yaml, /role: endpoints\n/);
        for (const key of LATER_CONFIG_KEYS) {
            assert.ok(!new RegExp(`^\\s*(- )?${key}:`, "m").test(yaml), key);
        }
        assert.deepStrictEqual(discoveryRoles(s, scrapeJobs(stack)).flatMap((r) => (r.rules as { apiGroups: string[] }[]).flatMap((rule) => rule.apiGroups)), discoveryRoles(s, scrapeJobs(stack)).map(() => ""));
        assert.ok(prometheusArgs(s).some((a) => a.startsWith("--web.console.templates=")));
    });

    for (const [line, image] of Object.entries(LINE_IMAGES).slice(1)) {
        it(`${line}: every endpoints-role job and the Alertmanager set discover EndpointSlices, relabelled by their labels`, () => {
            const config = prometheusConfig(everything(image).metrics, prometheusInputsFor(everything(image), false));
            const endpointJobs = ["monitor", "apiserver", "etcd", "kube-state-metrics", "jmx-kafka"];
            const roleOf = (sds: { role: string }[] | undefined) => sds?.map((sd) => sd.role);
            assert.deepStrictEqual(
                endpointJobs.map((job) => roleOf(config.scrape_configs.find((j) => j.job_name === job)?.kubernetes_sd_configs)),
                endpointJobs.map(() => ["endpointslice"]),
            );
            assert.deepStrictEqual(roleOf(config.alerting!.alertmanagers[0].kubernetes_sd_configs), ["endpointslice"]);
            assert.strictEqual(config.alerting!.alertmanagers[0].api_version, "v2");
            const yaml = stringify(config);
            assert.doesNotMatch(yaml, /role: endpoints\n/);
            assert.doesNotMatch(yaml, /__meta_kubernetes_endpoints?_/, "a relabel rule still reads an Endpoints label");
            assert.match(yaml, /__meta_kubernetes_endpointslice_port_name/);
            assert.match(yaml, /__meta_kubernetes_endpointslice_address_target_kind/);
        });

        it(`${line}: discovery Roles read EndpointSlices (list, watch) instead of Endpoints`, () => {
            const stack = everything(image);
            const s = stack.metrics;
            for (const role of discoveryRoles(s, scrapeJobs(stack))) {
                assert.deepStrictEqual(role.rules, [
                    { apiGroups: [""], resources: ["services", "pods"], verbs: ["get", "list", "watch"] },
                    { apiGroups: ["discovery.k8s.io"], resources: ["endpointslices"], verbs: ["list", "watch"] },
                ]);
            }
        });
    }

    it("3.x: no console flags (the image has no consoles) and no flag 3.0 removed", () => {
        const args = prometheusArgs(everything(LINE_IMAGES["3.5 to 3.14"]).metrics);
        assert.deepStrictEqual(args.filter((a) => a.startsWith("--web.console.")), []);
        // cmd/prometheus/main.go: flags of v2.55.1 that v3.0.0 no longer defines.
        for (const removed of ["--storage.tsdb.retention=", "--storage.tsdb.allow-overlapping-blocks"]) {
            assert.ok(!args.some((a) => a.startsWith(removed)), removed);
        }
        assert.ok(args.some((a) => a.startsWith("--storage.tsdb.retention.time=")));
        assert.strictEqual(args.length, 8);
    });

    it("2.53 and 2.55 keep all ten arguments, console flags included", () => {
        for (const line of ["2.53", "2.55"]) {
            assert.deepStrictEqual(prometheusArgs(everything(LINE_IMAGES[line]).metrics), prometheusArgs(everything(undefined).metrics));
        }
    });
});

describe("PromQL per release line", () => {
    const dialect = (line: string) => PROMETHEUS_RELEASES.find((r) => r.line === line)!.promql;
    const problems = (line: string, expr: string) => analyzePromql(expr, dialect(line)).problems;

    it("the default rules and every dashboard query pass on every supported line", () => {
        // Each line's every default group, as that line's stacks get them (stack/rule-groups.ts, everyDefaultGroupOf).
        const rules = (release: PrometheusRelease) => everyDefaultGroupOf(release).flatMap((g) => g.rules.map((r) => r.expr));
        const values = { __rate_interval: "1m", node: "node-1", namespace: "shop", pod: ".*", integration: ".*", claim: ".*", type: ".*", workload: "web", instance: ".*" };
        // Each line's own dashboards: the Remote write board reads that line's families (remote write on, so it is rendered).
        const dashboardExprs = (image: string) =>
            prometheusQueries(dashboardsFor(settingsWithGrafana({ metrics: { image, remoteWrite: [{ url: "https://m.example.com/api/v1/write" }] } }), PROJECT)).map((q) =>
                fillVariables(q.expr, values),
            );
        for (const release of PROMETHEUS_RELEASES) {
            const exprs = [...rules(release), ...dashboardExprs(LINE_IMAGES[release.line])];
            assert.ok(exprs.length > 50, `${exprs.length} expressions`);
            assert.ok(exprs.some((e) => e.includes("prometheus_remote_storage_")), `${release.line}: the Remote write board is checked`);
            const found = exprs.flatMap((e) => analyzePromql(e, release.promql).problems.map((p) => `${e}: ${p}`));
            assert.deepStrictEqual(found, [], release.line);
        }
    });

    it("modern lines allow what came after 2.11; 2.11 still refuses it", () => {
        for (const expr of ["last_over_time(up[5m])", "group by (job) (up)", "clamp(up, 0, 1)", "rate(up[1h30m])", "up @ 1609746000", "rate(up[5m] offset -1m)"]) {
            assert.notDeepStrictEqual(problems("2.11", expr), [], expr);
            for (const line of ["2.53", "2.55", "3.5 to 3.14"]) {
                assert.deepStrictEqual(problems(line, expr), [], `${line}: ${expr}`);
            }
        }
    });

    it("3.x refuses holt_winters under either name (renamed behind a feature flag); quoted names only parse there", () => {
        assert.notDeepStrictEqual(problems("3.5 to 3.14", "holt_winters(up[5m], 0.5, 0.5)"), []);
        assert.match(problems("3.5 to 3.14", "double_exponential_smoothing(up[5m], 0.5, 0.5)").join(), /double_exponential_smoothing/);
        assert.deepStrictEqual(problems("3.5 to 3.14", '{"my.metric", job="a"}'), []);
        assert.match(problems("2.53", '{"my.metric", job="a"}').join(), /quoted/);
        assert.match(problems("3.5 to 3.14", "limitk(2, up)").join(), /`limitk` is not available .* experimental aggregation/);
    });

    it("every function and aggregation a line has passes there, those it lacks are one explained problem each (no syntax errors)", () => {
        const call = (name: string, aggregation: boolean) => (aggregation ? (["topk", "bottomk", "quantile", "limitk", "limit_ratio"].includes(name) ? `${name}(1, up)` : name === "count_values" ? `${name}("v", up)` : `${name}(up)`) : `${name}(up)`);
        const all = (kind: "functions" | "aggregations") => new Set(PROMQL_DIALECTS.flatMap((d) => [...d[kind]]));
        for (const d of PROMQL_DIALECTS) {
            for (const kind of ["functions", "aggregations"] as const) {
                for (const name of all(kind)) {
                    const found = analyzePromql(call(name, kind === "aggregations"), d).problems;
                    if (d[kind].has(name)) {
                        assert.deepStrictEqual(found, [], `${d.server}: ${name}`);
                    } else {
                        assert.strictEqual(found.length, 1, `${d.server}: ${name}: ${found.join("; ")}`);
                        assert.match(found[0], new RegExp(`^\`${name}\` is not available in ${d.server.replace(/[.]/g, "\\.")}.*; use `), found[0]);
                    }
                }
            }
        }
    });

    it("a function no line has is named as such, once, and a call inside a string or comment is no call", () => {
        assert.deepStrictEqual(analyzePromql("foo_bar(up) + 1", PROMQL_2_11).problems, ["`foo_bar` is not a PromQL function (at line 1, column 1)"]);
        assert.deepStrictEqual(analyzePromql('label_replace(up, "a", "holt_winters(x)", "b", "(.*)") # rat(\n + vector(1)', PROMQL_3).problems, []);
        assert.deepStrictEqual(analyzePromql("sum by (job) (up) and on (job) group_left (x) up", PROMQL_2_11).problems, []);
    });

    it("a stack's own rule follows the line of metrics.image", () => {
        const rule = { groups: [{ name: "team", rules: [{ record: "x:last", expr: "last_over_time(up[5m])" }] }] };
        assert.throws(() => settingsWith({ alertRules: rule }), /alertRules\.groups\[0\]\.rules\[0\]\.expr.*Prometheus v2\.11\.1/);
        assert.doesNotThrow(() => settingsWith({ alertRules: rule, metrics: { image: LINE_IMAGES["2.53"] } }));
    });
});
