import * as assert from "assert";
import { parse } from "yaml";
import { ConfigError, ConfigProblem, plainConfigSource } from "../config";
import { stackJobClaims } from "../stack/job-names";
import { loadStackSettings as loadSettings } from "../stack";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { GRAFANA_SECRETS, requiredConfig } from "./harness/stack-config";

/**
 * The one registry of scrape-job names (stack/job-names.ts, docs/scrape-jobs.md#job-names): every
 * component's claims folded into one list, one check that reports each clash once at the name the
 * stack chose, naming the other claim's key; fixed names stay reserved while their switch is off.
 */

const M = "cluster-monitoring:metrics";
const B = "cluster-monitoring:blackboxExporter";
const A = "cluster-monitoring:alertmanager";
const MODERN = "quay.io/prometheus/prometheus:v3.5.0";

type Config = Record<string, any>;

function problemsOf(edit: (c: Config) => void, secrets: Record<string, unknown> = {}): ConfigProblem[] {
    const c = requiredConfig();
    edit(c);
    try {
        loadSettings(plainConfigSource(c, secrets));
    } catch (e) {
        assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
        return e.problems;
    }
    assert.fail("the stack was accepted");
}


const service = (name: string) => ({ name, namespace: "apps", selector: { app: name }, port: "web" });
const probe = (name: string) => ({ name, target: "https://shop.example.com/" });

/** Clashes the five checks before the registry let through, each: [what, edit, blamed key, the other claim's key]. */
const MISSED: [string, (c: Config) => void, string, string][] = [
    ["metrics.name kubelet, a built-in job", (c) => (c.metrics.name = "kubelet"), `${M}.name`, `${M}.jobs.kubelet`],
    ["metrics.name log-agent", (c) => (c.metrics.name = "log-agent"), `${M}.name`, `${M}.jobs.logAgent`],
    ["metrics.name coredns, a control-plane job", (c) => (c.metrics.name = "coredns"), `${M}.name`, "cluster-monitoring:controlPlane.coreDns.enabled"],
    ["metrics.name grafana, an own job", (c) => (c.metrics.name = "grafana"), `${M}.name`, "cluster-monitoring:grafana.enabled"],
    ["metrics.name prometheus-web", (c) => (c.metrics.name = "prometheus-web"), `${M}.name`, `${M}.web`],
    ["metrics.name annotated-pods", (c) => (c.metrics.name = "annotated-pods"), `${M}.name`, `${M}.annotationDiscovery`],
    ["metrics.name probe, the annotated-probe job", (c) => (c.metrics.name = "probe"), `${M}.name`, `${B}.probeAnnotated`],
    ["a service named prometheus-adapter", (c) => (c.metrics.services = [service("prometheus-adapter")]), `${M}.services[0].name`, "cluster-monitoring:resourceMetrics.enabled"],
    ["a service named elasticsearch, the search store exporter's job", (c) => (c.metrics.services = [service("elasticsearch")]), `${M}.services[0].name`, "cluster-monitoring:searchStore.exporter.enabled"],
    ["a service named config-reloader", (c) => (c.metrics.services = [service("config-reloader")]), `${M}.services[0].name`, `${M}.enableLifecycle`],
    ["Alertmanager named grafana", (c) => (c.alertmanager = { name: "grafana" }), `${A}.name`, "cluster-monitoring:grafana.enabled"],
    ["Alertmanager named annotated-services", (c) => (c.alertmanager = { name: "annotated-services" }), `${A}.name`, `${M}.annotationDiscovery`],
    [
        "Alertmanager named like a probe",
        (c) => ((c.blackboxExporter = { enabled: true, probes: [probe("shop")] }), (c.alertmanager = { name: "shop" })),
        `${A}.name`,
        `${B}.probes[0].name`,
    ],
];

