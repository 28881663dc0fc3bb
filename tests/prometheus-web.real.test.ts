import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as path from "path";
import { parse, stringify } from "yaml";
import { webServerName } from "../components/prometheus/layout";
import { configReloaderContainer, reloadsInPlace } from "../components/prometheus/reloader";
import { prometheusArgs, prometheusContainer } from "../components/prometheus/statefulset";
import { webConfigYaml } from "../components/prometheus/web-config";
import { prometheusAuthKubeconfig } from "../components/resource-metrics/prometheus-auth";
import { resourceMetricsModel } from "../components/resource-metrics/model";
import { MetricsSettings } from "../config";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { until } from "./harness/hang";
import { PrometheusProcess, requireBinary, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { bcryptHash, throwawayCa, ThrowawayCa, webRequest } from "./harness/web-client";

/**
 * Debian's real prometheus 2.42 (which reads --web.config.file, like every 2.24+ line) started
 * with the web config file the program generates, a throwaway CA's certificate and a bcrypt hash
 * of a password: refuses callers without the password, answers those with it, and every caller
 * the program configures gets through: the self-scrape job, the reloader's /-/reload call (TLS
 * alone; basic auth rolls the pod instead, as the reloader could only send a password in an
 * argument), the kubelet's probe, and prometheus-adapter's kubeconfig (read by kubectl, whose client-go builds
 * the same transport the adapter builds from it). Grafana has no binary here; its data source is
 * checked against its documented provisioning keys in tests/prometheus-web.test.ts.
 */

const IMAGE = "quay.io/prometheus/prometheus:v2.53.5";
const USER = "scraper";
const PASSWORD = "Pw7generatedLettersAndDigits0k";

interface Running {
    server: PrometheusProcess;
    port: number;
    metrics: MetricsSettings;
    tls: ThrowawayCa;
    configFile: string;
    setTargets(job: string, targets: object[]): void;
}

/** The generated files with their in-pod paths moved to the test's files; nothing else changed. */
async function startWithWebConfig(web: Record<string, unknown>): Promise<Running> {
    // A short interval only so the first self-scrape comes soon; the job is otherwise as generated.
    const settings = settingsWith({ metrics: { image: IMAGE, web, scrapeInterval: "2s", evaluationInterval: "2s" }, resourceMetrics: { enabled: true } });
    const metrics = settings.metrics;
    const tls = throwawayCa(webServerName(metrics));
    const dir = tempDir("prometheus-web");
    const passwordFile = path.join(dir, "password");
    fs.writeFileSync(passwordFile, PASSWORD);

    const webConfig = parse(webConfigYaml(metrics, metrics.web?.basicAuth ? bcryptHash(PASSWORD) : undefined));
    if (webConfig.tls_server_config) {
        assert.match(webConfig.tls_server_config.cert_file, /tls\.crt$/);
        webConfig.tls_server_config = { cert_file: tls.certFile, key_file: tls.keyFile };
    }
    const webConfigFile = path.join(dir, "web.yml");
    fs.writeFileSync(webConfigFile, stringify(webConfig));

    const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
    const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
        for (const job of config.scrape_configs) {
            if (job.tls_config?.ca_file) {
                job.tls_config.ca_file = tls.caFile;
            }
            if (job.basic_auth?.password_file) {
                job.basic_auth.password_file = passwordFile;
            }
        }
    });
    // The flags that matter here, as the pod gets them.
    const args = prometheusArgs(metrics).filter((a) => a === "--web.enable-lifecycle");
    assert.ok(prometheusArgs(metrics).some((a) => a.startsWith("--web.config.file=")));
    const scheme = metrics.web?.tls ? "https" : "http";
    const server = await PrometheusProcess.start(sandbox.configFile, [...args, `--web.config.file=${webConfigFile}`], "", {
        scheme,
        ready: async (url) => (await webRequest(`${url}/-/ready`, { auth: `${USER}:${PASSWORD}`, ca: tls.ca, servername: webServerName(metrics) })).status === 200,
    });
    return { server, port: Number(new URL(server.url).port), metrics, tls, configFile: sandbox.configFile, setTargets: sandbox.setTargets };
}

