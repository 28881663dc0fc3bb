import * as assert from "assert";
import { parse } from "yaml";
import { blackboxConfigMap, blackboxDeployment, blackboxServiceAccount } from "../components/blackbox-exporter/objects";
import { blackboxModules } from "../components/blackbox-exporter";
import { prometheusConfig } from "../components/prometheus/prometheus-config";
import { clusterRole, discoveryRoleBindings, discoveryRoles } from "../components/prometheus/rbac";
import { scrapeJobs } from "../stack/scrape-jobs";
import { BLACKBOX_MODULES, ConfigError, LARGE_SOURCE_SAMPLE_LIMITS, SCRAPE_LIMIT_DEFAULTS } from "../config";
import { prometheusInputsFor as prometheusInputsFor, settingsWith } from "./harness/stack-config";
import { ANNOTATED_PROBE_JOB } from "../components/blackbox-exporter/layout";
import { ANNOTATED_POD_JOB, ANNOTATED_SERVICE_JOB } from "../components/team-targets/layout";

/** Settings, or the problems that refuse them. */
function problemsOf(overrides: Record<string, Record<string, unknown>>): { key: string; got: unknown; expected: string }[] {
    try {
        settingsWith(overrides);
    } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
    }
    return [];
}

/** The namespace of a built object, whose metadata the input types allow to be an Output. */
const nsOf = (o: { metadata?: unknown }) => (o.metadata as { namespace?: string }).namespace;

const M = "cluster-monitoring:metrics";
const B = "cluster-monitoring:blackboxExporter";
const MODERN = "quay.io/prometheus/prometheus:v3.5.0";

describe("annotation discovery (docs/monitor-your-app.md)", () => {
    const jobNames = (s: ReturnType<typeof settingsWith>) => scrapeJobs(s).map((j) => j.job_name);

    it("is off by default: no annotated jobs, no Role beyond the default namespaces, the ClusterRole unchanged", () => {
        const s = settingsWith();
        assert.ok(!jobNames(s).some((j) => j.startsWith("annotated-")));
        assert.deepStrictEqual(discoveryRoles(s.metrics, scrapeJobs(s)).map((r) => nsOf(r)), ["default", "kube-system", "monitoring"]);
        // The ClusterRole: none of the cluster-wide discovery reads annotation discovery adds when clusterWide (the test below).
        const granted = (clusterRole(s.metrics, scrapeJobs(s)).rules as { resources?: string[] }[]).flatMap((r) => r.resources ?? []);
        assert.deepStrictEqual(["pods", "services", "endpoints", "endpointslices"].filter((r) => granted.includes(r)), []);
    });

    it("listed namespaces: both jobs discover only there, and each namespace gets a Role and RoleBinding", () => {
        const s = settingsWith({ metrics: { annotationDiscovery: { namespaces: ["shop", "payments"] } } });
        const jobs = scrapeJobs(s);
        for (const name of [ANNOTATED_POD_JOB, ANNOTATED_SERVICE_JOB]) {
            const job = jobs.find((j) => j.job_name === name)!;
            assert.deepStrictEqual(job.kubernetes_sd_configs!.map((sd) => sd.namespaces?.names), [["shop", "payments"]]);
        }
        assert.deepStrictEqual(jobs.find((j) => j.job_name === ANNOTATED_POD_JOB)!.kubernetes_sd_configs![0].role, "pod");
        assert.deepStrictEqual(jobs.find((j) => j.job_name === ANNOTATED_SERVICE_JOB)!.kubernetes_sd_configs![0].role, "endpoints");
        const roles = discoveryRoles(s.metrics, scrapeJobs(s)).map((r) => nsOf(r));
        const bindings = discoveryRoleBindings(s.metrics, scrapeJobs(s)).map((r) => nsOf(r));
        assert.ok(roles.includes("shop") && roles.includes("payments"));
        assert.deepStrictEqual(bindings, roles);
    });

    it("a namespace that leaves the list loses its Role and RoleBinding", () => {
        const before = settingsWith({ metrics: { annotationDiscovery: { namespaces: ["shop", "payments"] } } });
        const after = settingsWith({ metrics: { annotationDiscovery: { namespaces: ["shop"] } } });
        assert.ok(discoveryRoles(before.metrics, scrapeJobs(before)).some((r) => nsOf(r) === "payments"));
        assert.ok(!discoveryRoles(after.metrics, scrapeJobs(after)).some((r) => nsOf(r) === "payments"));
        assert.ok(!discoveryRoleBindings(after.metrics, scrapeJobs(after)).some((r) => nsOf(r) === "payments"));
    });

    it("clusterWide: discovery without namespaces, the discovery rules in the ClusterRole, no extra Role", () => {
        const s = settingsWith({ metrics: { annotationDiscovery: { clusterWide: true } } });
        const pods = scrapeJobs(s).find((j) => j.job_name === ANNOTATED_POD_JOB)!;
        assert.deepStrictEqual(pods.kubernetes_sd_configs, [{ role: "pod" }]);
        const rules = clusterRole(s.metrics, scrapeJobs(s)).rules as { apiGroups?: string[]; resources?: string[]; verbs: string[] }[];
        assert.ok(rules.some((r) => JSON.stringify(r.resources) === JSON.stringify(["services", "endpoints", "pods"]) && r.verbs.includes("list")));
        assert.deepStrictEqual(discoveryRoles(s.metrics, scrapeJobs(s)).map((r) => nsOf(r)), ["default", "kube-system", "monitoring"]);
        const off = clusterRole(settingsWith().metrics, scrapeJobs(settingsWith())).rules as { resources?: string[] }[];
        assert.ok(!off.some((r) => (r.resources ?? []).includes("pods")), "no cluster-wide pod read without clusterWide");
    });

    it("on a modern line the services job discovers EndpointSlices and the ClusterRole follows", () => {
        const s = settingsWith({ metrics: { image: MODERN, annotationDiscovery: { clusterWide: true } } });
        assert.strictEqual(scrapeJobs(s).find((j) => j.job_name === ANNOTATED_SERVICE_JOB)!.kubernetes_sd_configs![0].role, "endpointslice");
        const rules = clusterRole(s.metrics, scrapeJobs(s)).rules as { apiGroups?: string[]; resources?: string[] }[];
        assert.ok(rules.some((r) => (r.resources ?? []).includes("endpointslices")));
    });

    it("refuses a namespace that is not a DNS label, and a list beside clusterWide, naming the key", () => {
        assert.deepStrictEqual(
            problemsOf({ metrics: { annotationDiscovery: { namespaces: ["Shop_1"] } } }).map((p) => [p.key, p.got]),
            [[`${M}.annotationDiscovery.namespaces[0]`, "Shop_1"]],
        );
        assert.deepStrictEqual(
            problemsOf({ metrics: { annotationDiscovery: { namespaces: ["shop"], clusterWide: true } } }).map((p) => p.key),
            [`${M}.annotationDiscovery.namespaces`],
        );
    });

    it("refuses a listed service named like an annotation job", () => {
        const problems = problemsOf({ metrics: { services: [{ name: ANNOTATED_POD_JOB, namespace: "shop", selector: { app: "shop" }, port: "http" }] } });
        assert.deepStrictEqual(problems.map((p) => p.key), [`${M}.services[0].name`]);
    });
});

