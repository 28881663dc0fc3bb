import { alertmanagerServer } from "../components/alertmanager/replicas";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { alertmanagerArgs, clusterPeers } from "../components/alertmanager/statefulset";
import { reloadUrl } from "../components/prometheus/reloader";
import { prometheusArgs, statefulSet } from "../components/prometheus/statefulset";
import { AlertmanagerProcess, requireAlertmanager } from "./harness/alertmanager";
import { expandReloaderEnv, triggerReload } from "./harness/config-reloader";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { until } from "./harness/hang";
import { freePort, PrometheusProcess, promtool, sandboxConfig } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { scrapeJobs } from "../stack/scrape-jobs";

/** Two replicas, per-replica volumes, and a route prefix, so the reload URL must carry it. */
const HA = { metrics: { replicas: 2, routePrefix: "/prometheus", storage: { mode: "storageClass" } } };

/** The pod's rendered copy, as the init container or the sidecar writes it for pod `podName`. */
function renderForPod(sandboxedConfig: string, podName: string, outputFile: string): void {
    fs.writeFileSync(outputFile, expandReloaderEnv(fs.readFileSync(sandboxedConfig, "utf8"), { POD_NAME: podName }));
}

/** The flags of our builder that decide what a reload can reach: the lifecycle API and the route prefix. */
function lifecycleArgs(args: string[]): string[] {
    return args.filter((a) => a === "--web.enable-lifecycle" || a.startsWith("--web.route-prefix="));
}

async function processStartTime(server: PrometheusProcess): Promise<string> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const m = /^process_start_time_seconds (\S+)$/m.exec(text);
    assert.ok(m, "Prometheus exposes process_start_time_seconds");
    return m[1];
}

describe("reload without restart, on a real Prometheus (Debian 2.42)", function () {
    let server: PrometheusProcess | undefined;
    after(async () => {
        await server?.stop();
    });

    it("a new scrape job and a new rule apply through /-/reload while the process keeps its PID and start time", async () => {
        const settings = settingsWith(HA);
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
        const sandbox = sandboxConfig(prometheusYml, ruleFiles);
        const rendered = path.join(path.dirname(sandbox.configFile), "prometheus.env.yaml");
        renderForPod(sandbox.configFile, "monitor-0", rendered);
        const args = lifecycleArgs(prometheusArgs(settings.metrics));
        assert.deepStrictEqual(args, ["--web.enable-lifecycle", "--web.route-prefix=/prometheus"]);
        server = await PrometheusProcess.start(rendered, args, "/prometheus");
        const pid = server.pid;
        const started = await processStartTime(server);
        const port = new URL(server.url).port;
        assert.deepStrictEqual((await server.targets()).activeTargets.filter((t) => t.scrapePool === "reload-proof"), []);

        // The ConfigMaps change: one more job in the config, one more rule file. The group is
        // evaluated every second, so its first series does not wait up to a whole 30s evaluation
        // interval after the job's first scrape (which made this test time out now and then).
        const config = parse(fs.readFileSync(sandbox.configFile, "utf8"));
        config.scrape_configs.push({ job_name: "reload-proof", metrics_path: "/prometheus/metrics", scrape_interval: "1s", static_configs: [{ targets: [`127.0.0.1:${port}`] }] });
        fs.writeFileSync(sandbox.configFile, stringify(config));
        fs.writeFileSync(path.join(sandbox.rulesDir, "reload-proof.yml"), stringify({ groups: [{ name: "reload-proof", interval: "1s", rules: [{ record: "reload_proof:up", expr: 'up{job="reload-proof"}' }] }] }));
        // The sidecar re-renders its copy and POSTs the URL our builder gives it, on this test's port.
        renderForPod(sandbox.configFile, "monitor-0", rendered);
        const url = reloadUrl(settings.metrics);
        assert.strictEqual(url, "http://127.0.0.1:9090/prometheus/-/reload");
        await triggerReload(url.replace(":9090/", `:${port}/`));

        await server.waitFor(async () => (await server!.targets()).activeTargets.some((t) => t.scrapePool === "reload-proof" && t.labels.job === "reload-proof"), "the new job's target");
        await server.waitFor(async () => {
            const body = (await (await fetch(`${server!.url}/api/v1/rules`)).json()) as any;
            return body.data.groups.some((g: any) => g.name === "reload-proof" && g.rules.some((r: any) => r.name === "reload_proof:up"));
        }, "the new rule");
        await server.waitFor(async () => (await server!.query("reload_proof:up")).length === 1, "the new rule's series from the new job");
        assert.strictEqual(server.pid, pid);
        assert.strictEqual(await processStartTime(server), started, "process_start_time_seconds unchanged: no restart");
    });
});

