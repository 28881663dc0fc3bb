import * as assert from "assert";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { serveExposition, ExpositionServer } from "./harness/exposition-server";
import { PrometheusProcess, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { ANNOTATED_POD_JOB, ANNOTATED_SERVICE_JOB } from "../components/team-targets/layout";

/**
 * The annotated-pods and annotated-services jobs on a real Prometheus: file_sd feeds them the
 * __meta_kubernetes_* labels role pod and role endpoints give (annotations arrive as
 * ..._annotation_<name with every non-alphanumeric as _>), and /api/v1/targets shows what is
 * kept, with which address, path, scheme and labels. Addresses are loopback ports nothing serves.
 */
const pod = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { namespace: "demo", pod_ready: "true", pod_phase: "Running", pod_node_name: "node-1", ...meta });

const scrape = { pod_annotation_prometheus_io_scrape: "true" };

const POD_TARGETS = [
    // Annotated with a port and a path; its one container declares two ports: one target, at the annotated port.
    pod("127.0.9.1:8080", { ...scrape, pod_annotation_prometheus_io_port: "9102", pod_annotation_prometheus_io_path: "/custom/metrics", pod_name: "app-a", pod_ip: "127.0.9.1", pod_container_name: "app", pod_container_port_number: "8080", pod_container_port_name: "http" }),
    pod("127.0.9.1:9000", { ...scrape, pod_annotation_prometheus_io_port: "9102", pod_annotation_prometheus_io_path: "/custom/metrics", pod_name: "app-a", pod_ip: "127.0.9.1", pod_container_name: "app", pod_container_port_number: "9000", pod_container_port_name: "admin" }),
    // A sidecar of the same pod declaring the port: rewritten to the same address, the same labels, one scrape.
    pod("127.0.9.1:9102", { ...scrape, pod_annotation_prometheus_io_port: "9102", pod_annotation_prometheus_io_path: "/custom/metrics", pod_name: "app-a", pod_ip: "127.0.9.1", pod_container_name: "jmx-exporter", pod_container_port_number: "9102", pod_container_port_name: "metrics" }),
    // No port annotation: its declared port, https and a URL parameter; container known.
    pod("127.0.9.2:9100", { ...scrape, pod_annotation_prometheus_io_scheme: "https", pod_annotation_prometheus_io_param_format: "prometheus", pod_name: "web-b", pod_ip: "127.0.9.2", pod_container_name: "web", pod_container_port_number: "9100", pod_container_port_name: "metrics", pod_node_name: "node-2" }),
    // Not annotated.
    pod("127.0.9.3:8080", { pod_name: "plain-c", pod_ip: "127.0.9.3", pod_container_name: "plain", pod_container_port_number: "8080" }),
    // Annotated "false".
    pod("127.0.9.4:8080", { pod_annotation_prometheus_io_scrape: "false", pod_name: "off-d", pod_ip: "127.0.9.4", pod_container_name: "off", pod_container_port_number: "8080" }),
    // Finished, failed and pending pods.
    pod("127.0.9.5:8080", { ...scrape, pod_phase: "Succeeded", pod_name: "job-e", pod_ip: "127.0.9.5", pod_container_name: "job", pod_container_port_number: "8080" }),
    pod("127.0.9.6:8080", { ...scrape, pod_phase: "Failed", pod_name: "job-f", pod_ip: "127.0.9.6", pod_container_name: "job", pod_container_port_number: "8080" }),
    pod("127.0.9.7:8080", { ...scrape, pod_phase: "Pending", pod_ready: "false", pod_name: "new-g", pod_ip: "127.0.9.7", pod_container_name: "new", pod_container_port_number: "8080" }),
    // Annotated, no port annotation, and a container that declares no port: nothing to scrape.
    pod("127.0.9.8", { ...scrape, pod_name: "portless-h", pod_ip: "127.0.9.8", pod_container_name: "portless" }),
    // Annotated itself and behind an annotated Service (see SERVICE_TARGETS): scraped here.
    pod("127.0.9.9:8080", { ...scrape, pod_name: "both-i", pod_ip: "127.0.9.9", pod_container_name: "both", pod_container_port_number: "8080" }),
];

