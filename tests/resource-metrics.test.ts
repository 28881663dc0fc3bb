import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { analyzePromql, FUNCTIONS_2_11 } from "../prometheus-releases/promql";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { cadvisorJob } from "../components/kubelet/cadvisor-scrape-job";
import { matchesFamily } from "../components/common/scrape/family-rules";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";
import { programObjects } from "../stack/object-names";
import { ResourceMetrics, resourceMetricsModel } from "../components/resource-metrics";
import { metricsApiService } from "../components/resource-metrics/api-service";
import { adapterConfigMap } from "../components/resource-metrics/config-map";
import { adapterArgs, adapterDeployment } from "../components/resource-metrics/deployment";
import { adapterDisruptionBudget } from "../components/resource-metrics/disruption-budget";
import {
    adapterAuthDelegatorBinding,
    adapterAuthReaderBinding,
    adapterClusterRole,
    aggregatedMetricsReaderRole,
} from "../components/resource-metrics/rbac";
import { resourceRules } from "../components/resource-metrics/rules";
import { adapterService } from "../components/resource-metrics/service";
import { ConfigError, Settings } from "../config";
import { modelClass } from "../validate/kubernetes-models";
import { podSecurityLevel } from "../validate/pod-security";
import { fillAdapterTemplate } from "./harness/adapter-query";
import { captureResources } from "./harness/pulumi-mocks";
import { settingsWith } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

const on = (extra: Record<string, unknown> = {}, more: Record<string, Record<string, unknown>> = {}): Settings =>
    settingsWith({ ...more, resourceMetrics: { enabled: true, ...extra } });