/** Prometheus' own endpoint as endpoint discovery lists it: Service monitor (labelled monitor=main), port web, pod monitor-0. */
function ownEndpoint(port: number) {
    return discoveredTarget(`127.0.0.1:${port}`, {
        namespace: "monitoring",
        service_name: "monitor",
        service_label_monitor: "main",
        endpoint_port_name: "web",
        endpoint_address_target_kind: "Pod",
        endpoint_address_target_name: "monitor-0",
    });
}

describe("metrics.web against the real Prometheus 2.42", () => {
    before(() => {
        requireBinary("prometheus");
        requireBinary("openssl");
        requireBinary("python3");
    });

    describe("with tls and basicAuth", () => {
        let r: Running;
        let auth: { auth: string; ca: string; servername: string };
        before(async () => {
            r = await startWithWebConfig({ tls: { secretName: "monitor-web-tls" }, basicAuth: { username: USER } });
            auth = { auth: `${USER}:${PASSWORD}`, ca: r.tls.ca, servername: webServerName(r.metrics) };
        });
        after(async () => r?.server.stop());

        it("refuses a request without the password (401) or with a wrong one, and answers one with it over verified TLS", async () => {
            const url = `${r.server.url}/api/v1/status/buildinfo`;
            assert.strictEqual((await webRequest(url, { ca: r.tls.ca, servername: auth.servername })).status, 401);
            assert.strictEqual((await webRequest(url, { ...auth, auth: `${USER}:wrong` })).status, 401);
            const ok = await webRequest(url, auth);
            assert.strictEqual(ok.status, 200);
            assert.strictEqual(JSON.parse(ok.body).status, "success");
        });

        it("scrapes itself in the prometheus-web job (target up, job label monitor), while the monitor job drops it", async () => {
            r.setTargets("prometheus-web", [ownEndpoint(r.port)]);
            r.setTargets("monitor", [ownEndpoint(r.port)]);
            const target = await until(async () => {
                const body = JSON.parse((await webRequest(`${r.server.url}/api/v1/targets`, auth)).body);
                const own = body.data.activeTargets.find((t: any) => t.scrapePool === "prometheus-web" && t.health !== "unknown");
                const dropped = body.data.droppedTargets.some((t: any) => t.discoveredLabels.job === "monitor");
                return own && dropped ? { own, active: body.data.activeTargets } : undefined;
            }, "a scraped prometheus-web target and the monitor job's dropped one");
            assert.strictEqual(target.own.health, "up", target.own.lastError);
            assert.strictEqual(target.own.labels.job, "monitor");
            assert.strictEqual(target.own.labels.pod, "monitor-0");
            assert.deepStrictEqual(target.active.filter((t: any) => t.scrapePool === "monitor"), []);
        });

        it("answers the signal reloader's runtimeinfo check only with the password: why basic auth rolls the pod instead of reloading it", async () => {
            // prometheus-config-reloader v0.93.0 --reload-method=signal GETs this before and after
            // its SIGHUP, with no way to send credentials but the URL (an argument) and verifying
            // the certificate, which does not name 127.0.0.1.
            assert.strictEqual(reloadsInPlace(r.metrics), false);
            const runtimeinfo = `${r.server.url}/api/v1/status/runtimeinfo`;
            assert.strictEqual((await webRequest(runtimeinfo, { ca: r.tls.ca, servername: auth.servername })).status, 401);
            const withPassword = await webRequest(runtimeinfo, auth);
            assert.strictEqual(withPassword.status, 200);
            assert.strictEqual(JSON.parse(withPassword.body).data.reloadConfigSuccess, true);
            assert.strictEqual((await webRequest(`${r.server.url}/-/reload`, { method: "POST", ca: r.tls.ca, servername: auth.servername })).status, 401);
        });

        it("passes the kubelet's tcpSocket probe, where an httpGet probe without the password would get 401", async () => {
            const probe = prometheusContainer(r.metrics).readinessProbe as any;
            assert.deepStrictEqual(probe.tcpSocket, { port: "web" });
            await new Promise<void>((resolve, reject) => {
                const socket = net.connect(r.port, "127.0.0.1", () => {
                    socket.end();
                    resolve();
                });
                socket.on("error", reject);
            });
            assert.strictEqual((await webRequest(`${r.server.url}/-/ready`)).status, 401);
        });

        it("answers prometheus-adapter's kubeconfig: kubectl, on the same client-go transport, queries with it", () => {
            const model = resourceMetricsModel(settingsWith({ metrics: { image: IMAGE, web: { tls: { secretName: "monitor-web-tls" }, basicAuth: { username: USER } } }, resourceMetrics: { enabled: true } }));
            const kubeconfig = parse(prometheusAuthKubeconfig(model, PASSWORD));
            assert.strictEqual(kubeconfig.clusters[0].cluster["certificate-authority"], "/etc/adapter-prometheus-ca/ca.crt");
            kubeconfig.clusters[0].cluster["certificate-authority"] = r.tls.caFile;
            // The adapter dials the Service's name; here it is 127.0.0.1, verified under that name.
            kubeconfig.clusters[0].cluster.server = `https://127.0.0.1:${r.port}`;
            kubeconfig.clusters[0].cluster["tls-server-name"] = webServerName(r.metrics);
            const file = path.join(tempDir("adapter-kubeconfig"), "kubeconfig.yaml");
            fs.writeFileSync(file, stringify(kubeconfig));
            const answer = execFileSync(requireBinary("kubectl"), ["--kubeconfig", file, "get", "--raw", "/api/v1/query?query=vector(1)"], { encoding: "utf8" });
            assert.strictEqual(JSON.parse(answer).status, "success");
            kubeconfig.users[0].user.password = "wrong";
            fs.writeFileSync(file, stringify(kubeconfig));
            assert.throws(() => execFileSync(requireBinary("kubectl"), ["--kubeconfig", file, "get", "--raw", "/api/v1/query?query=vector(1)"], { stdio: "pipe" }), /provide credentials|Unauthorized/);
        });
    });

    describe("with tls alone", () => {
        let r: Running;
        before(async () => {
            r = await startWithWebConfig({ tls: { secretName: "monitor-web-tls" } });
        });
        after(async () => r?.server.stop());

        it("answers the kubelet's HTTPS probe paths without credentials, and verifies under the Service's name", async () => {
            const probe = prometheusContainer(r.metrics).readinessProbe as any;
            assert.strictEqual(probe.httpGet.scheme, "HTTPS");
            assert.strictEqual((await webRequest(`${r.server.url}${probe.httpGet.path}`)).status, 200);
            assert.strictEqual((await webRequest(`${r.server.url}/-/healthy`, { ca: r.tls.ca, servername: webServerName(r.metrics) })).status, 200);
            await assert.rejects(webRequest(`${r.server.url}/-/healthy`, { ca: r.tls.ca, servername: "other.monitoring.svc" }), /altnames|Hostname/);
        });

        it("reloads in place when the reloader POSTs its https URL without credentials, as it does unverified", async () => {
            assert.strictEqual(reloadsInPlace(r.metrics), true);
            const reloadArg = (configReloaderContainer(r.metrics).args as string[]).find((a) => a.startsWith("--reload-url="))!;
            const url = new URL(reloadArg.slice("--reload-url=".length).replace(":9090/", `:${r.port}/`));
            assert.strictEqual(url.protocol, "https:");
            assert.strictEqual(url.username, "");
            const configNow = async () => parse(JSON.parse((await webRequest(`${r.server.url}/api/v1/status/config`)).body).data.yaml);
            assert.strictEqual((await configNow()).global.external_labels?.reloaded, undefined);
            const changed = parse(fs.readFileSync(r.configFile, "utf8"));
            changed.global.external_labels = { ...changed.global.external_labels, reloaded: "yes" };
            fs.writeFileSync(r.configFile, stringify(changed));
            assert.strictEqual((await webRequest(url.toString(), { method: "POST" })).status, 200);
            assert.strictEqual((await configNow()).global.external_labels.reloaded, "yes");
        });
    });
});
