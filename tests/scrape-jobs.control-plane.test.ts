import * as assert from "assert";
import { parse } from "yaml";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { settingsWith } from "./harness/stack-config";

const TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token";

function jobs(overrides: Record<string, Record<string, unknown>> = {}): Map<string, any> {
    const config = parse(generatedPrometheusFiles(settingsWith(overrides)).prometheusYml);
    return new Map(config.scrape_configs.map((j: any) => [j.job_name, j]));
}

describe("control-plane scrape job builders", () => {
    const all = jobs();

    it("scheduler and controller manager: pod discovery in kube-system, https with the ServiceAccount token, their self-signed certificates not verified", () => {
        for (const [job, port, component] of [["kube-scheduler", 10259, "kube-scheduler"], ["kube-controller-manager", 10257, "kube-controller-manager"]] as const) {
            const j = all.get(job);
            assert.deepStrictEqual(j.kubernetes_sd_configs, [{ role: "pod", namespaces: { names: ["kube-system"] } }]);
            assert.deepStrictEqual([j.scheme, j.bearer_token_file, j.tls_config], ["https", TOKEN, { insecure_skip_verify: true }]);
            assert.deepStrictEqual(j.relabel_configs[0], { action: "keep", source_labels: ["__meta_kubernetes_pod_label_component"], regex: component });
            assert.ok(j.relabel_configs.some((r: any) => r.target_label === "__address__" && r.replacement === `\${1}:${port}`));
        }
    });

    it("kube-proxy: node discovery, plain http at the node's InternalIP and the configured port", () => {
        const j = jobs({ controlPlane: { kubeProxy: { port: 10300 } } }).get("kube-proxy");
        assert.deepStrictEqual(j.kubernetes_sd_configs, [{ role: "node" }]);
        assert.strictEqual(j.scheme, undefined);
        assert.strictEqual(j.bearer_token_file, undefined);
        // One rule for an IPv4 address, one that brackets an IPv6 one.
        assert.deepStrictEqual(j.relabel_configs.slice(0, 2), [
            { action: "replace", source_labels: ["__meta_kubernetes_node_address_InternalIP"], regex: "([^:]+)", replacement: "${1}:10300", target_label: "__address__" },
            { action: "replace", source_labels: ["__meta_kubernetes_node_address_InternalIP"], regex: "(.+:.+)", replacement: "[${1}]:10300", target_label: "__address__" },
        ]);
    });

    it("coredns: endpoints of the configured Service and port, no credentials", () => {
        const j = jobs({ controlPlane: { coreDns: { serviceName: "coredns", namespace: "dns", port: 9253 } } }).get("coredns");
        assert.deepStrictEqual(j.kubernetes_sd_configs, [{ role: "endpoints", namespaces: { names: ["dns"] } }]);
        assert.deepStrictEqual(j.relabel_configs.slice(0, 2), [
            { action: "keep", source_labels: ["__meta_kubernetes_service_name"], regex: "coredns" },
            { action: "keep", source_labels: ["__address__"], regex: ".*:9253" },
        ]);
        assert.strictEqual(j.bearer_token_file, undefined);
    });

    it("a scheduler with other pod labels is found by them", () => {
        const j = jobs({ controlPlane: { scheduler: { podLabels: { "k8s-app": "scheduler" } } } }).get("kube-scheduler");
        assert.deepStrictEqual(j.relabel_configs[0], { action: "keep", source_labels: ["__meta_kubernetes_pod_label_k8s_app"], regex: "scheduler" });
    });

    it("the discovery namespace of a moved CoreDNS gets its Role through the auto-RBAC", async () => {
        // The namespaces Prometheus' discovery Roles are made for, from the fold it is built with.
        const { discoveryNamespaces: ofFold } = await import("../components/prometheus/discovery");
        const { foldOf } = await import("../stack/fold");
        const discoveryNamespaces = (s: ReturnType<typeof settingsWith>) => ofFold(s.metrics, foldOf(s).scrapeConfigs, foldOf(s).alertmanager);
        assert.ok(discoveryNamespaces(settingsWith({ controlPlane: { coreDns: { namespace: "dns" } } })).includes("dns"));
        assert.ok(!discoveryNamespaces(settingsWith()).includes("dns"));
    });
});