describe("scrape limits (docs/monitor-your-app.md#limits)", () => {
    it("every job, built-in and new, carries sample_limit; 2.11 gets no label limits", () => {
        const s = settingsWith({
            metrics: { annotationDiscovery: { namespaces: ["shop"] } },
            blackboxExporter: { enabled: true, probes: [{ name: "shop-frontpage", target: "https://shop.example.com/" }] },
        });
        const jobs = prometheusConfig(s.metrics, prometheusInputsFor(s, false)).scrape_configs;
        assert.ok(jobs.length >= 10);
        for (const job of jobs) {
            assert.strictEqual(job.sample_limit, LARGE_SOURCE_SAMPLE_LIMITS[job.job_name] ?? SCRAPE_LIMIT_DEFAULTS.sampleLimit, job.job_name);
            assert.strictEqual(job.label_limit, undefined, job.job_name);
            assert.strictEqual(job.label_name_length_limit, undefined, job.job_name);
            assert.strictEqual(job.label_value_length_limit, undefined, job.job_name);
        }
    });

    it("on 2.27+ lines every job also carries the three label limits", () => {
        const s = settingsWith({ metrics: { image: MODERN, limits: { labelLimit: 40 } } });
        for (const job of prometheusConfig(s.metrics, prometheusInputsFor(s, false)).scrape_configs) {
            assert.strictEqual(job.label_limit, 40, job.job_name);
            assert.strictEqual(job.label_name_length_limit, SCRAPE_LIMIT_DEFAULTS.labelNameLengthLimit, job.job_name);
            assert.strictEqual(job.label_value_length_limit, SCRAPE_LIMIT_DEFAULTS.labelValueLengthLimit, job.job_name);
        }
    });

    it("a stack raises one source's limit with perJob, and lowers the default for the rest", () => {
        const s = settingsWith({ metrics: { annotationDiscovery: { namespaces: ["shop"] }, limits: { sampleLimit: 1000, perJob: { [ANNOTATED_POD_JOB]: { sampleLimit: 200000 } } } } });
        const limit = (name: string) => scrapeJobs(s).find((j) => j.job_name === name)!.sample_limit;
        assert.strictEqual(limit(ANNOTATED_POD_JOB), 200000);
        assert.strictEqual(limit(ANNOTATED_SERVICE_JOB), 1000);
        assert.strictEqual(limit("apiserver"), LARGE_SOURCE_SAMPLE_LIMITS.apiserver);
    });

    for (const bad of [0, -5, 1.5, "1000"]) {
        it(`refuses a sampleLimit of ${JSON.stringify(bad)}, naming the key`, () => {
            const problems = problemsOf({ metrics: { limits: { sampleLimit: bad } } });
            assert.deepStrictEqual(problems.map((p) => [p.key, p.got]), [[`${M}.limits.sampleLimit`, bad]]);
            assert.match(problems[0].expected, /positive integer/);
        });
    }

    it("refuses a perJob limit that is not a positive integer, and a perJob key that names no job", () => {
        const problems = problemsOf({ metrics: { limits: { perJob: { kubelet: { labelLimit: 0 }, "annotated-pod": { sampleLimit: 10 } } } } });
        // Both in one run: the job names are checked over the components' claims on the settings as far as they are right (stack/job-names.ts).
        assert.deepStrictEqual(problems.map((p) => p.key), [`${M}.limits.perJob.kubelet.labelLimit`, `${M}.limits.perJob.annotated-pod`]);
        const unknown = problemsOf({ metrics: { limits: { perJob: { "annotated-pod": { sampleLimit: 10 } } } } });
        assert.deepStrictEqual(unknown.map((p) => p.key), [`${M}.limits.perJob.annotated-pod`]);
        assert.match(unknown[0].expected, /annotated-pods/);
    });
});