function problemsOf(build: () => unknown): { key: string; got: unknown; expected: string }[] {
    try {
        build();
    } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

/** Every query template of the rules, with a name for messages. */
function templates(window = "2m"): [string, string, "pods" | "nodes"][] {
    const r = resourceRules({ window });
    return [
        ["cpu containerQuery", r.cpu.containerQuery, "pods"],
        ["cpu nodeQuery", r.cpu.nodeQuery, "nodes"],
        ["memory containerQuery", r.memory.containerQuery, "pods"],
        ["memory nodeQuery", r.memory.nodeQuery, "nodes"],
    ];
}

describe("resource metrics: prometheus-adapter (docs/resource-metrics.md)", () => {
    describe("settings", () => {
        it("is off by default; on, it runs v0.12.0 in the metrics namespace with a 2m window", () => {
            assert.strictEqual(settingsWith().resourceMetrics.enabled, false);
            const r = on().resourceMetrics;
            assert.deepStrictEqual([r.namespace, r.name, r.image, r.replicas, r.window], [
                "monitoring",
                "prometheus-adapter",
                "registry.k8s.io/prometheus-adapter/prometheus-adapter:v0.12.0",
                1,
                "2m",
            ]);
        });

        it("follows the metrics namespace, and may run in kube-system or the log agent's namespace", () => {
            assert.strictEqual(on({}, { metrics: { namespace: "observability" } }).resourceMetrics.namespace, "observability");
            assert.strictEqual(on({ namespace: "kube-system" }).resourceMetrics.namespace, "kube-system");
        });

        it("refuses a namespace the program neither creates nor finds, naming the key", () => {
            const [p] = problemsOf(() => on({ namespace: "apps" }));
            assert.strictEqual(p.key, "cluster-monitoring:resourceMetrics.namespace");
            assert.strictEqual(p.got, "apps");
            assert.match(p.expected, /monitoring, kube-system/);
        });

        it("refuses a window under four scrape intervals, and accepts exactly four", () => {
            const [p] = problemsOf(() => on({ window: "90s" }));
            assert.deepStrictEqual([p.key, p.got], ["cluster-monitoring:resourceMetrics.window", "90s"]);
            assert.match(p.expected, /at least 120s, 4 times cluster-monitoring:metrics\.scrapeInterval \(30s\)/);
            assert.strictEqual(on({ window: "120s" }).resourceMetrics.window, "120s");
            // The rule follows the scrape interval, not a fixed number.
            const [q] = problemsOf(() => on({}, { metrics: { scrapeInterval: "1m" } }));
            assert.deepStrictEqual([q.key, q.got], ["cluster-monitoring:resourceMetrics.window", "2m"]);
            assert.strictEqual(on({ window: "4m" }, { metrics: { scrapeInterval: "1m" } }).resourceMetrics.window, "4m");
        });

        it("refuses to run without what its queries read: Prometheus, the cadvisor job and node-exporter", () => {
            const [p] = problemsOf(() => on({}, { metrics: { jobs: { cadvisor: false } }, nodeExporter: { enabled: false } }));
            assert.strictEqual(p.key, "cluster-monitoring:resourceMetrics.enabled");
            assert.match(p.expected, /cluster-monitoring:metrics\.jobs\.cadvisor .* and cluster-monitoring:nodeExporter\.enabled/);
            const [q] = problemsOf(() => on({}, { metrics: { replicas: 0 } }));
            assert.deepStrictEqual([q.key, q.got], ["cluster-monitoring:resourceMetrics.enabled", true]);
            assert.match(q.expected, /cluster-monitoring:metrics\.replicas/);
            // Off, the adapter asks for nothing.
            assert.strictEqual(settingsWith({ nodeExporter: { enabled: false } }).resourceMetrics.enabled, false);
        });

        it("refuses a window in a format Prometheus 2.11 cannot parse, and zero replicas", () => {
            const keys = problemsOf(() => on({ window: "1m30s", replicas: 0 })).map((p) => p.key).sort();
            assert.deepStrictEqual(keys, ["cluster-monitoring:resourceMetrics.replicas", "cluster-monitoring:resourceMetrics.window"]);
        });

        it("two objects of one name are a collision: the adapter named like kube-state-metrics", () => {
            const problems = problemsOf(() => on({ name: "kube-state-metrics" }));
            assert.ok(problems.some((p) => p.key.includes("cluster-monitoring:resourceMetrics.name") && p.got === "kube-state-metrics"));
        });
    });

    describe("objects", () => {
        const s = on();
        const model = resourceMetricsModel(s);
        const r = s.resourceMetrics;

        it("asks Prometheus at its Service, port and route prefix", () => {
            assert.strictEqual(model.prometheusUrl, "http://monitor.monitoring.svc:9090");
            const prefixed = resourceMetricsModel(on({}, { metrics: { routePrefix: "/prometheus", name: "prom" } }));
            assert.ok(adapterArgs(prefixed).includes("--prometheus-url=http://prom.monitoring.svc:9090/prometheus"));
        });

        it("passes only flags of v0.12.0, the config file at its mount and the certificate directory at an emptyDir", () => {
            const d: any = adapterDeployment(model);
            const container = d.spec.template.spec.containers[0];
            assert.deepStrictEqual(container.args.map((a: string) => a.split("=")[0]), ["--prometheus-url", "--config", "--cert-dir", "--secure-port"]);
            const mounts = Object.fromEntries(container.volumeMounts.map((m: any) => [m.mountPath, m.name]));
            const volumes = Object.fromEntries(d.spec.template.spec.volumes.map((v: any) => [v.name, v]));
            assert.deepStrictEqual(volumes[mounts["/etc/adapter"]].configMap, { name: r.name });
            assert.ok(container.args.includes("--config=/etc/adapter/config.yaml"));
            assert.ok(Object.keys((adapterConfigMap(r) as any).data).includes("config.yaml"));
            assert.ok(container.args.includes("--cert-dir=/var/run/serving-cert"));
            assert.deepStrictEqual(volumes[mounts["/var/run/serving-cert"]].emptyDir, {});
            assert.ok(container.securityContext.readOnlyRootFilesystem);
        });

        it("meets the restricted Pod Security level", () => {
            const d: any = adapterDeployment(model);
            assert.strictEqual(podSecurityLevel(d.spec.template.spec).level, "restricted");
        });

        it("probes /livez and /readyz over HTTPS on the port the Service targets", () => {
            const d: any = adapterDeployment(model);
            const c = d.spec.template.spec.containers[0];
            assert.deepStrictEqual([c.livenessProbe.httpGet, c.readinessProbe.httpGet], [
                { path: "/livez", port: "https", scheme: "HTTPS" },
                { path: "/readyz", port: "https", scheme: "HTTPS" },
            ]);
            const svc: any = adapterService(r);
            assert.deepStrictEqual(svc.spec.ports, [{ name: "https", port: 443, targetPort: "https", protocol: "TCP" }]);
            assert.deepStrictEqual(c.ports, [{ name: "https", containerPort: 6443, protocol: "TCP" }]);
            assert.deepStrictEqual(svc.spec.selector, d.spec.template.metadata.labels);
        });

        it("registers v1beta1.metrics.k8s.io at the Service with metrics-server's priorities, a valid APIService", () => {
            const api: any = metricsApiService(r);
            assert.strictEqual(api.metadata.name, "v1beta1.metrics.k8s.io");
            assert.deepStrictEqual(api.spec, {
                group: "metrics.k8s.io",
                version: "v1beta1",
                groupPriorityMinimum: 100,
                versionPriority: 100,
                insecureSkipTLSVerify: true,
                service: { name: "prometheus-adapter", namespace: "monitoring", port: 443 },
            });
            const Model = modelClass(api.apiVersion, api.kind)!;
            assert.ok(Model, "kubernetes-models knows apiregistration.k8s.io/v1 APIService");
            new Model(api).validate();
            assert.throws(() => new Model({ ...api, spec: { ...api.spec, groupPriorityMinimum: "high" } }).validate());
        });

        it("binds the roles every aggregated API server needs, and aggregates metrics reading into view, edit and admin", () => {
            const reader: any = adapterAuthReaderBinding(r);
            assert.deepStrictEqual([reader.metadata.namespace, reader.roleRef.kind, reader.roleRef.name], ["kube-system", "Role", "extension-apiserver-authentication-reader"]);
            const delegator: any = adapterAuthDelegatorBinding(r);
            assert.deepStrictEqual([delegator.roleRef.kind, delegator.roleRef.name], ["ClusterRole", "system:auth-delegator"]);
            for (const b of [reader, delegator]) {
                assert.deepStrictEqual(b.subjects, [{ kind: "ServiceAccount", name: "prometheus-adapter", namespace: "monitoring" }]);
            }
            const aggregated: any = aggregatedMetricsReaderRole(r);
            assert.notStrictEqual(aggregated.metadata.name, "system:aggregated-metrics-reader", "metrics-server's own role stays untouched");
            for (const role of ["view", "edit", "admin"]) {
                assert.strictEqual(aggregated.metadata.labels[`rbac.authorization.k8s.io/aggregate-to-${role}`], "true");
            }
            assert.deepStrictEqual(aggregated.rules, [{ apiGroups: ["metrics.k8s.io"], resources: ["pods", "nodes"], verbs: ["get", "list", "watch"] }]);
            assert.deepStrictEqual((adapterClusterRole(r) as any).rules[0].verbs, ["get", "list", "watch"]);
        });

        it("gets a PodDisruptionBudget from two replicas on, none with one", () => {
            assert.strictEqual(adapterDisruptionBudget(r), undefined);
            const two = on({ replicas: 2 }).resourceMetrics;
            const pdb: any = adapterDisruptionBudget(two);
            assert.deepStrictEqual(pdb.spec, { maxUnavailable: 1, selector: { matchLabels: (adapterDeployment(resourceMetricsModel(on({ replicas: 2 }))) as any).spec.selector.matchLabels } });
            assert.strictEqual((adapterDeployment(resourceMetricsModel(on({ replicas: 2 }))) as any).spec.replicas, 2);
        });

        it("rolls its pods when the rules change", () => {
            const a: any = adapterDeployment(model);
            const b: any = adapterDeployment(resourceMetricsModel(on({ window: "5m" })));
            assert.notStrictEqual(a.spec.template.metadata.annotations["checksum/config"], b.spec.template.metadata.annotations["checksum/config"]);
        });

        it("the component registers exactly its objects, the APIService last, and lists each in object-names", async () => {
            const resources = await captureResources(() => new ResourceMetrics("resource-metrics", { model: resourceMetricsModel(on({ replicas: 2 })), namespaces: EXISTING_NAMESPACES }));
            const kube = resources.filter((x) => x.type.startsWith("kubernetes:"));
            assert.deepStrictEqual(kube.map((x) => x.type).sort(), [
                "kubernetes:apiregistration.k8s.io/v1:APIService",
                "kubernetes:apps/v1:Deployment",
                "kubernetes:core/v1:ConfigMap",
                "kubernetes:core/v1:Service",
                "kubernetes:core/v1:ServiceAccount",
                "kubernetes:policy/v1:PodDisruptionBudget",
                "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
                "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
                "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
                "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
                "kubernetes:rbac.authorization.k8s.io/v1:RoleBinding",
            ]);
            assert.strictEqual(kube[kube.length - 1].type, "kubernetes:apiregistration.k8s.io/v1:APIService");
            // Its NetworkPolicy is named after it but registered by the NetworkPolicies component.
            const named = programObjects(on({ replicas: 2 })).filter((o) => o.key.startsWith("cluster-monitoring:resourceMetrics") && o.kind !== "NetworkPolicy");
            const id = (kind: string, name: string, namespace?: string) => `${kind}/${namespace ?? ""}/${name}`;
            assert.deepStrictEqual(
                named.map((o) => id(o.kind, o.name, o.namespace)).sort(),
                kube.map((x) => id(x.inputs.kind, x.inputs.metadata.name, x.inputs.metadata.namespace)).sort(),
            );
        });
    });

    describe("rules", () => {
        it("map our series' namespace, pod and node labels to their resources and name containers by container", () => {
            const config = parse((adapterConfigMap(on().resourceMetrics) as any).data["config.yaml"]);
            assert.deepStrictEqual(Object.keys(config), ["resourceRules"]);
            for (const rule of [config.resourceRules.cpu, config.resourceRules.memory]) {
                assert.deepStrictEqual(rule.resources.overrides, { namespace: { resource: "namespace" }, pod: { resource: "pod" }, node: { resource: "node" } });
                assert.strictEqual(rule.containerLabel, "container");
            }
            assert.strictEqual(config.resourceRules.window, "2m");
            // v0.12.0 loads the file with UnmarshalStrict: a key its structs lack stops it at start.
            assert.deepStrictEqual(Object.keys(config.resourceRules), ["cpu", "memory", "window"]);
            for (const rule of [config.resourceRules.cpu, config.resourceRules.memory]) {
                assert.deepStrictEqual(Object.keys(rule).sort(), ["containerLabel", "containerQuery", "nodeQuery", "resources"]);
            }
            assert.match(config.resourceRules.cpu.containerQuery, /\[2m\]/);
        });

        for (const [name, template, kind] of templates()) {
            it(`${name}, filled in as the adapter fills it, parses and uses only what Prometheus v2.11.1 evaluates`, () => {
                for (const names of [["a"], ["a", "b"]]) {
                    const query = fillAdapterTemplate(template, { kind, namespace: "shop", names });
                    const analysis = analyzePromql(query);
                    assert.deepStrictEqual(analysis.problems, [], query);
                    assert.ok(analysis.functions.every((f) => FUNCTIONS_2_11.has(f)));
                    assert.ok(analysis.aggregations.length > 0);
                }
            });
        }

        it("docs/resource-metrics.md shows each query as the default config holds it", () => {
            const page = fs.readFileSync(path.join(__dirname, "..", "docs", "resource-metrics.md"), "utf8");
            for (const [name, template] of templates()) {
                assert.ok(page.includes(`\`${template}\``), `${name} is not in the docs: ${template}`);
            }
        });

        it("the v2.11.1 check catches a function the deployed Prometheus lacks", () => {
            const doctored = fillAdapterTemplate(resourceRules({ window: "2m" }).cpu.containerQuery.replace("rate(", "present_over_time("), { kind: "pods", namespace: "shop", names: ["a"] });
            assert.notDeepStrictEqual(analyzePromql(doctored).problems, []);
        });

        it("read only families that the cadvisor and node-exporter jobs keep", () => {
            const metrics = new Set<string>();
            for (const [, template, kind] of templates()) {
                for (const sel of analyzePromql(fillAdapterTemplate(template, { kind, namespace: "shop", names: ["a"] })).selectors) {
                    metrics.add(sel.metric!);
                }
            }
            assert.deepStrictEqual([...metrics].sort(), [
                "container_cpu_usage_seconds_total",
                "container_memory_working_set_bytes",
                "node_cpu_seconds_total",
                "node_memory_MemAvailable_bytes",
                "node_memory_MemTotal_bytes",
            ]);
            for (const m of metrics) {
                assert.ok(!CADVISOR_FAMILIES.some((f) => f.name === m && !f.keep), `${m} is dropped by the cadvisor job`);
                assert.ok(!NODE_EXPORTER_FAMILIES.some((f) => !f.keep && matchesFamily(f, m)), `${m} is dropped by the node-exporter job`);
            }
            // The root cgroup that upstream's example reads for nodes never reaches storage here.
            const rules = cadvisorJob(settingsWith().metrics).metric_relabel_configs!;
            assert.ok(rules.some((rule) => rule.action === "drop" && rule.regex === ".+;;"));
        });
    });
});
