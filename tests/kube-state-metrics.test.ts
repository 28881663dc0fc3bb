import * as assert from "assert";
import { KubeStateMetrics } from "../components/kube-state-metrics";
import { kubeStateMetricsArgs, kubeStateMetricsDeployment } from "../components/kube-state-metrics/deployment";
import { kubeStateMetricsClusterRole } from "../components/kube-state-metrics/rbac";
import { kubeStateMetricsService } from "../components/kube-state-metrics/service";
import { rbacProxyArgProblems } from "../components/rbac-proxy/flags";
import { scrapeJobs } from "../stack/scrape-jobs";
import { ConfigError, KUBE_STATE_METRICS_DOCUMENTED_DEFAULT, KUBE_STATE_METRICS_RESOURCES } from "../config";
import { podSecurityLevel } from "../validate/pod-security";
import { captureResources } from "./harness/pulumi-mocks";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { runProgram } from "./harness/program";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

function configError(kubeStateMetrics: Record<string, unknown>): ConfigError {
    try {
        settingsWith({ kubeStateMetrics });
    } catch (e) {
        if (e instanceof ConfigError) return e;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

/** resource -> verbs, flattened from a ClusterRole's rules. */
function grants(role: any): Record<string, string> {
    const out: Record<string, string> = {};
    for (const rule of role.rules) {
        for (const r of rule.resources) out[`${rule.apiGroups[0] || "core"}/${r}`] = rule.verbs.join(",");
    }
    return out;
}

describe("kube-state-metrics (docs/kube-state-metrics.md)", () => {
    it("is on by default, in the metrics namespace, with the current release", () => {
        const k = settingsWith().kubeStateMetrics;
        assert.deepStrictEqual([k.enabled, k.namespace, k.image], [true, "monitoring", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.20.0"]);
    });

    it("exposes v2.20.0's documented default resources except secrets, and its ClusterRole lists and watches exactly those", () => {
        const k = settingsWith().kubeStateMetrics;
        assert.deepStrictEqual([...k.exposedResources].sort(), KUBE_STATE_METRICS_DOCUMENTED_DEFAULT.filter((r) => r !== "secrets").sort());
        const expected = Object.fromEntries(k.exposedResources.map((r) => [`${KUBE_STATE_METRICS_RESOURCES[r] || "core"}/${r}`, "list,watch"]));
        assert.deepStrictEqual(grants(kubeStateMetricsClusterRole(k)), expected);
        assert.ok(kubeStateMetricsArgs(k).includes(`--resources=${k.exposedResources.join(",")}`));
    });

    it("a resource switched off is no longer readable; one added back is", () => {
        const k = settingsWith({ kubeStateMetrics: { exposedResources: ["pods", "nodes", "secrets", "deployments"] } }).kubeStateMetrics;
        assert.deepStrictEqual(grants(kubeStateMetricsClusterRole(k)), {
            "core/nodes": "list,watch",
            "core/pods": "list,watch",
            "core/secrets": "list,watch",
            "apps/deployments": "list,watch",
        });
    });

    it("refuses an unknown resource, and allow and deny lists together, naming the key", () => {
        assert.match(configError({ exposedResources: ["pods", "widgets"] }).message, /cluster-monitoring:kubeStateMetrics\.exposedResources\[1\]: got "widgets", expected a resource kube-state-metrics v2\.20\.0 exposes/);
        assert.match(
            configError({ metricAllowlist: ["kube_pod_.*"], metricDenylist: ["kube_secret_.*"] }).message,
            /cluster-monitoring:kubeStateMetrics\.metricDenylist: got \["kube_secret_\.\*"\], expected no denylist together with metricAllowlist/,
        );
        assert.match(configError({ metricDenylist: ["a,b"] }).message, /metricDenylist\[0\]: got "a,b", expected one metric name or regex per entry/);
    });

    it("passes the metric lists as flags", () => {
        const k = settingsWith({ kubeStateMetrics: { metricDenylist: ["kube_pod_tolerations", "kube_replicaset_.*"] } }).kubeStateMetrics;
        assert.ok(kubeStateMetricsArgs(k).includes("--metric-denylist=kube_pod_tolerations,kube_replicaset_.*"));
        assert.ok(!kubeStateMetricsArgs(k).some((a) => a.startsWith("--metric-allowlist")));
    });

    it("serves the claim label excluded_from_alerts, which the claim-level alerts read, while it exposes claims", () => {
        const flag = "--metric-labels-allowlist=persistentvolumeclaims=[excluded_from_alerts]";
        const k = settingsWith().kubeStateMetrics;
        assert.ok(kubeStateMetricsArgs(k).includes(flag), kubeStateMetricsArgs(k).join(" "));
        const withoutClaims = { ...k, exposedResources: k.exposedResources.filter((r) => r !== "persistentvolumeclaims") };
        assert.ok(!kubeStateMetricsArgs(withoutClaims).some((a) => a.startsWith("--metric-labels-allowlist")));
    });

    it("meets the restricted Pod Security level: non-root, read-only, no capabilities, RuntimeDefault", () => {
        const spec = (kubeStateMetricsDeployment(settingsWith().kubeStateMetrics).spec as any).template.spec;
        const result = podSecurityLevel(spec);
        assert.strictEqual(result.level, "restricted", JSON.stringify(result.violations));
        assert.strictEqual(spec.containers[0].securityContext.readOnlyRootFilesystem, true);
        assert.strictEqual(spec.serviceAccountName, "kube-state-metrics");
    });

    it("its Service selects its pods and serves only the two proxies' ports", () => {
        const k = settingsWith().kubeStateMetrics;
        const service = kubeStateMetricsService(k).spec as any;
        const pods = (kubeStateMetricsDeployment(k).spec as any).template.metadata.labels;
        assert.ok(Object.entries(service.selector).every(([key, v]) => pods[key] === v));
        assert.deepStrictEqual(service.ports.map((p: any) => [p.name, p.port]), [["https-metrics", 8443], ["https-telemetry", 9443]]);
    });

    it("both of its servers listen on 127.0.0.1 only, each behind a kube-rbac-proxy; the probes go through the telemetry proxy", () => {
        const k = settingsWith().kubeStateMetrics;
        const [exporter, objects, telemetry] = (kubeStateMetricsDeployment(k).spec as any).template.spec.containers;
        assert.ok(kubeStateMetricsArgs(k).includes("--host=127.0.0.1") && kubeStateMetricsArgs(k).includes("--telemetry-host=127.0.0.1"));
        assert.strictEqual(exporter.ports, undefined, "nothing of the exporter itself on the pod IP");
        assert.deepStrictEqual([objects.name, telemetry.name], ["kube-rbac-proxy", "kube-rbac-proxy-telemetry"]);
        assert.ok(objects.args.includes("--upstream=http://127.0.0.1:8080/") && objects.args.includes("--allow-paths=/metrics"));
        // Only /readyz without a token: the kubelet's probes carry none.
        assert.ok(telemetry.args.includes("--upstream=http://127.0.0.1:8081/") && telemetry.args.includes("--ignore-paths=/readyz"));
        assert.ok(!telemetry.args.some((a: string) => a.startsWith("--allow-paths")));
        assert.deepStrictEqual([...rbacProxyArgProblems(objects.args), ...rbacProxyArgProblems(telemetry.args)], []);
        assert.deepStrictEqual(telemetry.ports, [{ name: "https-telemetry", containerPort: 9443, protocol: "TCP" }]);
        for (const probe of [exporter.readinessProbe, exporter.livenessProbe]) {
            assert.deepStrictEqual(probe.httpGet, { path: "/readyz", port: 9443, scheme: "HTTPS" });
        }
    });

    it("its telemetry is scraped as its own job, authorised like the object metrics", () => {
        const jobs = scrapeJobs(settingsWith());
        const objects = jobs.find((j) => j.job_name === "kube-state-metrics")!;
        const telemetry = jobs.find((j) => j.job_name === "kube-state-metrics-telemetry")!;
        assert.deepStrictEqual([telemetry.scheme, telemetry.bearer_token_file, telemetry.tls_config], [objects.scheme, objects.bearer_token_file, objects.tls_config]);
        assert.strictEqual(telemetry.scheme, "https");
        assert.ok(JSON.stringify(telemetry.relabel_configs).includes("https-telemetry"));
        assert.ok(!JSON.stringify(objects.relabel_configs).includes("https-telemetry"));
        assert.strictEqual(telemetry.honor_labels, undefined, "its series describe the exporter: the target's labels win");
        const off = settingsWith({ kubeStateMetrics: { enabled: false } });
        assert.ok(!scrapeJobs(off).some((j) => j.job_name === "kube-state-metrics-telemetry"));
    });

    it("is scraped with honor_labels, and switched off takes its job, RBAC and objects with it", async () => {
        const on = scrapeJobs(settingsWith()).find((j) => j.job_name === "kube-state-metrics");
        assert.strictEqual(on?.honor_labels, true);
        const off = settingsWith({ kubeStateMetrics: { enabled: false } });
        assert.ok(!scrapeJobs(off).some((j) => j.job_name === "kube-state-metrics"));
        // Through the program, on and off: the objects and RBAC it registers for kube-state-metrics,
        // read from the render (each named after it), go with the switch; nothing else changes.
        const objects = async (config: Record<string, unknown>) =>
            kubernetesObjects((await runProgram(config)).resources).map((o) => `${o.kind} ${o.metadata?.namespace ?? ""}/${o.metadata?.name}`);
        const rendered = { on: await objects(requiredConfig()), off: await objects({ ...requiredConfig(), kubeStateMetrics: { enabled: false } }) };
        const own = (o: string) => o.includes("kube-state-metrics");
        assert.deepStrictEqual(rendered.on.filter(own).map((o) => o.split(" ")[0]).sort(), ["ClusterRole", "ClusterRole", "ClusterRoleBinding", "ClusterRoleBinding", "Deployment", "NetworkPolicy", "Service", "ServiceAccount"]);
        assert.deepStrictEqual(rendered.off.filter(own), []);
        const objectsBesides = (list: string[]) => list.filter((o) => !own(o) && !/^(ConfigMap|StatefulSet) /.test(o));
        assert.deepStrictEqual(objectsBesides(rendered.off), objectsBesides(rendered.on), "switching it off takes only its own objects (and its job and rules from Prometheus' config)");
        const resources = await captureResources(() => new KubeStateMetrics("kube-state-metrics", { settings: settingsWith().kubeStateMetrics, namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(resources.map((r) => r.type).sort(), [
            "cluster-monitoring:monitoring:KubeStateMetrics",
            "kubernetes:apps/v1:Deployment",
            "kubernetes:core/v1:Service",
            "kubernetes:core/v1:ServiceAccount",
            // Its own role and kube-rbac-proxy's, each with its binding.
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
        ]);
    });
});
