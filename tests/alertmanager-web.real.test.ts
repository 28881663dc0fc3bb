import { alertmanagerServer } from "../components/alertmanager/replicas";
import * as assert from "assert";
import * as fs from "fs";
import * as net from "net";
import * as path from "path";
import { parse, stringify } from "yaml";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { webServerName } from "../components/alertmanager/layout";
import { alertmanagerArgs, alertmanagerContainer } from "../components/alertmanager/statefulset";
import { webConfigYaml } from "../components/alertmanager/web-config";
import { Settings } from "../config";
import { AlertmanagerProcess, requireAlertmanager } from "./harness/alertmanager";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, requireBinary, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { bcryptHash, throwawayCa, ThrowawayCa, webRequest } from "./harness/web-client";

/**
 * alertmanager.web on real binaries: Debian's Alertmanager 0.25 (which reads --web.config.file,
 * as every release since 0.22 and the pinned v0.34.0 do) started with the web config file the
 * program generates, a throwaway CA's certificate and a bcrypt hash of a password; and Debian's
 * Prometheus 2.42 with the generated alerting section and alertmanager-web scrape job, whose
 * in-pod file paths are moved to the test's files and nothing else changed. The stack's
 * Prometheus line is the default v2.11.1: these are the keys it writes there, which 2.11 reads
 * too (alertmanager_config inlines prometheus/common's HTTP client config; no 2.11 binary here).
 * Grafana has no binary here; its data source is checked in tests/alertmanager-web.test.ts.
 */

const USER = "alerts";
const PASSWORD = "Am7generatedLettersAndDigits0k";

