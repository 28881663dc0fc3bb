import * as assert from "assert";
import { scrapeJobs } from "../stack/scrape-jobs";
import { kubeStateMetricsDeployment } from "../components/kube-state-metrics/deployment";
import { nodeExporterDaemonSet } from "../components/node-exporter/daemonset";
import { rbacProxyArgProblems, rbacProxyClusterRole } from "../components/rbac-proxy";
import { ConfigError } from "../config";
import { RBAC_PROXY_DEFAULTS } from "../config/rbac-proxy";
import { renderedObjects, STACKS } from "./harness/rendered-stacks";
import { settingsWith } from "./harness/stack-config";
import { podSecurityLevel } from "../validate/pod-security";

/**
 * kube-rbac-proxy cannot run here (no binary, no API server), so its arguments are checked
 * against the flags its README documents for the pinned line (components/rbac-proxy/flags.ts).
 */
describe("kube-rbac-proxy in front of node-exporter and kube-state-metrics (docs/security.md#authenticated-exporters)", () => {
    const s = settingsWith();
    const proxies = [
        ["node-exporter", (nodeExporterDaemonSet(s.nodeExporter).spec as any).template.spec],
        ["kube-state-metrics", (kubeStateMetricsDeployment(s.kubeStateMetrics).spec as any).template.spec],
    ] as const;

    for (const [workload, pod] of proxies) {
        it(`${workload}: the proxy's arguments are documented flags of the pinned release, with values`, () => {
            const proxy = pod.containers.find((c: any) => c.name === "kube-rbac-proxy");
            assert.ok(proxy, `${workload} has a kube-rbac-proxy container`);
            assert.strictEqual(proxy.image, RBAC_PROXY_DEFAULTS.image);
            assert.deepStrictEqual(rbacProxyArgProblems(proxy.args), []);
            assert.ok(proxy.args.includes("--allow-paths=/metrics"), "only /metrics is proxied");
        });

        it(`${workload}: the proxy alone meets the restricted Pod Security level`, () => {
            const proxy = pod.containers.find((c: any) => c.name === "kube-rbac-proxy");
            const level = podSecurityLevel({ securityContext: { seccompProfile: { type: "RuntimeDefault" } }, containers: [proxy] });
            assert.strictEqual(level.level, "restricted", JSON.stringify(level.violations));
        });

        it(`${workload}: the exporter answers on 127.0.0.1 only, and the pod mounts the token the proxy needs`, () => {
            const exporter = pod.containers.find((c: any) => c.name !== "kube-rbac-proxy");
            assert.ok(exporter.args.some((a: string) => /^--(web\.listen-address|host)=127\.0\.0\.1/.test(a)), exporter.args.join(" "));
            assert.notStrictEqual(pod.automountServiceAccountToken, false);
        });
    }

    /** host:port of a container's metrics listener, as its own arguments declare it. */
    function listener(args: readonly string[]): string | undefined {
        const flag = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
        return flag("--web.listen-address") ?? (flag("--host") !== undefined && flag("--port") !== undefined ? `${flag("--host")}:${flag("--port")}` : undefined);
    }

    /** What is wrong with the proxy's --upstream: it must be the exporter's own metrics listener, and no other port of the exporter. */
    function upstreamProblem(pod: any): string | undefined {
        const proxy = pod.containers.find((c: any) => c.name === "kube-rbac-proxy");
        const exporter = pod.containers.find((c: any) => c.name !== "kube-rbac-proxy");
        const upstream = /^--upstream=http:\/\/([^/]+)\/$/.exec(proxy.args.find((a: string) => a.startsWith("--upstream=")) ?? "")?.[1];
        const own = listener(exporter.args);
        if (own === undefined) {
            return `the exporter declares no listener: ${exporter.args.join(" ")}`;
        }
        const otherPorts = [
            ...(exporter.ports ?? []).map((p: any) => String(p.containerPort)),
            ...exporter.args.filter((a: string) => /^--telemetry-port=/.test(a)).map((a: string) => a.split("=")[1]),
        ];
        if (otherPorts.includes(own.split(":").pop())) {
            return `the metrics listener ${own} is another port of the exporter too (${otherPorts.join(", ")})`;
        }
        return upstream === own ? undefined : `the proxy forwards to ${upstream}, the exporter listens for metrics on ${own}`;
    }

    for (const [workload, pod] of proxies) {
        it(`${workload}: the proxy forwards to the exporter's own metrics listener, read from the exporter's arguments, and to no other of its ports`, () => {
            assert.strictEqual(upstreamProblem(pod), undefined);
        });
    }

    it("the upstream check catches kube-state-metrics' proxy pointed at the telemetry port", () => {
        const pod = structuredClone((kubeStateMetricsDeployment(s.kubeStateMetrics).spec as any).template.spec);
        const exporter = pod.containers.find((c: any) => c.name !== "kube-rbac-proxy");
        const proxy = pod.containers.find((c: any) => c.name === "kube-rbac-proxy");
        const telemetry = exporter.args.find((a: string) => a.startsWith("--telemetry-port=")).split("=")[1];
        proxy.args = proxy.args.map((a: string) => (a.startsWith("--upstream=") ? `--upstream=http://127.0.0.1:${telemetry}/` : a));
        assert.match(upstreamProblem(pod) ?? "", /forwards to 127\.0\.0\.1:\d+, the exporter listens for metrics on 127\.0\.0\.1:/);
    });

    it("takes its image and resources from each exporter's rbacProxy setting, and refuses a bad one naming the key", () => {
        const proxy = { image: "registry.example.com/kube-rbac-proxy:v0.21.1", resources: { cpuRequest: "5m", memoryRequest: "32Mi", memoryLimit: "64Mi" } };
        const t = settingsWith({ nodeExporter: { rbacProxy: proxy }, kubeStateMetrics: { rbacProxy: { image: proxy.image } } });
        const ne = (nodeExporterDaemonSet(t.nodeExporter).spec as any).template.spec.containers.find((c: any) => c.name === "kube-rbac-proxy");
        const ksm = (kubeStateMetricsDeployment(t.kubeStateMetrics).spec as any).template.spec.containers.find((c: any) => c.name === "kube-rbac-proxy");
        assert.strictEqual(ne.image, proxy.image);
        // Unset fields keep their defaults, as every resources setting does (the default CPU limit here).
        assert.deepStrictEqual(ne.resources, { requests: { cpu: "5m", memory: "32Mi" }, limits: { cpu: "20m", memory: "64Mi" } });
        assert.strictEqual(ksm.image, proxy.image);
        assert.deepStrictEqual(ksm.resources, { requests: { cpu: "10m", memory: "20Mi" }, limits: { cpu: "20m", memory: "40Mi" } });
        assert.throws(
            () => settingsWith({ nodeExporter: { rbacProxy: { image: "not an image" } } }),
            (e: unknown) => e instanceof ConfigError && /cluster-monitoring:nodeExporter\.rbacProxy\.image: got "not an image"/.test(e.message),
        );
    });

    it("the flag check fails on an unknown flag, a deprecated one, a missing value and a missing listener", () => {
        assert.match(rbacProxyArgProblems(["--upstream=http://127.0.0.1:1/", "--secure-listen-address=:1", "--listen=:2"]).join(), /no flag --listen/);
        assert.match(rbacProxyArgProblems(["--upstream=http://127.0.0.1:1/", "--secure-listen-address=:1", "--logtostderr=true"]).join(), /deprecated/);
        assert.match(rbacProxyArgProblems(["--upstream=", "--secure-listen-address=:1"]).join(), /--upstream takes a string value/);
        assert.match(rbacProxyArgProblems(["--upstream=http://127.0.0.1:1/", "--insecure-listen-address=:1"]).join(), /--secure-listen-address is required/);
        assert.match(rbacProxyArgProblems(["--upstream=http://127.0.0.1:1/", "--secure-listen-address=:1", "--allow-paths=/a", "--ignore-paths=/b"]).join(), /cannot be used together/);
    });

    it("Prometheus scrapes both over https with its ServiceAccount token", () => {
        for (const name of ["node-exporter", "kube-state-metrics"]) {
            const job = scrapeJobs(s).find((j) => j.job_name === name)!;
            assert.strictEqual(job.scheme, "https", name);
            assert.strictEqual(job.bearer_token_file, "/var/run/secrets/kubernetes.io/serviceaccount/token", name);
            assert.deepStrictEqual(job.tls_config, { insecure_skip_verify: true }, name);
        }
    });

    it("the proxies' ClusterRole creates TokenReviews and SubjectAccessReviews and nothing else", () => {
        assert.deepStrictEqual(rbacProxyClusterRole("x").rules, [
            { apiGroups: ["authentication.k8s.io"], resources: ["tokenreviews"], verbs: ["create"] },
            { apiGroups: ["authorization.k8s.io"], resources: ["subjectaccessreviews"], verbs: ["create"] },
        ]);
    });

    for (const stack of STACKS) {
        it(`stack ${stack}: each proxy's ClusterRole is bound to its workload's ServiceAccount, and Prometheus may get /metrics`, async () => {
            const objects: any[] = await renderedObjects(stack);
            for (const workload of objects.filter((o) => ["DaemonSet", "Deployment"].includes(o.kind) && o.spec.template.spec.containers.some((c: any) => c.name === "kube-rbac-proxy"))) {
                const sa = workload.spec.template.spec.serviceAccountName;
                const binding = objects.find((o) => o.kind === "ClusterRoleBinding" && o.roleRef.name === `${workload.metadata.name}-rbac-proxy`);
                assert.ok(binding, `a binding of ${workload.metadata.name}-rbac-proxy`);
                assert.deepStrictEqual(binding.subjects, [{ kind: "ServiceAccount", name: sa, namespace: workload.metadata.namespace }]);
            }
            const prometheusRole = objects.find((o) => o.kind === "ClusterRole" && o.metadata.name === "monitor-main");
            assert.ok(prometheusRole.rules.some((r: any) => (r.nonResourceURLs ?? []).includes("/metrics") && r.verbs.includes("get")));
        });
    }
});