describe("the scrape-job name registry", () => {
    it("refuses metrics.name kubelet, which the five checks before the registry let through", () => {
        // Before the registry this stack loaded: the self-monitoring job and the kubelet job shared a name.
        const problems = problemsOf((c) => (c.metrics.name = "kubelet"));
        assert.deepStrictEqual(problems.map((p) => p.key), [`${M}.name`]);
    });

    for (const [what, edit, blamed, other] of MISSED) {
        it(`refuses ${what}, once, at ${blamed}, naming ${other}`, () => {
            const problems = problemsOf(edit);
            assert.deepStrictEqual(problems.map((p) => p.key), [blamed], problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
            assert.ok(problems[0].expected.includes(`${other} `), problems[0].expected);
        });
    }

    it("reports each clashing pair once: two services, a service and metrics.name, a probe and a service", () => {
        const keys = problemsOf((c) => {
            c.metrics.services = [service("shop"), service("shop"), service("monitor")];
            c.blackboxExporter = { enabled: true, probes: [probe("shop")] };
        }).map((p) => `${p.key} ${/another job: (\S+) /.exec(p.expected)?.[1]}`);
        assert.deepStrictEqual(keys, [`${M}.services[1].name ${M}.services[0].name`, `${M}.services[2].name ${M}.name`, `${B}.probes[0].name ${M}.services[0].name`]);
    });

    it("keeps a fixed name reserved while its switch is off, and says so", () => {
        for (const edit of [
            (c: Config) => ((c.metrics.name = "etcd"), (c.metrics.jobs = { etcd: false })),
            (c: Config) => ((c.metrics.services = [service("kube-scheduler")]), (c.controlPlane = { scheduler: { enabled: false } })),
            (c: Config) => ((c.alertmanager = { name: "kube-state-metrics" }), (c.kubeStateMetrics = { enabled: false })),
        ]) {
            const problems = problemsOf(edit);
            assert.strictEqual(problems.length, 1);
            assert.match(problems[0].expected, /reserves \(switched off, so that switching it on cannot break the stack\)/);
        }
    });

    it("blames no clash on a chosen name of a component that is off: nothing runs under it, so the name does nothing, and says so", () => {
        for (const [edit, key] of [
            [(c: Config) => (c.alertmanager = { enabled: false, name: "kubelet" }), "cluster-monitoring:alertmanager.name"],
            [(c: Config) => (c.blackboxExporter = { enabled: false, probes: [probe("kubelet"), probe("kubelet")] }), "cluster-monitoring:blackboxExporter.probes"],
        ] as const) {
            const problems = problemsOf(edit);
            assert.deepStrictEqual(problems.map((p) => p.key), [key]);
            assert.match(problems[0].expected, /^nothing unless .*\.enabled is true/);
        }
    });

    it("lists a clash beside metrics' own problems, from the fields that are right", () => {
        const keys = problemsOf((c) => ((c.metrics.image = "not an image!"), (c.metrics.services = [service("kubelet")]))).map((p) => p.key);
        assert.deepStrictEqual(keys.sort(), [`${M}.image`, `${M}.services[0].name`]);
    });

    /** The job names of the stack's generated config and the registry's claims that are on and are job names. */
    function jobsAndClaims(edit: (c: Config) => void): { jobs: string[]; on: string[]; claims: ReturnType<typeof stackJobClaims> } {
        const c = requiredConfig();
        edit(c);
        const settings = loadSettings(plainConfigSource(c, GRAFANA_SECRETS));
        const claims = stackJobClaims(settings);
        const jobs = (parse(generatedPrometheusFiles(settings).prometheusYml).scrape_configs as { job_name: string }[]).map((j) => j.job_name);
        const on = claims.filter((cl) => cl.on && !cl.labelOnly).map((cl) => cl.name);
        return { jobs, on, claims };
    }

    const everything = (web: Record<string, unknown>, alertmanagerWeb: Record<string, unknown> | null = { basicAuth: {} }) => (c: Config) => {
        c.metrics = {
            ...c.metrics,
            image: MODERN,
            storage: { mode: "storageClass", size: "20Gi" },
            jobs: { etcd: true },
            etcd: { endpoints: ["10.0.0.11"], scheme: "http" },
            web,
            annotationDiscovery: { namespaces: ["shop"] },
            services: [service("shop")],
        };
        Object.assign(c, {
            grafana: { enabled: true },
            resourceMetrics: { enabled: true },
            blackboxExporter: { enabled: true, probes: [probe("shop-health")] },
            alertmanager: alertmanagerWeb ? { web: alertmanagerWeb } : {},
        });
    };

    for (const [what, web, alertmanagerWeb] of [
        ["TLS on Prometheus' port, so no monitor job", { tls: { secretName: "monitor-web-tls" } }, { basicAuth: {} }],
        ["basic auth on Prometheus' port, which takes the reloader away, and no monitor job", { basicAuth: {} }, { basicAuth: {} }],
        ["TLS on Prometheus' port, Alertmanager's plain, which keeps the monitor job", { tls: { secretName: "monitor-web-tls" } }, null],
    ] as const) {
        it(`holds every job the generated config has, and says on of no job it lacks (${what})`, () => {
            const { jobs, on, claims } = jobsAndClaims(everything(web, alertmanagerWeb));
            assert.strictEqual(jobs.includes("monitor"), alertmanagerWeb === null, jobs.join(", "));
            assert.ok(jobs.length >= 20, jobs.join(", "));
            for (const job of jobs) {
                const claim = claims.find((cl) => cl.name === job);
                assert.ok(claim, `job ${job} is in the generated config but not in the registry`);
                assert.strictEqual(claim.on, true, `${job}: ${claim.key} is said to be off`);
            }
            assert.deepStrictEqual(
                on.filter((name) => !jobs.includes(name)),
                [],
                "claims said to be on whose job the generated config lacks",
            );
        });
    }

    it("gives each fixed job its own name, so adding one is one line that cannot clash unseen", () => {
        // Every fixed name is claimed whatever the switches say, so the spec's default stack holds them all.
        const fixed = stackJobClaims(loadSettings(plainConfigSource(requiredConfig(), {}))).filter((c) => !c.chosen);
        const names = fixed.map((c) => c.name);
        assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), []);
        assert.ok(fixed.length >= 20, names.join(", "));
        assert.ok(fixed.every((c) => c.key.startsWith("cluster-monitoring:")));
    });
});