describe("blackbox exporter (docs/monitor-your-app.md#probes)", () => {
    const on = (probes: unknown[], metrics: Record<string, unknown> = {}) => settingsWith({ metrics, blackboxExporter: { enabled: true, probes } });

    it("is off by default: no probe jobs", () => {
        assert.ok(!scrapeJobs(settingsWith()).some((j) => j.metrics_path === "/probe"));
    });

    it("a listed probe is a job of its own through the exporter's Service, with the standard __param_target relabelling", () => {
        const s = on([{ name: "shop", target: "https://shop.example.com/", module: "http_2xx", interval: "1m" }]);
        const job = scrapeJobs(s).find((j) => j.job_name === "shop")!;
        assert.deepStrictEqual(
            { path: job.metrics_path, params: job.params, interval: job.scrape_interval, targets: job.static_configs },
            { path: "/probe", params: { module: ["http_2xx"] }, interval: "1m", targets: [{ targets: ["https://shop.example.com/"] }] },
        );
        assert.deepStrictEqual(job.relabel_configs, [
            { action: "replace", source_labels: ["__address__"], target_label: "__param_target" },
            { action: "replace", source_labels: ["__param_target"], target_label: "instance" },
            { action: "replace", replacement: "blackbox-exporter.monitoring.svc:9115", target_label: "__address__" },
        ]);
    });

    it("the annotated probe job follows annotationDiscovery, with Ingresses only on the modern lines", () => {
        assert.ok(!scrapeJobs(on([])).some((j) => j.job_name === ANNOTATED_PROBE_JOB));
        const legacy = scrapeJobs(on([], { annotationDiscovery: { namespaces: ["shop"] } })).find((j) => j.job_name === ANNOTATED_PROBE_JOB)!;
        assert.deepStrictEqual(legacy.kubernetes_sd_configs!.map((sd) => sd.role), ["service"]);
        const modern = on([], { image: MODERN, annotationDiscovery: { namespaces: ["shop"] } });
        const job = scrapeJobs(modern).find((j) => j.job_name === ANNOTATED_PROBE_JOB)!;
        assert.deepStrictEqual(job.kubernetes_sd_configs!.map((sd) => sd.role), ["service", "ingress"]);
        const shop = discoveryRoles(modern.metrics, scrapeJobs(modern)).find((r) => nsOf(r) === "shop")!;
        const others = discoveryRoles(modern.metrics, scrapeJobs(modern)).filter((r) => nsOf(r) !== "shop");
        const ingresses = (r: typeof shop) => (r.rules as { resources?: string[] }[]).some((rule) => (rule.resources ?? []).includes("ingresses"));
        assert.ok(ingresses(shop), "Ingress read where the probe job looks");
        assert.ok(!others.some(ingresses), "and nowhere else");
    });

    it("runs hardened: own ServiceAccount without a token, non-root, read-only root, no capabilities, RuntimeDefault", () => {
        const b = on([]).blackboxExporter;
        assert.strictEqual(blackboxServiceAccount(b).automountServiceAccountToken, false);
        const pod = (blackboxDeployment(b).spec as any).template.spec;
        assert.strictEqual(pod.serviceAccountName, b.name);
        assert.strictEqual(pod.automountServiceAccountToken, false);
        assert.deepStrictEqual(pod.securityContext.seccompProfile, { type: "RuntimeDefault" });
        const c = pod.containers[0];
        assert.match(c.image, /^quay\.io\/prometheus\/blackbox-exporter:v\d+\.\d+\.\d+$/);
        assert.deepStrictEqual(c.securityContext, { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: 65534 });
    });

    it("its ConfigMap holds exactly the schema's modules, and no icmp", () => {
        const file = parse((blackboxConfigMap(on([]).blackboxExporter).data as Record<string, string>)["blackbox.yml"]);
        assert.deepStrictEqual(Object.keys(file.modules), [...BLACKBOX_MODULES]);
        assert.deepStrictEqual(Object.keys(blackboxModules()), ["http_2xx", "http_post_2xx", "tcp_connect"]);
    });

    const probeProblems = (probe: Record<string, unknown>) => problemsOf({ blackboxExporter: { enabled: true, probes: [{ name: "p", ...probe }] } }).map((p) => [p.key, p.got]);

    it("refuses an unknown module, naming the key", () => {
        assert.deepStrictEqual(probeProblems({ target: "https://a.example.com/", module: "icmp" }), [[`${B}.probes[0].module`, "icmp"]]);
    });

    it("refuses a target that is not a URL for the http modules, or not host:port for tcp_connect", () => {
        assert.deepStrictEqual(probeProblems({ target: "shop.example.com" }), [[`${B}.probes[0].target`, "shop.example.com"]]);
        assert.deepStrictEqual(probeProblems({ target: "ftp://shop.example.com/", module: "http_post_2xx" }), [[`${B}.probes[0].target`, "ftp://shop.example.com/"]]);
        assert.deepStrictEqual(probeProblems({ target: "https://db.example.com/", module: "tcp_connect" }), [[`${B}.probes[0].target`, "https://db.example.com/"]]);
        assert.deepStrictEqual(probeProblems({ target: "db.example.com:99999", module: "tcp_connect" }), [[`${B}.probes[0].target`, "db.example.com:99999"]]);
        assert.deepStrictEqual(probeProblems({ target: "db.example.com:5432", module: "tcp_connect" }), []);
        assert.deepStrictEqual(probeProblems({ target: "[2001:db8::1]:443", module: "tcp_connect" }), []);
        assert.deepStrictEqual(probeProblems({ target: "10.0.0.5:22", module: "tcp_connect" }), []);
    });

    it("refuses a probe name another source uses, or another probe", () => {
        for (const taken of ["kubelet", "monitor", ANNOTATED_PROBE_JOB, ANNOTATED_SERVICE_JOB, "node-exporter"]) {
            assert.deepStrictEqual(probeProblems({ name: taken, target: "https://a.example.com/" }), [[`${B}.probes[0].name`, taken]], taken);
        }
        const twice = problemsOf({ blackboxExporter: { enabled: true, probes: [{ name: "a", target: "https://a.example.com/" }, { name: "a", target: "https://b.example.com/" }] } });
        assert.deepStrictEqual(twice.map((p) => p.key), [`${B}.probes[1].name`]);
    });

    it("reports every problem at once", () => {
        const problems = problemsOf({
            metrics: { annotationDiscovery: { namespaces: ["Bad"] }, limits: { sampleLimit: 0 } },
            blackboxExporter: { enabled: true, probes: [{ name: "p", target: "nope", module: "ping" }] },
        });
        assert.deepStrictEqual(problems.map((p) => p.key).sort(), [`${B}.probes[0].module`, `${M}.annotationDiscovery.namespaces[0]`, `${M}.limits.sampleLimit`].sort());
    });
});
