import * as assert from "assert";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess } from "./harness/prometheus";
import { prometheusWithTargets } from "./harness/sandboxed-jobs";
import { settingsWith } from "./harness/stack-config";

/**
 * The control-plane jobs' relabeling on a real Prometheus (2.11.1, the default line, and 3.x):
 * file_sd hands each job the meta labels its Kubernetes discovery role gives, as in
 * tests/scrape-jobs.real.test.ts; /api/v1/targets shows what survives and where it is scraped.
 */
const node = (address: string, name: string, ip: string) =>
    discoveredTarget(address, { node_name: name, node_label_kubernetes_io_hostname: name, node_address_InternalIP: ip });

const endpoint = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { endpoint_ready: "true", endpoint_port_protocol: "TCP", ...meta });

/** A mirror pod of a kubeadm static pod: host network, no declared ports, so the bare pod IP. */
const staticPod = (ip: string, nodeName: string, component: string) =>
    discoveredTarget(ip, {
        namespace: "kube-system",
        pod_name: `${component}-${nodeName}`,
        pod_ip: ip,
        pod_node_name: nodeName,
        pod_label_component: component,
        pod_label_tier: "control-plane",
        pod_container_name: component,
        pod_ready: "true",
        pod_phase: "Running",
    });

const dnsEndpoint = (address: string, portName: string, pod: string, nodeName: string) =>
    endpoint(address, {
        namespace: "kube-system",
        service_name: "kube-dns",
        endpoint_port_name: portName,
        endpoint_address_target_kind: "Pod",
        endpoint_address_target_name: pod,
        pod_name: pod,
        pod_node_name: nodeName,
    });

const TARGETS: Record<string, ReturnType<typeof discoveredTarget>[]> = {
    coredns: [
        dnsEndpoint("127.0.9.1:9153", "metrics", "coredns-7db6d8ff4d-aaaaa", "node-1"),
        dnsEndpoint("127.0.9.2:9153", "metrics", "coredns-7db6d8ff4d-bbbbb", "node-1"),
        dnsEndpoint("127.0.9.1:53", "dns-tcp", "coredns-7db6d8ff4d-aaaaa", "node-1"),
        dnsEndpoint("127.0.9.1:53", "dns", "coredns-7db6d8ff4d-aaaaa", "node-1"),
        endpoint("127.0.9.3:9153", { namespace: "kube-system", service_name: "other", endpoint_port_name: "metrics" }),
    ],
    "kube-scheduler": [
        staticPod("127.0.10.1", "control-plane-1", "kube-scheduler"),
        staticPod("127.0.10.2", "control-plane-2", "kube-scheduler"),
        // An IPv6 cluster: the address needs brackets around the IP.
        staticPod("fd00:10::3", "control-plane-3", "kube-scheduler"),
        staticPod("127.0.10.1", "control-plane-1", "kube-controller-manager"),
        staticPod("127.0.10.1", "control-plane-1", "etcd"),
    ],
    "kube-controller-manager": [
        staticPod("127.0.10.1", "control-plane-1", "kube-controller-manager"),
        staticPod("127.0.10.1", "control-plane-1", "kube-scheduler"),
    ],
    "kube-proxy": [
        node("127.0.11.1:10250", "node-1", "127.0.11.1"),
        node("127.0.11.2:10250", "control-plane-1", "127.0.11.2"),
        node("[fd00:11::3]:10250", "node-6", "fd00:11::3"),
    ],
};

const byInstance = (a: Record<string, string>, b: Record<string, string>) => a.instance.localeCompare(b.instance);
const url = (t: unknown) => (t as { scrapeUrl: string }).scrapeUrl;

