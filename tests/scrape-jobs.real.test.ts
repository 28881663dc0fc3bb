import * as assert from "assert";
import { discoveredTarget } from "./harness/generated-config";
import { PrometheusProcess } from "./harness/prometheus";
import { prometheusWithTargets } from "./harness/sandboxed-jobs";
import { settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";

/**
 * Every job's relabeling on a real Prometheus: file_sd feeds each job the meta labels that its
 * Kubernetes discovery role would produce, and /api/v1/targets shows what survives. The
 * addresses are loopback ports nothing serves; only the labels matter. The endpoint targets are
 * written as role endpoints labels them; on the modern release lines the sandbox hands them to
 * the endpointslice jobs as role endpointslice labels them, and the same targets must survive.
 */
const node = (address: string, name: string) =>
    discoveredTarget(address, {
        node_name: name,
        node_label_kubernetes_io_hostname: name,
        node_address_InternalIP: address.split(":")[0],
    });

const endpoint = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { endpoint_ready: "true", endpoint_port_protocol: "TCP", ...meta });

const pod = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { pod_ready: "true", pod_phase: "Running", pod_node_name: "node-1", ...meta });

const TARGETS: Record<string, ReturnType<typeof discoveredTarget>[]> = {
    kubelet: [node("127.0.1.1:10250", "node-1"), node("127.0.1.2:10250", "node-2")],
    cadvisor: [node("127.0.1.1:10250", "node-1")],
    apiserver: [
        endpoint("127.0.2.1:6443", { namespace: "default", service_name: "kubernetes", endpoint_port_name: "https" }),
        endpoint("127.0.2.2:8080", { namespace: "default", service_name: "web", endpoint_port_name: "https" }),
        endpoint("127.0.2.3:6443", { namespace: "default", service_name: "kubernetes", endpoint_port_name: "metrics" }),
    ],
    etcd: [
        endpoint("127.0.3.1:2379", { namespace: "kube-system", service_name: "kube-etcd", endpoint_port_name: "metrics" }),
        endpoint("127.0.3.2:53", { namespace: "kube-system", service_name: "kube-dns", endpoint_port_name: "metrics" }),
    ],
    "log-agent": [
        pod("127.0.4.1:24231", {
            namespace: "kube-system",
            pod_name: "fluentd-es-v2.7.0-abcde",
            pod_label_k8s_app: "fluentd-es",
            pod_label_version: "v2.7.0",
            pod_container_name: "fluentd-es",
            pod_container_port_name: "metrics",
        }),
        pod("127.0.4.1:24224", {
            namespace: "kube-system",
            pod_name: "fluentd-es-v2.7.0-abcde",
            pod_label_k8s_app: "fluentd-es",
            pod_label_version: "v2.7.0",
            pod_container_name: "fluentd-es",
            pod_container_port_name: "forward",
        }),
        pod("127.0.4.2:9153", {
            namespace: "kube-system",
            pod_name: "coredns-1",
            pod_label_k8s_app: "kube-dns",
            pod_container_name: "coredns",
            pod_container_port_name: "metrics",
        }),
    ],
    "node-exporter": [
        pod("127.0.6.1:9100", {
            namespace: "kube-system",
            pod_name: "node-exporter-a1b2c",
            pod_node_name: "node-1",
            pod_label_app_kubernetes_io_name: "node-exporter",
            pod_label_app_kubernetes_io_component: "exporter",
            pod_container_name: "node-exporter",
            pod_container_port_name: "metrics",
        }),
        pod("127.0.6.2:9100", {
            namespace: "kube-system",
            pod_name: "node-exporter-d3e4f",
            pod_node_name: "control-plane-1",
            pod_label_app_kubernetes_io_name: "node-exporter",
            pod_label_app_kubernetes_io_component: "exporter",
            pod_container_name: "node-exporter",
            pod_container_port_name: "metrics",
        }),
        // Another hostNetwork exporter in kube-system (the app label differs) and a fluentd port.
        pod("127.0.6.3:9100", {
            namespace: "kube-system",
            pod_name: "other-exporter-x",
            pod_label_app_kubernetes_io_name: "other-exporter",
            pod_label_app_kubernetes_io_component: "exporter",
            pod_container_port_name: "metrics",
        }),
        pod("127.0.6.1:24231", {
            namespace: "kube-system",
            pod_name: "fluentd-es-v2.7.0-abcde",
            pod_label_k8s_app: "fluentd-es",
            pod_container_port_name: "metrics",
        }),
    ],
    "kube-state-metrics": [
        endpoint("127.0.7.1:8443", {
            namespace: "monitoring",
            service_name: "kube-state-metrics",
            endpoint_port_name: "https-metrics",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "kube-state-metrics-6d4b9c7f9-x2x7q",
            pod_name: "kube-state-metrics-6d4b9c7f9-x2x7q",
            pod_node_name: "node-2",
        }),
        endpoint("127.0.7.1:9443", {
            namespace: "monitoring",
            service_name: "kube-state-metrics",
            endpoint_port_name: "https-telemetry",
            pod_name: "kube-state-metrics-6d4b9c7f9-x2x7q",
        }),
        endpoint("127.0.7.2:9090", { namespace: "monitoring", service_name: "monitor", endpoint_port_name: "web", pod_name: "monitor-0" }),
    ],
    // The same endpoints: this job keeps the telemetry proxy's port, and only that.
    "kube-state-metrics-telemetry": [
        endpoint("127.0.7.1:8443", {
            namespace: "monitoring",
            service_name: "kube-state-metrics",
            endpoint_port_name: "https-metrics",
            pod_name: "kube-state-metrics-6d4b9c7f9-x2x7q",
        }),
        endpoint("127.0.7.1:9443", {
            namespace: "monitoring",
            service_name: "kube-state-metrics",
            endpoint_port_name: "https-telemetry",
            pod_name: "kube-state-metrics-6d4b9c7f9-x2x7q",
        }),
        endpoint("127.0.7.2:9090", { namespace: "monitoring", service_name: "monitor", endpoint_port_name: "web", pod_name: "monitor-0" }),
    ],
    monitor: [
        endpoint("127.0.8.1:9090", {
            namespace: "monitoring",
            service_name: "monitor",
            service_label_monitor: "main",
            endpoint_port_name: "web",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "monitor-0",
            pod_name: "monitor-0",
        }),
        endpoint("127.0.8.2:3000", { namespace: "monitoring", service_name: "grafana", endpoint_port_name: "http", pod_name: "grafana-1" }),
        // Labelled, but with another value: a keep of any monitor value would let it through.
        endpoint("127.0.8.3:9090", {
            namespace: "monitoring",
            service_name: "other",
            service_label_monitor: "other",
            endpoint_port_name: "web",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "other-0",
            pod_name: "other-0",
        }),
    ],
    "jmx-kafka": [
        endpoint("127.0.5.1:5556", {
            namespace: "kafka",
            service_name: "kafka",
            service_label_app: "kafka",
            endpoint_port_name: "jmx",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "kafka-0",
        }),
        endpoint("127.0.5.1:9092", {
            namespace: "kafka",
            service_name: "kafka",
            service_label_app: "kafka",
            endpoint_port_name: "client",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "kafka-0",
        }),
        endpoint("127.0.5.2:5556", {
            namespace: "kafka",
            service_name: "zookeeper",
            service_label_app: "zookeeper",
            endpoint_port_name: "jmx",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "zookeeper-0",
        }),
    ],
};

