import * as assert from "assert";
import { discoveredTarget } from "./harness/generated-config";
import { PrometheusProcess } from "./harness/prometheus";
import { prometheusWithTargets } from "./harness/sandboxed-jobs";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * Our own components, each scraped once (issue: the monitor job scraped the reloader's 8080 as a
 * second target; Grafana, prometheus-adapter and the reloader were not scraped), on a real
 * Prometheus fed the meta labels discovery gives, as in tests/scrape-jobs.real.test.ts.
 */
const endpoint = (address: string, meta: Record<string, string>) =>
    discoveredTarget(address, { endpoint_ready: "true", endpoint_port_protocol: "TCP", endpoint_address_target_kind: "Pod", ...meta });

const prometheusPod = { namespace: "monitoring", service_name: "monitor", service_label_monitor: "main", endpoint_address_target_name: "monitor-0", pod_name: "monitor-0" };

const TARGETS: Record<string, ReturnType<typeof discoveredTarget>[]> = {
    monitor: [
        endpoint("127.0.12.1:9090", { ...prometheusPod, endpoint_port_name: "web" }),
        // A container port the Service does not name: endpoints discovery lists it without a port name.
        endpoint("127.0.12.1:8080", { ...prometheusPod, pod_container_port_name: "reloader-web", pod_container_port_number: "8080" }),
    ],
    "config-reloader": [
        discoveredTarget("127.0.12.1:8080", { namespace: "monitoring", pod_name: "monitor-0", pod_label_app: "monitor", pod_label_monitor: "main", pod_container_port_name: "reloader-web" }),
        discoveredTarget("127.0.12.1:9090", { namespace: "monitoring", pod_name: "monitor-0", pod_label_app: "monitor", pod_label_monitor: "main", pod_container_port_name: "web" }),
    ],
    grafana: [
        endpoint("127.0.12.2:3000", { namespace: "monitoring", service_name: "grafana", endpoint_port_name: "http", endpoint_address_target_name: "grafana-5f7c9-abcde", pod_name: "grafana-5f7c9-abcde" }),
        endpoint("127.0.12.1:9090", { ...prometheusPod, endpoint_port_name: "web" }),
    ],
    "prometheus-adapter": [
        endpoint("127.0.12.3:6443", { namespace: "monitoring", service_name: "prometheus-adapter", endpoint_port_name: "https", endpoint_address_target_name: "prometheus-adapter-1", pod_name: "prometheus-adapter-1" }),
        endpoint("127.0.12.2:3000", { namespace: "monitoring", service_name: "grafana", endpoint_port_name: "http", endpoint_address_target_name: "grafana-5f7c9-abcde", pod_name: "grafana-5f7c9-abcde" }),
    ],
};

describe("our own components on a real Prometheus, each scraped once", function () {
    let server: PrometheusProcess | undefined;

    before(async () => {
        const settings = settingsWithGrafana({ resourceMetrics: { enabled: true } });
        ({ server } = await prometheusWithTargets(settings, TARGETS));
    });

    after(async () => {
        await server?.stop();
    });

    const targetsOf = (job: string) => server!.targetsOfJob(job, TARGETS[job].length);
    const url = (t: unknown) => (t as { scrapeUrl: string }).scrapeUrl;

    it("monitor: only the Service's named port; the reloader's unnamed 8080 is not a second target", async () => {
        const { active, dropped } = await targetsOf("monitor");
        assert.deepStrictEqual(active.map(url), ["http://127.0.12.1:9090/metrics"]);
        assert.deepStrictEqual(active[0].labels, { endpoint: "web", instance: "127.0.12.1:9090", job: "monitor", namespace: "monitoring", pod: "monitor-0", service: "monitor" });
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__address__), ["127.0.12.1:8080"]);
    });

    it("config-reloader: the Prometheus pods' reloader port only", async () => {
        const { active } = await targetsOf("config-reloader");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { endpoint: "reloader-web", instance: "127.0.12.1:8080", job: "config-reloader", namespace: "monitoring", pod: "monitor-0" },
        ]);
    });

    it("grafana: its Service's http port, labelled as the monitor job labels", async () => {
        const { active } = await targetsOf("grafana");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { endpoint: "http", instance: "127.0.12.2:3000", job: "grafana", namespace: "monitoring", pod: "grafana-5f7c9-abcde", service: "grafana" },
        ]);
    });

    it("prometheus-adapter: its Service's https port over https", async () => {
        const { active } = await targetsOf("prometheus-adapter");
        assert.deepStrictEqual(active.map((t) => t.labels), [
            { endpoint: "https", instance: "127.0.12.3:6443", job: "prometheus-adapter", namespace: "monitoring", pod: "prometheus-adapter-1", service: "prometheus-adapter" },
        ]);
        assert.strictEqual(url(active[0]), "https://127.0.12.3:6443/metrics");
    });
});
