import * as assert from "assert";
import { KUBE_PROMETHEUS_RULE_EXPRS } from "../scripts/bench/kube-prometheus-rule-exprs";
import { kubePrometheusReaders, kubePrometheusReadsSeries } from "../scripts/bench/kube-prometheus-readers";

/**
 * bench:ingest's "at full coverage of kube-prometheus' questions" (issue #47) counts the series
 * kube-prometheus' rules and dashboards read: the restated rules must all parse and be rewritten
 * for our job names, and a series counts as read only when a selector's name, job and other
 * matchers all admit it.
 */
describe("kube-prometheus' questions, as bench:ingest reads them", () => {
    it("every restated rule and dashboard query parses, and no rule still names the kubelet's metrics_path", () => {
        assert.deepStrictEqual(kubePrometheusReaders().unparsed, []);
        assert.ok(KUBE_PROMETHEUS_RULE_EXPRS.some((r) => r.kind === "alert" && r.name === "KubeletPlegDurationHigh"));
        assert.deepStrictEqual(KUBE_PROMETHEUS_RULE_EXPRS.filter((r) => /metrics_path\s*=/.test(r.expr)).map((r) => r.name), []);
    });

    it("a series is read only when a selector's name, job and matchers admit it", () => {
        assert.strictEqual(kubePrometheusReadsSeries("node-exporter", "node_cpu_seconds_total", { cpu: "0", mode: "idle" }), true);
        assert.strictEqual(kubePrometheusReadsSeries("kubelet", "kubelet_running_pods", {}), true);
        assert.strictEqual(kubePrometheusReadsSeries("apiserver", "kubelet_running_pods", {}), false, "its readers name job kubelet");
        assert.strictEqual(kubePrometheusReadsSeries("kubelet", "kubelet_pleg_relist_duration_seconds_bucket", { le: "0.005" }), true);
        assert.strictEqual(kubePrometheusReadsSeries("cadvisor", "container_cpu_load_d_average_10s", { container: "api" }), false);
        // CPUThrottlingHigh reads container!="" only: a pod-level cgroup's series is not read by it.
        assert.strictEqual(kubePrometheusReadsSeries("cadvisor", "container_cpu_cfs_throttled_periods_total", { container: "", pod: "p", namespace: "n", image: "", id: "/kubepods/p" }), false);
        assert.strictEqual(kubePrometheusReadsSeries("cadvisor", "container_cpu_cfs_throttled_periods_total", { container: "api", pod: "p", namespace: "n", image: "i", id: "/kubepods/p/c" }), true);
    });
});