describe("alertmanager.web against the real Alertmanager 0.25 and Prometheus 2.42", () => {
    let settings: Settings;
    let tls: ThrowawayCa;
    let alertmanager: AlertmanagerProcess | undefined;
    let prometheus: PrometheusProcess | undefined;
    let auth: { auth: string; ca: string; servername: string };
    let url: string;

    before(async () => {
        requireAlertmanager();
        requireBinary("prometheus");
        requireBinary("openssl");
        requireBinary("python3");
        settings = settingsWith({
            metrics: { scrapeInterval: "1s", evaluationInterval: "1s" },
            alertmanager: { web: { tls: { secretName: "alertmanager-web-tls" }, basicAuth: { username: USER } } },
        });
        const a = alertmanagerServer(settings);
        tls = throwawayCa(webServerName(a));
        auth = { auth: `${USER}:${PASSWORD}`, ca: tls.ca, servername: webServerName(a) };
        const dir = tempDir("alertmanager-web");
        const webConfig = parse(webConfigYaml(a, bcryptHash(PASSWORD)));
        assert.match(webConfig.tls_server_config.cert_file, /\/tls\.crt$/);
        webConfig.tls_server_config = { cert_file: tls.certFile, key_file: tls.keyFile };
        const webConfigFile = path.join(dir, "web.yml");
        fs.writeFileSync(webConfigFile, stringify(webConfig));
        assert.ok(alertmanagerArgs(a).includes("--web.config.file=/etc/alertmanager/web/web.yml"));
        alertmanager = await AlertmanagerProcess.start(renderAlertmanagerConfig(alertmanagerConfig(a, {})), undefined, undefined, {
            args: [`--web.config.file=${webConfigFile}`],
            ready: async (port) => (await webRequest(`https://127.0.0.1:${port}/-/ready`, auth)).status === 200,
        });
        url = `https://127.0.0.1:${alertmanager.port}`;
    });

    after(async () => {
        await prometheus?.stop();
        await alertmanager?.stop();
    });

    it("refuses a request without the password (401) or with a wrong one, answers one with it over TLS verified under the Service's name", async () => {
        const alerts = `${url}/api/v2/alerts`;
        assert.strictEqual((await webRequest(alerts, { ca: tls.ca, servername: auth.servername })).status, 401);
        assert.strictEqual((await webRequest(alerts, { ...auth, auth: `${USER}:wrong` })).status, 401);
        const ok = await webRequest(alerts, auth);
        assert.strictEqual(ok.status, 200);
        assert.ok(Array.isArray(JSON.parse(ok.body)));
        await assert.rejects(webRequest(alerts, { ...auth, servername: "other.monitoring.svc" }), /altnames|Hostname/);
    });

    it("passes the kubelet's tcpSocket probe, where an httpGet probe without the password would get 401", async () => {
        const probe = alertmanagerContainer(alertmanagerServer(settings)).readinessProbe as any;
        assert.deepStrictEqual(probe.tcpSocket, { port: "web" });
        await new Promise<void>((resolve, reject) => {
            const socket = net.connect(alertmanager!.port, "127.0.0.1", () => {
                socket.end();
                resolve();
            });
            socket.on("error", reject);
        });
        assert.strictEqual((await webRequest(`${url}/-/ready`)).status, 401);
    });

    it("gets alerts from Prometheus through the generated alerting section, and scrapes it in the alertmanager-web job", async () => {
        const passwordFile = path.join(tempDir("alertmanager-web-password"), "password");
        fs.writeFileSync(passwordFile, PASSWORD);
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const moveFiles = (c: any) => {
            assert.match(c.tls_config.ca_file, /\/ca\.crt$/);
            assert.match(c.basic_auth.password_file, /\/password$/);
            c.tls_config.ca_file = tls.caFile;
            c.basic_auth.password_file = passwordFile;
        };
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            moveFiles(config.alerting.alertmanagers[0]);
            moveFiles(config.scrape_configs.find((j: any) => j.job_name === "alertmanager-web"));
        });
        // Alertmanager's endpoint as endpoint discovery lists it: Service alertmanager (monitor=main), port web, pod alertmanager-0.
        const endpoint = discoveredTarget(`127.0.0.1:${alertmanager!.port}`, {
            namespace: "monitoring",
            service_name: "alertmanager",
            service_label_monitor: "main",
            endpoint_port_name: "web",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "alertmanager-0",
        });
        sandbox.setTargets("alertmanagers-0", [endpoint]);
        sandbox.setTargets("alertmanager-web", [endpoint]);
        sandbox.setTargets("monitor", [endpoint]);
        prometheus = await PrometheusProcess.start(sandbox.configFile, ["--rules.alert.resend-delay=1s"]);

        // The Watchdog always fires: it reaching Alertmanager's API proves the whole way, TLS and password included.
        await prometheus.waitFor(async () => {
            const answer = await webRequest(`${url}/api/v2/alerts?filter=alertname%3D%22Watchdog%22`, auth);
            return answer.status === 200 && JSON.parse(answer.body).length > 0;
        }, "the Watchdog alert in Alertmanager, sent over https with the password");
        const discovered = ((await (await fetch(`${prometheus.url}/api/v1/alertmanagers`)).json()) as any).data.activeAlertmanagers;
        assert.deepStrictEqual(discovered.map((a: any) => a.url), [`https://127.0.0.1:${alertmanager!.port}/api/v2/alerts`]);

        let targets: any;
        await prometheus.waitFor(async () => {
            targets = ((await (await fetch(`${prometheus!.url}/api/v1/targets`)).json()) as any).data;
            return targets.activeTargets.some((t: any) => t.scrapePool === "alertmanager-web" && t.health !== "unknown");
        }, "a scraped alertmanager-web target");
        const own = targets.activeTargets.find((t: any) => t.scrapePool === "alertmanager-web");
        assert.strictEqual(own.health, "up", own.lastError);
        assert.strictEqual(own.labels.job, "alertmanager");
        assert.strictEqual(own.labels.pod, "alertmanager-0");
        // The monitor job, which sends no credentials, drops Alertmanager rather than scraping it into a 401.
        assert.deepStrictEqual(targets.activeTargets.filter((t: any) => t.scrapePool === "monitor"), []);
        assert.ok(targets.droppedTargets.some((t: any) => t.discoveredLabels.job === "monitor"));
    });
});
