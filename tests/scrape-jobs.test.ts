import * as assert from "assert";
import { parse } from "yaml";
import { LogAgent } from "../components/log-agent";
import { Prometheus } from "../components/prometheus";
import { APISERVER_FAMILIES } from "../components/apiserver/families";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { FamilyRule, familyPattern } from "../components/common/scrape/family-rules";
import { KUBELET_FAMILIES, KUBELET_SERIES_RULES } from "../components/kubelet/families";
import { dropSeries } from "../components/common/scrape/series-rules";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { captureResources, findOne, ofType } from "./harness/pulumi-mocks";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { prometheusInputsFor, requiredConfig, settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

const TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token";
const SA_CA = "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt";
/** Every job carries a sample_limit (docs/monitor-your-app.md#limits); these jobs keep the defaults of config/scrape-limits.ts. */
const ETCD_FILES = ETCD_TEST_FILES;

function jobs(overrides: Record<string, Record<string, unknown>> = {}, secrets: Record<string, string> = {}) {
    const config = parse(generatedPrometheusFiles(settingsWith(overrides, secrets)).prometheusYml);
    return new Map<string, any>(config.scrape_configs.map((j: any) => [j.job_name, j]));
}

function problems(metrics: Record<string, unknown>, secrets: Record<string, string> = {}): Map<string, unknown> {
    const config = requiredConfig();
    config.metrics = { ...config.metrics, ...metrics };
    try {
        loadSettings(plainConfigSource(config, secrets));
    } catch (e) {
        assert.ok(e instanceof ConfigError);
        return new Map(e.problems.map((p) => [p.key, p.expected]));
    }
    assert.fail("expected a ConfigError");
}

/** The drop regex of a family table: its dropped rows as alternatives. */
const droppedNames = (table: readonly FamilyRule[]) => `(${table.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`;

describe("scrape jobs", () => {
    it("defaults: kubelet, cadvisor, apiserver, the control plane, log agent, node-exporter and kube-state-metrics on; etcd off", () => {
        assert.deepStrictEqual([...jobs().keys()], [
            "monitor",
            "config-reloader",
            "kubelet",
            "cadvisor",
            "apiserver",
            "coredns",
            "kube-scheduler",
            "kube-controller-manager",
            "kube-proxy",
            "log-agent",
            "node-exporter",
            "kube-state-metrics",
            "kube-state-metrics-telemetry",
        ]);
    });

    it("each switch removes exactly its job", () => {
        // The test's own table of metrics.jobs' switches and the job each runs; a switch the schema
        // gains without a row here fails below, so none goes unchecked.
        const SWITCHES: Record<string, string> = { kubelet: "kubelet", cadvisor: "cadvisor", apiserver: "apiserver", etcd: "etcd", logAgent: "log-agent" };
        // An empty jobs object is parsed field by field, so it holds every switch the schema has.
        assert.deepStrictEqual(Object.keys(settingsWith({ metrics: { jobs: {} } }).metrics.jobs).sort(), Object.keys(SWITCHES).sort());
        // etcd is off by default: the baseline has it on, so that switching it off has a job to remove.
        const etcdOn = { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } };
        const all = [...jobs({ metrics: etcdOn }).keys()];
        for (const [name, jobName] of Object.entries(SWITCHES)) {
            assert.ok(all.includes(jobName), `${jobName} runs with every switch on`);
            // etcd's own settings go with its switch: the stack refuses them when no job reads them.
            const off = name === "etcd" ? { jobs: { etcd: false } } : { ...etcdOn, jobs: { ...etcdOn.jobs, [name]: false } };
            const without = [...jobs({ metrics: off }).keys()];
            assert.deepStrictEqual(without, all.filter((j) => j !== jobName), `switching off ${name}`);
        }
    });

    it("kubelet: node discovery, https with the ServiceAccount token, verification skipped, readable labels", () => {
        assert.deepStrictEqual(jobs().get("kubelet"), {
            job_name: "kubelet",
            sample_limit: 200000,
            scheme: "https",
            bearer_token_file: TOKEN,
            tls_config: { insecure_skip_verify: true },
            kubernetes_sd_configs: [{ role: "node" }],
            relabel_configs: [
                { action: "replace", source_labels: ["__meta_kubernetes_node_name"], target_label: "node" },
                { action: "replace", source_labels: ["__meta_kubernetes_node_name"], target_label: "instance" },
            ],
            metric_relabel_configs: [{ action: "drop", source_labels: ["__name__"], regex: droppedNames(KUBELET_FAMILIES) }, ...KUBELET_SERIES_RULES.map(dropSeries)],
        });
    });

    it("kubelet and cadvisor verify against a CA file when one is set", () => {
        const j = jobs({ metrics: { kubeletTls: { caFile: SA_CA } } });
        assert.deepStrictEqual(j.get("kubelet").tls_config, { ca_file: SA_CA, insecure_skip_verify: false });
        assert.deepStrictEqual(j.get("cadvisor").tls_config, { ca_file: SA_CA, insecure_skip_verify: false });
    });

    it("rejects a CA file together with skipped verification, and a relative CA path", () => {
        assert.match(
            String(problems({ kubeletTls: { caFile: SA_CA, insecureSkipVerify: true } }).get("cluster-monitoring:metrics.kubeletTls.insecureSkipVerify")),
            /false when/,
        );
        assert.ok(problems({ kubeletTls: { caFile: "ca.crt" } }).has("cluster-monitoring:metrics.kubeletTls.caFile"));
    });

    it("rejects verification without a CA file, which the system roots could never satisfy", () => {
        assert.match(
            String(problems({ kubeletTls: { insecureSkipVerify: false } }).get("cluster-monitoring:metrics.kubeletTls.caFile")),
            /CA that signed the kubelet serving certificates/,
        );
    });

    it("cadvisor: /metrics/cadvisor on the kubelet's terms, with the drop rules", () => {
        const cadvisor = jobs().get("cadvisor");
        const { metric_relabel_configs: rules, ...rest } = cadvisor;
        assert.deepStrictEqual(rest, {
            job_name: "cadvisor",
            sample_limit: 200000,
            honor_labels: true,
            scheme: "https",
            metrics_path: "/metrics/cadvisor",
            bearer_token_file: TOKEN,
            tls_config: { insecure_skip_verify: true },
            kubernetes_sd_configs: [{ role: "node" }],
            relabel_configs: jobs().get("kubelet").relabel_configs,
        });
        const droppedNames = CADVISOR_FAMILIES.filter((f) => !f.keep).map((f) => f.name);
        assert.deepStrictEqual(rules, [
            { action: "drop", source_labels: ["__name__"], regex: `(${droppedNames.join("|")})` },
            { action: "drop", source_labels: ["id", "container", "pod"], regex: ".+;;", separator: ";" },
            {
                action: "replace",
                source_labels: ["__name__"],
                regex: "container_network_.*",
                target_label: "__tmp_network_series",
                replacement: "true",
            },
            { action: "drop", source_labels: ["container", "pod", "__tmp_network_series"], regex: "(POD)?;.+;", separator: ";" },
            { action: "labeldrop", regex: "__tmp_network_series" },
        ]);
    });

    it("cadvisor keeps every family the dashboards need", () => {
        const needed = [
            "container_cpu_usage_seconds_total",
            "container_cpu_cfs_periods_total",
            "container_cpu_cfs_throttled_periods_total",
            "container_memory_working_set_bytes",
            "container_memory_rss",
            "container_network_receive_bytes_total",
            "container_network_transmit_bytes_total",
            "container_fs_reads_bytes_total",
            "container_fs_writes_bytes_total",
        ];
        const rule = jobs().get("cadvisor").metric_relabel_configs[0];
        const droppedByName = new RegExp(`^(?:${rule.regex})$`);
        for (const name of needed) {
            assert.ok(!droppedByName.test(name), `${name} must be kept`);
        }
    });

    it("apiserver: default/kubernetes endpoints over https with the ServiceAccount CA and token", () => {
        assert.deepStrictEqual(jobs().get("apiserver"), {
            job_name: "apiserver",
            sample_limit: 500000,
            scheme: "https",
            bearer_token_file: TOKEN,
            tls_config: { ca_file: SA_CA, server_name: "kubernetes" },
            kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: ["default"] } }],
            relabel_configs: [
                {
                    action: "keep",
                    source_labels: ["__meta_kubernetes_namespace", "__meta_kubernetes_service_name", "__meta_kubernetes_endpoint_port_name"],
                    regex: "default;kubernetes;https",
                    separator: ";",
                },
                { action: "replace", source_labels: ["__meta_kubernetes_namespace"], target_label: "namespace" },
                { action: "replace", source_labels: ["__meta_kubernetes_service_name"], target_label: "service" },
            ],
            metric_relabel_configs: [
                { action: "drop", source_labels: ["__name__"], regex: droppedNames(APISERVER_FAMILIES) },
                {
                    action: "drop",
                    source_labels: ["__name__", "le"],
                    // Integer bounds in both forms: 3.x writes le="3" as le="3.0" before relabelling.
                    regex: "apiserver_request_sli_duration_seconds_bucket;(0\\.4|0\\.6|0\\.8|1\\.25|1\\.5|3(\\.0)?|4(\\.0)?|6(\\.0)?|8(\\.0)?|15(\\.0)?|20(\\.0)?|45(\\.0)?|60(\\.0)?)",
                    separator: ";",
                },
                { action: "drop", source_labels: ["__name__", "verb"], regex: "apiserver_request_sli_duration_seconds_bucket;(CONNECT)", separator: ";" },
            ],
        });
    });

    it("etcd, static: https on 2379 with the client certificate files from the mounted Secret", () => {
        const etcd = jobs({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11", "fd00::11"] } } }, ETCD_FILES).get("etcd");
        const dir = "/etc/prometheus/secrets/kvstore-client-cert";
        assert.deepStrictEqual(etcd, {
            job_name: "etcd",
            sample_limit: 50000,
            scheme: "https",
            tls_config: { ca_file: `${dir}/ca.crt`, cert_file: `${dir}/healthcheck-client.crt`, key_file: `${dir}/healthcheck-client.key` },
            static_configs: [{ targets: ["10.0.0.11:2379", "[fd00::11]:2379"] }],
        });
    });

    it("etcd over plain http (--listen-metrics-urls) needs no certificates and creates no Secret", async () => {
        const metrics = { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http", port: 2381 } };
        assert.deepStrictEqual(jobs({ metrics }).get("etcd"), {
            job_name: "etcd",
            sample_limit: 50000,
            scheme: "http",
            static_configs: [{ targets: ["10.0.0.11:2381"] }],
        });
        const r = await captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settingsWith({ metrics }), false), settings: settingsWith({ metrics }).metrics, namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(ofType(r, "kubernetes:core/v1:Secret"), []);
    });

    it("etcd, service: a selector-less Service and Endpoints, discovered in their namespace", async () => {
        const metrics = { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11", "10.0.0.12"], discovery: "service" } };
        const etcd = jobs({ metrics }, ETCD_FILES).get("etcd");
        assert.deepStrictEqual(etcd.kubernetes_sd_configs, [{ role: "endpoints", namespaces: { names: ["kube-system"] } }]);
        assert.deepStrictEqual(etcd.relabel_configs[0], {
            action: "keep",
            source_labels: ["__meta_kubernetes_service_name", "__meta_kubernetes_endpoint_port_name"],
            regex: "kube-etcd;metrics",
            separator: ";",
        });
        const r = await captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settingsWith({ metrics }, ETCD_FILES), false), settings: settingsWith({ metrics }, ETCD_FILES).metrics, namespaces: EXISTING_NAMESPACES }));
        const service = findOne(r, "kubernetes:core/v1:Service", "kube-etcd").inputs;
        assert.strictEqual(service.metadata.namespace, "kube-system");
        assert.strictEqual(service.spec.selector, undefined, "Kubernetes must leave the Endpoints to us");
        assert.strictEqual(service.spec.clusterIP, "None");
        assert.deepStrictEqual(service.spec.ports, [{ name: "metrics", port: 2379, protocol: "TCP", targetPort: 2379 }]);
        const endpoints = findOne(r, "kubernetes:core/v1:Endpoints", "kube-etcd").inputs;
        assert.strictEqual(endpoints.metadata.namespace, "kube-system");
        assert.deepStrictEqual(endpoints.subsets, [
            { addresses: [{ ip: "10.0.0.11" }, { ip: "10.0.0.12" }], ports: [{ name: "metrics", port: 2379, protocol: "TCP" }] },
        ]);
    });

    it("etcd rejects a missing endpoint list, host names and an unknown discovery", () => {
        assert.ok(problems({ jobs: { etcd: true } }, ETCD_FILES).has("cluster-monitoring:metrics.etcd.endpoints"));
        assert.ok(problems({ jobs: { etcd: true }, etcd: { endpoints: ["etcd-0.local"] } }, ETCD_FILES).has("cluster-monitoring:metrics.etcd.endpoints[0]"));
        assert.ok(problems({ jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.1"], discovery: "dns" } }, ETCD_FILES).has("cluster-monitoring:metrics.etcd.discovery"));
    });

    it("log agent: pod discovery in its namespace, only its pods and its metrics port", () => {
        assert.deepStrictEqual(jobs().get("log-agent"), {
            job_name: "log-agent",
            sample_limit: 50000,
            kubernetes_sd_configs: [{ role: "pod", namespaces: { names: ["kube-system"] } }],
            relabel_configs: [
                { action: "keep", source_labels: ["__meta_kubernetes_pod_label_k8s_app"], regex: "fluentd-es" },
                { action: "keep", source_labels: ["__meta_kubernetes_pod_label_version"], regex: "v2\\.7\\.0" },
                { action: "keep", source_labels: ["__meta_kubernetes_pod_container_port_name"], regex: "metrics" },
                { action: "replace", source_labels: ["__meta_kubernetes_namespace"], target_label: "namespace" },
                { action: "replace", source_labels: ["__meta_kubernetes_pod_name"], target_label: "pod" },
                { action: "replace", source_labels: ["__meta_kubernetes_pod_node_name"], target_label: "node" },
            ],
        });
    });

    it("log agent: follows the agent's namespace and labels, and keeps the port its DaemonSet exposes", async () => {
        const overrides = { logs: { namespace: "logging", labels: { app: "log-shipper" } } };
        const job = jobs(overrides).get("log-agent");
        assert.deepStrictEqual(job.kubernetes_sd_configs, [{ role: "pod", namespaces: { names: ["logging"] } }]);
        assert.deepStrictEqual(job.relabel_configs.slice(0, 2), [
            { action: "keep", source_labels: ["__meta_kubernetes_pod_label_app"], regex: "log-shipper" },
            { action: "keep", source_labels: ["__meta_kubernetes_pod_container_port_name"], regex: "metrics" },
        ]);
        const settings = settingsWith(overrides);
        const r = await captureResources(() => new LogAgent("log-agent", { settings: settings.logs, namespaces: EXISTING_NAMESPACES }));
        const ds = findOne(r, "kubernetes:apps/v1:DaemonSet").inputs;
        assert.strictEqual(ds.metadata.namespace, "logging");
        assert.deepStrictEqual(ds.spec.template.metadata.labels, { app: "log-shipper" });
        const portNames = ds.spec.template.spec.containers.flatMap((c: any) => (c.ports ?? []).map((p: any) => p.name));
        assert.ok(portNames.includes(job.relabel_configs[1].regex), `DaemonSet ports ${portNames} lack the scraped port`);
    });

    it("services: each entry is its own endpoints job with selector, port, path, scheme and interval", () => {
        const j = jobs({
            metrics: {
                services: [
                    { name: "jmx-kafka", namespace: "kafka", selector: { "app.kubernetes.io/name": "kafka", tier: "broker" }, port: "jmx", path: "/jmx", scheme: "https", interval: "1m" },
                    { name: "billing", namespace: "apps", selector: { app: "billing" }, port: 8080 },
                ],
            },
        });
        assert.deepStrictEqual(j.get("jmx-kafka"), {
            job_name: "jmx-kafka",
            sample_limit: 50000,
            scheme: "https",
            metrics_path: "/jmx",
            scrape_interval: "1m",
            kubernetes_sd_configs: [{ role: "endpoints", namespaces: { names: ["kafka"] } }],
            relabel_configs: [
                { action: "keep", source_labels: ["__meta_kubernetes_service_label_app_kubernetes_io_name"], regex: "kafka" },
                { action: "keep", source_labels: ["__meta_kubernetes_service_label_tier"], regex: "broker" },
                { action: "keep", source_labels: ["__meta_kubernetes_endpoint_port_name"], regex: "jmx" },
                {
                    action: "replace",
                    source_labels: ["__meta_kubernetes_endpoint_address_target_kind", "__meta_kubernetes_endpoint_address_target_name"],
                    separator: ";",
                    regex: "Pod;(.*)",
                    replacement: "${1}",
                    target_label: "pod",
                },
                { action: "replace", source_labels: ["__meta_kubernetes_namespace"], target_label: "namespace" },
                { action: "replace", source_labels: ["__meta_kubernetes_service_name"], target_label: "service" },
                { action: "replace", replacement: "jmx", target_label: "endpoint" },
            ],
        });
        const billing = j.get("billing");
        assert.strictEqual(billing.scheme, "http");
        assert.strictEqual(billing.metrics_path, "/metrics");
        assert.strictEqual(billing.scrape_interval, undefined);
        assert.deepStrictEqual(billing.relabel_configs[1], { action: "keep", source_labels: ["__address__"], regex: ".*:8080" });
    });

    it("services: an https entry may verify against a CA file or skip verification", () => {
        const j = jobs({
            metrics: {
                services: [
                    { name: "secure", namespace: "apps", selector: { app: "s" }, port: "https", scheme: "https", tls: { caFile: "/etc/prometheus/secrets/apps-ca/ca.crt", serverName: "secure.apps.svc" } },
                    { name: "selfsigned", namespace: "apps", selector: { app: "t" }, port: "https", scheme: "https", tls: { insecureSkipVerify: true } },
                ],
            },
        });
        assert.deepStrictEqual(j.get("secure").tls_config, { ca_file: "/etc/prometheus/secrets/apps-ca/ca.crt", server_name: "secure.apps.svc" });
        assert.deepStrictEqual(j.get("selfsigned").tls_config, { insecure_skip_verify: true });
        assert.strictEqual(j.get("billing"), undefined);
        const p = problems({ services: [{ name: "plain", namespace: "apps", selector: { app: "p" }, port: "web", tls: { insecureSkipVerify: true } }] });
        assert.match(String(p.get("cluster-monitoring:metrics.services[0].tls")), /scheme is https/);
    });

    it("services: rejects missing fields, an empty selector, a bad interval and a duplicate job name", () => {
        const p = problems({
            services: [
                { namespace: "apps", selector: { app: "a" }, port: "web" },
                { name: "b", namespace: "apps", selector: {}, port: "web", interval: "5mins" },
                { name: "kubelet", namespace: "apps", selector: { app: "c" }, port: "web" },
                { name: "d", namespace: "apps", selector: { app: "d" }, port: 70000, typo: true },
            ],
        });
        assert.match(String(p.get("cluster-monitoring:metrics.services[0].name")), /required/);
        assert.match(String(p.get("cluster-monitoring:metrics.services[1].selector")), /at least one/);
        assert.ok(p.has("cluster-monitoring:metrics.services[1].interval"));
        assert.match(String(p.get("cluster-monitoring:metrics.services[2].name")), /not used by another job/);
        assert.ok(p.has("cluster-monitoring:metrics.services[3].port"));
        assert.ok(p.has("cluster-monitoring:metrics.services[3].typo"));
    });
});

describe("RBAC follows the scrape jobs", () => {
    async function deploy(metrics: Record<string, unknown>, secrets: Record<string, string> = {}) {
        return captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settingsWith({ metrics }, secrets), false), settings: settingsWith({ metrics }, secrets).metrics, namespaces: EXISTING_NAMESPACES }));
    }

    it("every namespace a job discovers in gets a discovery Role and RoleBinding", async () => {
        const r = await deploy({
            discoveryNamespaces: ["monitoring"],
            services: [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx" }],
        });
        const roleNamespaces = ofType(r, "kubernetes:rbac.authorization.k8s.io/v1:Role")
            .filter((x) => x.inputs.metadata.name === "monitor-main")
            .map((x) => x.inputs.metadata.namespace)
            .sort();
        // monitoring: configured; default: apiserver job; kube-system: log agent job; kafka: the service.
        assert.deepStrictEqual(roleNamespaces, ["default", "kafka", "kube-system", "monitoring"]);
        const bindingNamespaces = ofType(r, "kubernetes:rbac.authorization.k8s.io/v1:RoleBinding")
            .filter((x) => x.inputs.metadata.name === "monitor-main")
            .map((x) => x.inputs.metadata.namespace)
            .sort();
        assert.deepStrictEqual(bindingNamespaces, roleNamespaces);
    });

    it("without node discovery the ClusterRole has no nodes rule", async () => {
        // kube-proxy is found by node discovery too.
        const stack = settingsWith({ metrics: { jobs: { kubelet: false, cadvisor: false } }, controlPlane: { kubeProxy: { enabled: false } } });
        const settings = stack.metrics;
        const r = await captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(stack, false), settings, namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(findOne(r, "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole").inputs.rules, [
            { apiGroups: [""], resources: ["nodes/metrics"], verbs: ["get"] },
            { nonResourceURLs: ["/metrics"], verbs: ["get"] },
        ]);
    });

    it("with every job on, the ClusterRole still lists exactly three rules", async () => {
        const r = await deploy(
            {
                jobs: { kubelet: true, cadvisor: true, apiserver: true, etcd: true, logAgent: true },
                etcd: { endpoints: ["10.0.0.11"], discovery: "service" },
                services: [{ name: "jmx", namespace: "kafka", selector: { app: "kafka" }, port: "jmx" }],
            },
            ETCD_FILES,
        );
        assert.deepStrictEqual(findOne(r, "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole").inputs.rules, [
            { apiGroups: [""], resources: ["nodes/metrics"], verbs: ["get"] },
            { apiGroups: [""], resources: ["nodes"], verbs: ["list", "watch"] },
            { nonResourceURLs: ["/metrics"], verbs: ["get"] },
        ]);
    });
});
