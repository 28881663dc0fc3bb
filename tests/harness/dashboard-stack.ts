import { logAgentTarget } from "../../components/log-agent/target";
import { nodeExporterTarget } from "../../components/node-exporter/target";
import { kubeStateMetricsTarget } from "../../components/kube-state-metrics/target";
import { grafanaTarget } from "../../components/grafana/target";
import { searchStoreExporterTarget } from "../../components/search-store/target";
import { ALERTMANAGER_PORT_NAME } from "../../components/alertmanager/layout";
/**
 * The stack the dashboard tests run: a real Prometheus on the generated jobs, one fixture or real
 * exporter per job the dashboards read (kept here so that tests/grafana-dashboards.real.test.ts
 * and tests/long-term-store-dashboards.real.test.ts run the same stack).
 */
import * as fs from "fs";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import * as http from "http";
import * as path from "path";
import { CONTROL_PLANE_FIXTURES } from "../../scripts/generate-control-plane-fixtures";
import { KUBELET_FIXTURE } from "../../scripts/generate-kubelet-fixture";
import { PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE } from "../../scripts/generate-prometheus-remote-storage-fixture";
import { AlertmanagerProcess } from "./alertmanager";
import { KSM_FIXTURE } from "../../scripts/generate-kube-state-metrics-fixture";
import { exporterFixture } from "../../scripts/generate-elasticsearch-exporter-fixture";
import { CADVISOR_FIXTURE } from "./cadvisor-scrape";
import { kubeStateMetricsEndpointMeta, nodeExporterPodMeta } from "./exporter-scrape";
import { discoveredTarget, generatedPrometheusFiles } from "./generated-config";
import { NodeExporterProcess } from "./node-exporter-process";
import { PrometheusProcess, sandboxConfig } from "./prometheus";
import { Settings } from "../../config";

export const FLUENTD_FIXTURE = path.join(__dirname, "..", "fixtures", "fluentd-metrics.txt");
const APISERVER_FIXTURE = path.join(__dirname, "..", "fixtures", "apiserver-metrics.txt");
const ETCD_FIXTURE = path.join(__dirname, "..", "fixtures", "etcd-metrics.txt");
const GRAFANA_FIXTURE = path.join(__dirname, "..", "fixtures", "grafana", "grafana-metrics.txt");