for (const image of [undefined, "quay.io/prometheus/prometheus:v3.5.0"]) {
    describe(`control-plane jobs on a real Prometheus (${image ?? "the default 2.11.1"})`, function () {
        let server: PrometheusProcess | undefined;

        before(async () => {
            const settings = settingsWith(image ? { metrics: { image } } : {});
            ({ server } = await prometheusWithTargets(settings, TARGETS));
        });

        after(async () => {
            await server?.stop();
        });

        const targetsOf = (job: string) => server!.targetsOfJob(job, TARGETS[job].length);

        it("coredns: only the DNS Service's metrics port, one target per pod, node and instance set", async () => {
            const { active, dropped } = await targetsOf("coredns");
            assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
                { instance: "coredns-7db6d8ff4d-aaaaa", job: "coredns", namespace: "kube-system", node: "node-1", pod: "coredns-7db6d8ff4d-aaaaa", service: "kube-dns" },
                { instance: "coredns-7db6d8ff4d-bbbbb", job: "coredns", namespace: "kube-system", node: "node-1", pod: "coredns-7db6d8ff4d-bbbbb", service: "kube-dns" },
            ]);
            assert.strictEqual(url(active.find((t) => t.labels.pod.endsWith("aaaaa"))), "http://127.0.9.1:9153/metrics");
            assert.strictEqual(dropped.length, 3);
        });

        it("kube-scheduler: only the scheduler's mirror pods, over https at 10259 (an IPv6 one in brackets), node and instance the node name", async () => {
            const { active, dropped } = await targetsOf("kube-scheduler");
            assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
                { instance: "control-plane-1", job: "kube-scheduler", namespace: "kube-system", node: "control-plane-1", pod: "kube-scheduler-control-plane-1" },
                { instance: "control-plane-2", job: "kube-scheduler", namespace: "kube-system", node: "control-plane-2", pod: "kube-scheduler-control-plane-2" },
                { instance: "control-plane-3", job: "kube-scheduler", namespace: "kube-system", node: "control-plane-3", pod: "kube-scheduler-control-plane-3" },
            ]);
            assert.deepStrictEqual(active.map(url).sort(), ["https://127.0.10.1:10259/metrics", "https://127.0.10.2:10259/metrics", "https://[fd00:10::3]:10259/metrics"]);
            assert.strictEqual(dropped.length, 2);
        });

        it("kube-controller-manager: only its mirror pod, over https at 10257", async () => {
            const { active, dropped } = await targetsOf("kube-controller-manager");
            assert.deepStrictEqual(active.map((t) => t.labels), [
                {
                    instance: "control-plane-1",
                    job: "kube-controller-manager",
                    namespace: "kube-system",
                    node: "control-plane-1",
                    pod: "kube-controller-manager-control-plane-1",
                },
            ]);
            assert.strictEqual(url(active[0]), "https://127.0.10.1:10257/metrics");
            assert.strictEqual(dropped.length, 1);
        });

        it("kube-proxy: every node's InternalIP at 10249 over http (an IPv6 one in brackets), node and instance the node name", async () => {
            const { active } = await targetsOf("kube-proxy");
            assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
                { instance: "control-plane-1", job: "kube-proxy", node: "control-plane-1" },
                { instance: "node-1", job: "kube-proxy", node: "node-1" },
                { instance: "node-6", job: "kube-proxy", node: "node-6" },
            ]);
            assert.deepStrictEqual(active.map(url).sort(), ["http://127.0.11.1:10249/metrics", "http://127.0.11.2:10249/metrics", "http://[fd00:11::3]:10249/metrics"]);
        });
    });
}

describe("control-plane jobs follow cluster-monitoring:controlPlane", () => {
    const jobNames = (overrides: Record<string, Record<string, unknown>>) =>
        generatedPrometheusFiles(settingsWith(overrides)).prometheusYml.match(/job_name: \S+/g)!.map((l) => l.slice(10));

    it("selfManaged scrapes all four; managed neither the scheduler nor the controller manager; a switched-off one has no job", () => {
        const cp = ["coredns", "kube-scheduler", "kube-controller-manager", "kube-proxy"];
        assert.deepStrictEqual(jobNames({}).filter((j) => cp.includes(j)), cp);
        assert.deepStrictEqual(jobNames({ controlPlane: { kind: "managed" } }).filter((j) => cp.includes(j)), ["coredns", "kube-proxy"]);
        assert.deepStrictEqual(jobNames({ controlPlane: { kubeProxy: { enabled: false }, coreDns: { enabled: false } } }).filter((j) => cp.includes(j)), [
            "kube-scheduler",
            "kube-controller-manager",
        ]);
    });
});