function byInstance(a: Record<string, string>, b: Record<string, string>) {
    return a.instance.localeCompare(b.instance);
}

/** Jobs that discover a Service's endpoints, so switch role with the release line. */
const ENDPOINT_JOBS = ["monitor", "apiserver", "etcd", "kube-state-metrics", "kube-state-metrics-telemetry", "jmx-kafka"];

const RELEASES = [
    { line: "2.11 (the default image)", image: undefined, role: "endpoints" },
    { line: "2.53", image: "quay.io/prometheus/prometheus:v2.53.5", role: "endpointslice" },
    { line: "3.x", image: "quay.io/prometheus/prometheus:v3.5.0", role: "endpointslice" },
];

for (const release of RELEASES) describe(`every scrape job's relabeling on a real Prometheus, release line ${release.line}`, function () {
    let server: PrometheusProcess | undefined;

    before(async () => {
        const settings = settingsWith(
            {
                metrics: {
                    ...(release.image ? { image: release.image } : {}),
                    jobs: { etcd: true },
                    etcd: { endpoints: ["10.0.0.11"], discovery: "service" },
                    services: [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx" }],
                },
            },
            ETCD_TEST_FILES,
        );
        const started = await prometheusWithTargets(settings, TARGETS);
        server = started.server;
        assert.deepStrictEqual(ENDPOINT_JOBS.map((job) => started.sandbox.roles[job]), ENDPOINT_JOBS.map(() => release.role));
    });

    after(async () => {
        await server?.stop();
    });

    const targetsOf = (job: string) => server!.targetsOfJob(job, TARGETS[job].length);

    it("kubelet: every node, labelled by node name", async () => {
        const { active, dropped } = await targetsOf("kubelet");
        assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
            { instance: "node-1", job: "kubelet", node: "node-1" },
            { instance: "node-2", job: "kubelet", node: "node-2" },
        ]);
        assert.deepStrictEqual(dropped, []);
        assert.ok(active.every((t) => (t as any).scrapeUrl.startsWith("https://") && (t as any).scrapeUrl.endsWith("/metrics")));
    });

    it("cadvisor: the node's /metrics/cadvisor, labelled by node name", async () => {
        const { active } = await targetsOf("cadvisor");
        assert.deepStrictEqual(active.map((t) => t.labels), [{ instance: "node-1", job: "cadvisor", node: "node-1" }]);
        assert.strictEqual((active[0] as any).scrapeUrl, "https://127.0.1.1:10250/metrics/cadvisor");
    });

    it("apiserver: only default/kubernetes on port https", async () => {
        const { active, dropped } = await targetsOf("apiserver");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { instance: "127.0.2.1:6443", job: "apiserver", namespace: "default", service: "kubernetes" },
        ]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.2.2:8080", "127.0.2.3:6443"]);
    });

    it("etcd: only the etcd Service's metrics port", async () => {
        const { active, dropped } = await targetsOf("etcd");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { instance: "127.0.3.1:2379", job: "etcd", namespace: "kube-system", service: "kube-etcd" },
        ]);
        assert.strictEqual((active[0] as any).scrapeUrl, "https://127.0.3.1:2379/metrics");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__meta_kubernetes_service_name), ["kube-dns"]);
    });

    it("log agent: only the agent's pods, only their metrics port", async () => {
        const { active, dropped } = await targetsOf("log-agent");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { instance: "127.0.4.1:24231", job: "log-agent", namespace: "kube-system", node: "node-1", pod: "fluentd-es-v2.7.0-abcde" },
        ]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.4.1:24224", "127.0.4.2:9153"]);
    });

    it("node-exporter: only the exporter's pods and port, node and instance carrying the node name", async () => {
        const { active, dropped } = await targetsOf("node-exporter");
        assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
            { instance: "control-plane-1", job: "node-exporter", node: "control-plane-1" },
            { instance: "node-1", job: "node-exporter", node: "node-1" },
        ]);
        // https: kube-rbac-proxy serves the exporter (docs/security.md#authenticated-exporters).
        assert.strictEqual((active.find((t) => t.labels.node === "node-1") as any).scrapeUrl, "https://127.0.6.1:9100/metrics");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.6.1:24231", "127.0.6.3:9100"]);
    });

    it("kube-state-metrics: only its Service's https-metrics port (kube-rbac-proxy); job and instance only, so object labels stay the object's", async () => {
        const { active, dropped } = await targetsOf("kube-state-metrics");
        assert.deepStrictEqual(active.map((t) => t.labels), [{ instance: "kube-state-metrics-6d4b9c7f9-x2x7q", job: "kube-state-metrics" }]);
        assert.strictEqual((active[0] as any).scrapeUrl, "https://127.0.7.1:8443/metrics");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.7.1:9443", "127.0.7.2:9090"]);
    });

    it("kube-state-metrics-telemetry: only the https-telemetry port (the second kube-rbac-proxy); job and instance", async () => {
        const { active, dropped } = await targetsOf("kube-state-metrics-telemetry");
        assert.deepStrictEqual(active.map((t) => t.labels), [{ instance: "kube-state-metrics-6d4b9c7f9-x2x7q", job: "kube-state-metrics-telemetry" }]);
        assert.strictEqual((active[0] as any).scrapeUrl, "https://127.0.7.1:9443/metrics");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.7.1:8443", "127.0.7.2:9090"]);
    });

    it("self-monitoring: only Services labelled monitor=main, with the pod from the endpoint's target", async () => {
        const { active, dropped } = await targetsOf("monitor");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { endpoint: "web", instance: "127.0.8.1:9090", job: "monitor", namespace: "monitoring", pod: "monitor-0", service: "monitor" },
        ]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.8.2:3000", "127.0.8.3:9090"]);
    });

    it("listed service: only the selected Service's named port", async () => {
        const { active, dropped } = await targetsOf("jmx-kafka");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { endpoint: "jmx", instance: "127.0.5.1:5556", job: "jmx-kafka", namespace: "kafka", pod: "kafka-0", service: "kafka" },
        ]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__).sort(), ["127.0.5.1:9092", "127.0.5.2:5556"]);
    });
});