const endpoint = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { namespace: "demo", endpoint_ready: "true", endpoint_port_protocol: "TCP", endpoint_address_target_kind: "Pod", ...meta });

const annotatedService = { service_annotation_prometheus_io_scrape: "true" };
const podOf = (name: string, extra: Record<string, string> = {}) => ({ endpoint_address_target_name: name, pod_name: name, pod_phase: "Running", pod_node_name: "node-3", ...extra });

const SERVICE_TARGETS = [
    // Annotated Service with a port annotation; two Service ports of the same pod: one target.
    endpoint("127.0.10.1:8080", { ...annotatedService, service_annotation_prometheus_io_port: "9187", service_name: "db", endpoint_port_name: "sql", ...podOf("db-0", { pod_container_name: "postgres" }) }),
    endpoint("127.0.10.1:9187", { ...annotatedService, service_annotation_prometheus_io_port: "9187", service_name: "db", endpoint_port_name: "metrics", ...podOf("db-0", { pod_container_name: "exporter" }) }),
    // No port annotation: the endpoint's port, its container and the annotated path.
    endpoint("127.0.10.2:8081", { ...annotatedService, service_annotation_prometheus_io_path: "/stats", service_name: "api", endpoint_port_name: "http", ...podOf("api-1", { pod_container_name: "api" }) }),
    // Service not annotated.
    endpoint("127.0.10.3:8080", { service_name: "plain", endpoint_port_name: "http", ...podOf("plain-1") }),
    // The pod is annotated itself: left to annotated-pods.
    endpoint("127.0.9.9:8080", { ...annotatedService, service_name: "both", endpoint_port_name: "http", ...podOf("both-i", { pod_annotation_prometheus_io_scrape: "true" }) }),
    // A pod not Running behind an annotated Service.
    endpoint("127.0.10.4:8080", { ...annotatedService, service_name: "api", endpoint_port_name: "http", endpoint_ready: "false", ...podOf("api-2", { pod_phase: "Pending" }) }),
];

const byInstance = (a: Record<string, string>, b: Record<string, string>) => a.instance.localeCompare(b.instance);

const RELEASES = [
    { line: "2.11 (the default image)", image: undefined },
    { line: "3.x", image: "quay.io/prometheus/prometheus:v3.5.0" },
];

for (const release of RELEASES) describe(`annotated pods and services on a real Prometheus, release line ${release.line}`, function () {
    let server: PrometheusProcess | undefined;

    before(async () => {
        const settings = settingsWith({ metrics: { ...(release.image ? { image: release.image } : {}), annotationDiscovery: { namespaces: ["demo"] } } });
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const sandbox = sandboxConfig(prometheusYml, ruleFiles);
        sandbox.setTargets(ANNOTATED_POD_JOB, POD_TARGETS);
        sandbox.setTargets(ANNOTATED_SERVICE_JOB, SERVICE_TARGETS);
        server = await PrometheusProcess.start(sandbox.configFile);
    });
    after(async () => {
        await server?.stop();
    });

    it("annotated-pods: Running annotated pods at the annotated port, path and scheme, once per pod", async () => {
        // The three targets of app-a collapse into one, so Prometheus lists two fewer than it was given.
        const { active, dropped } = await server!.targetsOfJob(ANNOTATED_POD_JOB, POD_TARGETS.length - 2);
        assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
            { instance: "127.0.9.1:9102", job: ANNOTATED_POD_JOB, namespace: "demo", node: "node-1", pod: "app-a" },
            { container: "web", instance: "127.0.9.2:9100", job: ANNOTATED_POD_JOB, namespace: "demo", node: "node-2", pod: "web-b" },
            { container: "both", instance: "127.0.9.9:8080", job: ANNOTATED_POD_JOB, namespace: "demo", node: "node-1", pod: "both-i" },
        ]);
        const url = (instance: string) => (active.find((t) => t.labels.instance === instance) as any).scrapeUrl;
        assert.strictEqual(url("127.0.9.1:9102"), "http://127.0.9.1:9102/custom/metrics");
        assert.strictEqual(url("127.0.9.2:9100"), "https://127.0.9.2:9100/metrics?format=prometheus");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__meta_kubernetes_pod_name).sort(), ["job-e", "job-f", "new-g", "off-d", "plain-c", "portless-h"]);
    });

    it("annotated-services: endpoints of annotated Services, except pods annotated themselves and pods not Running", async () => {
        const { active, dropped } = await server!.targetsOfJob(ANNOTATED_SERVICE_JOB, SERVICE_TARGETS.length - 1);
        assert.deepStrictEqual(active.map((t) => t.labels).sort(byInstance), [
            { instance: "127.0.10.1:9187", job: ANNOTATED_SERVICE_JOB, namespace: "demo", node: "node-3", pod: "db-0", service: "db" },
            { container: "api", instance: "127.0.10.2:8081", job: ANNOTATED_SERVICE_JOB, namespace: "demo", node: "node-3", pod: "api-1", service: "api" },
        ]);
        assert.strictEqual((active.find((t) => t.labels.service === "api") as any).scrapeUrl, "http://127.0.10.2:8081/stats");
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__meta_kubernetes_pod_name).sort(), ["api-2", "both-i", "plain-1"]);
    });
});