/** Serves one exposition text at every path, so each job's metrics_path finds it; takes any POST too (a remote-write sink). */
async function serveText(body: string): Promise<{ address: string; close: () => Promise<void> }> {
    const server = http.createServer((req, res) => {
        req.resume();
        res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4" });
        res.end(req.method === "POST" ? "" : body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { address: `127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The jobs the dashboards read; each gets one target through file_sd, with the meta labels its discovery would give. */
export const JOBS = [
    "monitor",
    "cadvisor",
    "kubelet",
    "alertmanager",
    "node-exporter",
    "kube-state-metrics",
    "log-agent",
    "apiserver",
    "etcd",
    "coredns",
    "kube-scheduler",
    "kube-controller-manager",
    "kube-proxy",
    "elasticsearch",
    "grafana",
];

/** One remote_write entry; the sandbox points it at a local sink. */
export const REMOTE_WRITE = { url: "https://metrics.example.com/api/v1/write" };

/**
 * A real Prometheus running the stack's generated jobs, relabel and drop rules untouched, with one
 * target per job the dashboards read (only the jobs the settings generate), after three scrapes.
 * Everything it starts is pushed onto `closers`.
 */
export async function runStack(settings: Settings, closers: Array<() => Promise<void>>, adjust: (config: any) => void = () => undefined, scrapeInterval = "1s"): Promise<PrometheusProcess> {
    const serve = async (file: string) => {
        const s = await serveText(fs.readFileSync(file, "utf8"));
        closers.push(s.close);
        return s.address;
    };
    const cadvisor = await serve(CADVISOR_FIXTURE);
    const kubelet = await serve(KUBELET_FIXTURE);
    // What v2.11.1 serves for one remote_write queue: Debian's 2.42 names its families otherwise (scripts/generate-prometheus-remote-storage-fixture.ts).
    const remoteStorage211 = await serve(PROMETHEUS_2_11_REMOTE_STORAGE_FIXTURE);
    const remoteWriteSink = await serve(KUBELET_FIXTURE);
    const alertmanager = settings.alertmanager.enabled ? await AlertmanagerProcess.start("route: {receiver: default}\nreceivers: [{name: default}]\n") : undefined;
    if (alertmanager) {
        closers.push(() => alertmanager.stop());
    }
    const ksm = await serve(KSM_FIXTURE);
    const fluentd = await serve(FLUENTD_FIXTURE);
    const apiserver = await serve(APISERVER_FIXTURE);
    const etcd = await serve(ETCD_FIXTURE);
    // The exporter's answers in front of the stack's own store kind.
    const elasticsearch = await serve(exporterFixture(settings.searchStore.kind));
    const grafana = await serve(GRAFANA_FIXTURE);
    const controlPlane: Record<string, string> = {};
    for (const [job, file] of Object.entries(CONTROL_PLANE_FIXTURES)) {
        controlPlane[job] = await serve(file);
    }

    const m = settings.metrics;
    // The whole stack's files: its scrape jobs and its rule files, whose Watchdog alert Home shows.
    const { prometheusYml, ruleFiles: stackRuleFiles } = generatedPrometheusFiles(settings);
    // Every group at the sandbox's evaluation interval (1s, below): a group with a longer interval of
    // its own (the API server's long burn-rate windows every 1m, the 30-day chain every 3m) would
    // first record only after the panels' wait may have ended. A group's interval changes when its
    // records arrive, not what they hold, which is what the panels are tested on.
    const ruleFiles = Object.fromEntries(
        Object.entries(stackRuleFiles).map(([name, text]) => {
            const file = parseYaml(text) as { groups?: { interval?: string }[] } | null;
            for (const group of file?.groups ?? []) {
                delete group.interval;
            }
            return [name, stringifyYaml(file, { lineWidth: 0 })];
        }),
    );
    const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
        for (const job of config.scrape_configs) {
            // The caller's interval, as its timeout too: the panel tests take 2s, since on a busy machine a
            // fixture server answered after a 1s timeout and the failed scrape's staleness markers emptied
            // the raw panels for a moment (seen at load 8 on 2 cores); the two-engine comparison keeps 1s,
            // which its [15s] rate windows of live counters need to agree within 15 %.
            job.scrape_interval = scrapeInterval;
            job.scrape_timeout = scrapeInterval;
            // The kubelet's, API server's, scheduler's and controller manager's https and bearer token, and
            // kube-rbac-proxy's in front of the exporters, have no counterpart in the sandbox; the relabel rules stay.
            if (["cadvisor", "kubelet", "apiserver", "kube-scheduler", "kube-controller-manager", "node-exporter", "kube-state-metrics"].includes(job.job_name)) {
                job.scheme = "http";
                delete job.tls_config;
                delete job.bearer_token_file;
            }
            // The fixture servers listen on a free port instead of the components' fixed ones (9153, 10259, 10257, 10249).
            const port = controlPlane[job.job_name]?.split(":")[1];
            for (const rule of port ? job.relabel_configs : []) {
                if (rule.target_label === "__address__") {
                    rule.replacement = rule.replacement.replace(/:\d+$/, `:${port}`);
                }
                if (rule.action === "keep" && rule.source_labels[0] === "__address__") {
                    rule.regex = rule.regex.replace(/:\d+$/, `:${port}`);
                }
            }
        }
        // Rules every second, so Home's alert panels see the always-firing Watchdog within the test.
        config.global.evaluation_interval = "1s";
        // The stack's remote_write entries go to a local sink that takes every sample, so Prometheus serves its remote-storage families.
        for (const remote of config.remote_write ?? []) {
            remote.url = `http://${remoteWriteSink}/api/v1/write`;
        }
        adjust(config);
    });
    const jobs: string[] = sandbox.config.scrape_configs.map((c: any) => c.job_name).filter((j: string) => JOBS.includes(j));
    const target = (job: string, t: ReturnType<typeof discoveredTarget>) => jobs.includes(job) && sandbox.setTargets(job, [t]);
    target("cadvisor", discoveredTarget(cadvisor, { node_name: "node-1" }));
    target("kubelet", discoveredTarget(kubelet, { node_name: "node-1" }));
    target("apiserver", discoveredTarget(apiserver, { namespace: "default", service_name: "kubernetes", endpoint_port_name: "https", endpoint_ready: "true" }));
    target("etcd", discoveredTarget(etcd, {}));
    target(
        "coredns",
        discoveredTarget(controlPlane.coredns, {
            namespace: "kube-system",
            service_name: "kube-dns",
            endpoint_port_name: "metrics",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: "coredns-7db6d8ff4d-aaaaa",
            pod_name: "coredns-7db6d8ff4d-aaaaa",
            pod_node_name: "node-1",
        }),
    );
    for (const component of ["kube-scheduler", "kube-controller-manager"]) {
        const ip = controlPlane[component].split(":")[0];
        target(
            component,
            discoveredTarget(ip, { namespace: "kube-system", pod_name: `${component}-control-plane`, pod_ip: ip, pod_node_name: "control-plane", pod_label_component: component }),
        );
    }
    target("kube-proxy", discoveredTarget(`${controlPlane["kube-proxy"].split(":")[0]}:10250`, { node_name: "node-1", node_address_InternalIP: controlPlane["kube-proxy"].split(":")[0] }));
    const store = searchStoreExporterTarget(settings.searchStore);
    if (store) {
        const t = store;
        const pod = `${t.serviceName}-6c9f7-abcde`;
        target("elasticsearch", discoveredTarget(elasticsearch, { namespace: t.namespace, service_name: t.serviceName, endpoint_port_name: t.portName, endpoint_ready: "true", endpoint_address_target_kind: "Pod", endpoint_address_target_name: pod, pod_name: pod }));
    }
    const grafanaService = grafanaTarget(settings.grafana);
    if (grafanaService) {
        // Grafana through its own Service's endpoints, as its job (components/grafana/scrape-job.ts) finds it.
        const t = grafanaService;
        const pod = `${t.serviceName}-7d9f8-abcde`;
        target("grafana", discoveredTarget(grafana, { namespace: t.namespace, service_name: t.serviceName, endpoint_port_name: t.portName, endpoint_ready: "true", endpoint_address_target_kind: "Pod", endpoint_address_target_name: pod, pod_name: pod }));
    }
    const ksmTarget = kubeStateMetricsTarget(settings.kubeStateMetrics);
    if (ksmTarget) {
        const t = ksmTarget;
        target("kube-state-metrics", discoveredTarget(ksm, kubeStateMetricsEndpointMeta(t.namespace, t.serviceName, t.portName)));
    }
    const nodeTarget = nodeExporterTarget(settings.nodeExporter);
    if (nodeTarget) {
        // A real node_exporter with the DaemonSet's flags, not a fixture.
        const exporter = await NodeExporterProcess.start(settings.nodeExporter);
        closers.push(() => exporter.stop());
        target("node-exporter", discoveredTarget(exporter.address, nodeExporterPodMeta(nodeTarget.namespace, nodeTarget.podLabels, "node-1")));
    }
    const agent = logAgentTarget(settings.logs);
    const agentLabels = Object.fromEntries(Object.entries(agent.podLabels).map(([k, v]) => [`pod_label_${k.replace(/[^a-zA-Z0-9_]/g, "_")}`, v]));
    target(
        "log-agent",
        discoveredTarget(fluentd, {
            namespace: agent.namespace,
            pod_name: "fluentd-es-v2.7.0-abcde",
            pod_node_name: "node-1",
            pod_container_name: "fluentd-es",
            pod_container_port_name: agent.portName,
            ...agentLabels,
        }),
    );
    const prom = await PrometheusProcess.start(sandbox.configFile);
    closers.push(() => prom.stop());
    // Prometheus itself, through the endpoints of the monitor=main Service, as the spec's job finds it; a second
    // "replica" serving v2.11.1's remote-storage families; Alertmanager through its own Service, which carries monitor=main too.
    const ownService = (address: string, service: string, port: string, pod: string) =>
        discoveredTarget(address, {
            namespace: m.namespace,
            service_name: service,
            service_label_monitor: "main",
            endpoint_port_name: port,
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: pod,
            pod_name: pod,
        });
    sandbox.setTargets(m.name, [
        ownService(new URL(prom.url).host, m.name, "web", `${m.name}-0`),
        ...(m.remoteWrite.length > 0 ? [ownService(remoteStorage211, m.name, "web", `${m.name}-1`)] : []),
        ...(alertmanager ? [ownService(`127.0.0.1:${alertmanager.port}`, settings.alertmanager.name, ALERTMANAGER_PORT_NAME, `${settings.alertmanager.name}-0`)] : []),
    ]);
    // Three scrapes of every job, so every rate() has two samples and more.
    await prom.waitFor(async () => {
        const counts = await prom.query("count_over_time(up[1m]) >= 3 and up == 1");
        return jobs.every((j) => counts.some((c) => c.metric.job === j));
    }, "three successful scrapes of every job");
    await prom.waitFor(async () => (await prom.query('ALERTS{alertstate="firing"}')).length > 0, "the Watchdog alert firing");
    return prom;
}