describe("the replica label, rendered per pod (Debian 2.42)", function () {
    let server: PrometheusProcess | undefined;
    after(async () => {
        await server?.stop();
    });

    it("the ConfigMap holds $(POD_NAME); the pod's copy holds its name, which promtool accepts and Prometheus reports", async () => {
        const settings = settingsWith(HA);
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
        assert.deepStrictEqual(parse(prometheusYml).global.external_labels, { monitor: "monitoring/main", replica: "$(POD_NAME)" });
        const sandbox = sandboxConfig(prometheusYml, ruleFiles);
        const rendered = path.join(path.dirname(sandbox.configFile), "prometheus.env.yaml");
        renderForPod(sandbox.configFile, "monitor-1", rendered);
        assert.match(promtool("check", "config", rendered), /SUCCESS/);
        server = await PrometheusProcess.start(rendered, lifecycleArgs(prometheusArgs(settings.metrics)), "/prometheus");
        const body = (await (await fetch(`${server.url}/api/v1/status/config`)).json()) as any;
        assert.deepStrictEqual(parse(body.data.yaml).global.external_labels, { monitor: "monitoring/main", replica: "monitor-1" });
    });

    for (const [what, overrides] of [
        ["replicated, lifecycle API on", HA],
        ["replicated, lifecycle API off", { metrics: { ...HA.metrics, enableLifecycle: false } }],
    ] as const) {
        it(`${what}: Prometheus reads only the rendered copy, never the ConfigMap`, () => {
            const spec = (statefulSet(settingsWith(overrides as any).metrics, { scrapeJobs: scrapeJobs(settingsWith(overrides as any)), ruleFiles: {} }).spec as any).template.spec;
            const prometheus = spec.containers[0];
            const [init] = spec.initContainers;
            const configFile = prometheus.args.find((a: string) => a.startsWith("--config.file=")).split("=")[1];
            assert.strictEqual(`--config-envsubst-file=${configFile}`, init.args.find((a: string) => a.startsWith("--config-envsubst-file=")));
            assert.ok(init.args.includes("--watch-interval=0"), "the init container renders once and exits");
            assert.deepStrictEqual(init.env, [{ name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } }]);
            const configMapVolumes = spec.volumes.filter((v: any) => v.configMap?.name === "monitor").map((v: any) => v.name);
            assert.deepStrictEqual(prometheus.volumeMounts.filter((m: any) => configMapVolumes.includes(m.name)), [], "the ConfigMap is not even mounted in Prometheus");
            const renderedVolume = spec.volumes.find((v: any) => v.emptyDir);
            assert.ok(prometheus.volumeMounts.some((m: any) => m.name === renderedVolume.name && configFile.startsWith(m.mountPath)));
        });
    }
});

describe("a three-peer Alertmanager cluster from our flags (Debian 0.25)", function () {
    const peers: AlertmanagerProcess[] = [];
    after(async () => {
        await Promise.all(peers.map((p) => p.stop()));
    });

    it("gossips a silence created on one peer to the other two, and each lists three peers", async () => {
        requireAlertmanager();
        const settings = settingsWith({ ...HA, alertmanager: {} });
        const a = alertmanagerServer(settings);
        assert.strictEqual(a.replicas, 3, "three by default while Prometheus is replicated");
        const names = clusterPeers(a).map((p) => p.slice(0, p.lastIndexOf(":")));
        const gossipPorts = await Promise.all(names.map(() => freePort()));
        const webPorts = await Promise.all(names.map(() => freePort()));
        const local = (flag: string) => names.reduce((f, name, i) => f.replace(`${name}:9094`, `127.0.0.1:${gossipPorts[i]}`), flag);
        const config = renderAlertmanagerConfig(alertmanagerConfig(a, {}));
        const started = await Promise.all(
            names.map((_, i) => {
                // Our cluster flags, with the pod IP that Kubernetes would put in $(POD_IP) and each host name swapped for a local port.
                const cluster = alertmanagerArgs(a)
                    .filter((f) => f.startsWith("--cluster."))
                    .map((f) => local(f).replace("[$(POD_IP)]:9094", `[127.0.0.1]:${gossipPorts[i]}`));
                assert.strictEqual(cluster.filter((f) => f.startsWith("--cluster.peer=")).length, 3);
                return AlertmanagerProcess.start(config, cluster, webPorts[i]);
            }),
        );
        peers.push(...started);

        const response = await fetch(`http://127.0.0.1:${peers[0].port}/api/v2/silences`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
                matchers: [{ name: "alertname", value: "GossipProof", isRegex: false }],
                startsAt: new Date().toISOString(),
                endsAt: new Date(Date.now() + 3600_000).toISOString(),
                createdBy: "high-availability.real.test",
                comment: "created on peer 0",
            }),
        });
        assert.strictEqual(response.status, 200, await response.clone().text());
        const { silenceID } = (await response.json()) as { silenceID: string };

        const seen = new Set<number>();
        let statusPeers: number[] = [];
        // A hang ends the wait quietly; the assertions below then say what was missing.
        await until(async () => {
            for (const i of [1, 2]) {
                const silences = (await (await fetch(`http://127.0.0.1:${peers[i].port}/api/v2/silences`)).json()) as { id: string }[];
                if (silences.some((s) => s.id === silenceID)) {
                    seen.add(i);
                }
            }
            statusPeers = await Promise.all(peers.map(async (p) => ((await (await fetch(`http://127.0.0.1:${p.port}/api/v2/status`)).json()) as any).cluster.peers.length));
            return seen.size === 2 && statusPeers.every((n) => n === 3);
        }, "the silence on both other peers, and three peers in every status").catch(() => undefined);
        assert.deepStrictEqual([...seen].sort(), [1, 2], `the silence reached both other peers:\n${peers.map((p) => p.log).join("\n")}`);
        assert.deepStrictEqual(statusPeers, [3, 3, 3]);
    });
});