/** An exporter serving `count` series of one family. */
function exposition(count: number): string {
    const lines = ["# TYPE team_items gauge"];
    for (let i = 0; i < count; i++) {
        lines.push(`team_items{item="${i}"} ${i}`);
    }
    return `${lines.join("\n")}\n`;
}

describe("scrape limits on a real Prometheus: a target over its sample_limit fails its scrape, others go on", function () {
    let server: PrometheusProcess | undefined;
    const exporters: ExpositionServer[] = [];

    before(async () => {
        const settings = settingsWith({
            metrics: {
                scrapeInterval: "1s",
                annotationDiscovery: { namespaces: ["demo"] },
                limits: { perJob: { [ANNOTATED_POD_JOB]: { sampleLimit: 50 } } },
            },
        });
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const sandbox = sandboxConfig(prometheusYml, ruleFiles);
        const big = await serveExposition("/metrics", exposition(120));
        const small = await serveExposition("/metrics", exposition(10));
        exporters.push(big, small);
        sandbox.setTargets(
            ANNOTATED_POD_JOB,
            [["big", big.address], ["small", small.address]].map(([name, address]) =>
                pod(address, { ...scrape, pod_name: name, pod_ip: address.split(":")[0], pod_container_name: name, pod_container_port_number: address.split(":")[1] }),
            ),
        );
        server = await PrometheusProcess.start(sandbox.configFile);
        // The self-monitoring job finds this very Prometheus, so its own counters are stored.
        sandbox.setTargets(settings.metrics.name, [
            endpoint(new URL(server.url).host, { namespace: "monitoring", service_name: "monitor", service_label_monitor: "main", endpoint_port_name: "web", ...podOf("monitor-0") }),
        ]);
    });
    after(async () => {
        await server?.stop();
        await Promise.all(exporters.map((e) => e.close()));
    });

    it("up is 0 for the target over the limit and 1 for the one under it; nothing of the big scrape is stored", async () => {
        let up: Record<string, string> = {};
        await server!.waitFor(async () => {
            up = Object.fromEntries((await server!.query(`up{job="${ANNOTATED_POD_JOB}"}`)).map((r) => [r.metric.pod, r.value[1]]));
            return up.big !== undefined && up.small !== undefined;
        }, "both targets scraped");
        assert.deepStrictEqual(up, { big: "0", small: "1" });
        const stored = await server!.query(`count by (pod) (team_items)`);
        assert.deepStrictEqual(stored.map((r) => [r.metric.pod, r.value[1]]), [["small", "10"]]);
        // What docs/monitor-your-app.md#limits tells a team to look at: how many samples the refused scrape served.
        const served = await server!.query(`scrape_samples_scraped{job="${ANNOTATED_POD_JOB}",pod="big"}`);
        assert.strictEqual(served[0]?.value[1], "120");
    });

    it("prometheus_target_scrapes_exceeded_sample_limit_total counts the refused scrapes, which the alert reads", async () => {
        await server!.waitFor(async () => {
            const r = await server!.query(`prometheus_target_scrapes_exceeded_sample_limit_total > 0`);
            return r.length === 1;
        }, "the exceeded-limit counter above 0");
    });
});
