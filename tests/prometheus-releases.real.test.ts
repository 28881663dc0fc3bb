import * as assert from "assert";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, promtool, sandboxConfig } from "./harness/prometheus";
import { settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";
import { LINE_IMAGES } from "./harness/release-images";

/**
 * The modern release lines' generated files on the real Debian Prometheus 2.42 and its promtool:
 * every key we emit for 2.53, 2.55 and 3.x is one 2.42 also reads (Debian's build has no
 * Kubernetes discovery, so the harness swaps it for file_sd as for 2.11). Relabeling of each endpointslice scrape job is proven in
 * tests/scrape-jobs.real.test.ts; the Alertmanager set is proven here.
 */
function settingsFor(image: string) {
    return settingsWith(
        {
            metrics: {
                image,
                jobs: { kubelet: true, cadvisor: true, apiserver: true, etcd: true, logAgent: true },
                etcd: { endpoints: ["10.0.0.11"], discovery: "service" },
                services: [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx", interval: "1m" }],
            },
            alertmanager: { enabled: true },
        },
        ETCD_TEST_FILES,
    );
}

const MODERN = Object.entries(LINE_IMAGES).filter(([line]) => line !== "2.11");

describe("modern release lines on a real Prometheus (Debian 2.42)", function () {

    for (const [line, image] of MODERN) {
        it(`${line}: promtool check config and check rules accept the generated files`, () => {
            const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsFor(image), { withRules: false });
            assert.match(prometheusYml, /role: endpointslice/);
            const sandbox = sandboxConfig(prometheusYml, ruleFiles);
            const out = promtool("check", "config", sandbox.configFile);
            assert.match(out, /SUCCESS/);
            assert.match(out, new RegExp(`${Object.keys(ruleFiles).length} rule files found`));
            const rules = promtool("check", "rules", ...Object.keys(ruleFiles).map((f) => `${sandbox.rulesDir}/${f}`));
            assert.doesNotMatch(rules, /FAILED/);
        });
    }

    for (const [line, image] of MODERN) {
        it(`${line}: Alertmanager is found through its Service's EndpointSlices, only on its web port`, async () => {
            const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settingsFor(image), { withRules: false });
            const sandbox = sandboxConfig(prometheusYml, ruleFiles);
            assert.strictEqual(sandbox.roles["alertmanagers-0"], "endpointslice");
            sandbox.setTargets("alertmanagers-0", [
                discoveredTarget("127.0.9.1:9093", { namespace: "monitoring", service_name: "alertmanager", endpoint_port_name: "web" }),
                discoveredTarget("127.0.9.1:9094", { namespace: "monitoring", service_name: "alertmanager", endpoint_port_name: "mesh" }),
                discoveredTarget("127.0.9.2:9093", { namespace: "monitoring", service_name: "other", endpoint_port_name: "web" }),
            ]);
            const server = await PrometheusProcess.start(sandbox.configFile);
            try {
                let active: string[] = [];
                let dropped: string[] = [];
                await server.waitFor(async () => {
                    const body = (await (await fetch(`${server.url}/api/v1/alertmanagers`)).json()) as any;
                    active = body.data.activeAlertmanagers.map((a: any) => a.url);
                    dropped = body.data.droppedAlertmanagers.map((a: any) => a.url);
                    return active.length + dropped.length >= 3;
                }, "three discovered Alertmanagers");
                assert.deepStrictEqual(active, ["http://127.0.9.1:9093/api/v2/alerts"]);
                assert.strictEqual(dropped.length, 2);
            } finally {
                await server.stop();
            }
        });
    }
});
