import { alertmanagerServer } from "../components/alertmanager/replicas";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { Alertmanager } from "../components/alertmanager";
import { alertmanagerService } from "../components/alertmanager/service";
import { alertmanagerArgs, alertmanagerStatefulSet } from "../components/alertmanager/statefulset";
import { podDisruptionBudget, replicaSpread } from "../components/common/replica-spread";
import { Prometheus } from "../components/prometheus";
import { configReloaderContainer, reloadUrl } from "../components/prometheus/reloader";
import { configAnnotation, statefulSet } from "../components/prometheus/statefulset";
import { ConfigError } from "../config";
import { KubernetesObject, renderStack } from "../render";
import { consistencyProblems, kubernetesSchemaProblems } from "../validate";
import { declaredAppNamespaces } from "./harness/rendered-stacks";
import { podSecurityLevel } from "../validate/pod-security";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { captureResources, ofType } from "./harness/pulumi-mocks";
import { prometheusInputsFor, settingsWith } from "./harness/stack-config";
import { tempProject } from "./harness/temp-project";
import { EXISTING_NAMESPACES } from "./harness/namespaces";
import { scrapeJobs } from "../stack/scrape-jobs";

const PDB = "kubernetes:policy/v1:PodDisruptionBudget";
const STORAGE_CLASS = { storage: { mode: "storageClass" } };
const HA = { metrics: { replicas: 2, ...STORAGE_CLASS } };

function podSpec(overrides: Record<string, Record<string, unknown>>): any {
    return (statefulSet(settingsWith(overrides).metrics, { scrapeJobs: scrapeJobs(settingsWith(overrides)), ruleFiles: {} }).spec as any).template.spec;
}

function problemsOf(overrides: Record<string, Record<string, unknown>>): ConfigError["problems"] {
    try {
        settingsWith(overrides);
    } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

describe("replica spread (components/common/replica-spread.ts)", () => {
    const labels = { app: "monitor", monitor: "main" };

    it("one replica gets no affinity or spread, so a single pod's spec is unchanged", () => {
        assert.deepStrictEqual(replicaSpread(1, labels), {});
        assert.deepStrictEqual(replicaSpread(0, labels), {});
    });

    it("two or more get a preferred anti-affinity and a ScheduleAnyway spread over hostnames, both selecting the pods", () => {
        assert.deepStrictEqual(replicaSpread(2, labels), {
            affinity: {
                podAntiAffinity: {
                    preferredDuringSchedulingIgnoredDuringExecution: [
                        { weight: 100, podAffinityTerm: { topologyKey: "kubernetes.io/hostname", labelSelector: { matchLabels: labels } } },
                    ],
                },
            },
            topologySpreadConstraints: [{ maxSkew: 1, topologyKey: "kubernetes.io/hostname", whenUnsatisfiable: "ScheduleAnyway", labelSelector: { matchLabels: labels } }],
        });
    });

    it("the budget allows one pod down and selects the pods; one replica gets none", () => {
        assert.strictEqual(podDisruptionBudget("monitor", "monitoring", labels, 1), undefined);
        assert.deepStrictEqual(podDisruptionBudget("monitor", "monitoring", labels, 2), {
            apiVersion: "policy/v1",
            kind: "PodDisruptionBudget",
            metadata: { name: "monitor", namespace: "monitoring", labels },
            spec: { maxUnavailable: 1, selector: { matchLabels: labels } },
        });
    });
});

describe("Prometheus replicas and the config reloader", () => {
    it("the sidecar POSTs the reload endpoint under the route prefix and watches the config and rules directories", () => {
        const s = settingsWith({ metrics: { routePrefix: "/prometheus" } }).metrics;
        assert.strictEqual(reloadUrl(s), "http://127.0.0.1:9090/prometheus/-/reload");
        assert.strictEqual(reloadUrl(settingsWith().metrics), "http://127.0.0.1:9090/-/reload");
        const c = configReloaderContainer(s);
        assert.deepStrictEqual(c.args, [
            "--listen-address=:8080",
            "--reload-url=http://127.0.0.1:9090/prometheus/-/reload",
            "--config-file=/etc/prometheus/config/prometheus.yml",
            "--config-envsubst-file=/etc/prometheus/config_out/prometheus.env.yaml",
            "--watched-dir=/etc/prometheus/config",
            "--watched-dir=/etc/prometheus/rules",
        ]);
        assert.strictEqual(c.image, "quay.io/prometheus-operator/prometheus-config-reloader:v0.93.0");
        assert.deepStrictEqual(c.securityContext, { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, readOnlyRootFilesystem: true });
    });

    it("reloader image and resources come from metrics.reloader", () => {
        const stack = settingsWith({ metrics: { reloader: { image: "registry.example.com/reloader:v1", resources: { cpuRequest: "50m" } } } });
        const s = stack.metrics;
        const spec = (statefulSet(s, { scrapeJobs: scrapeJobs(stack), ruleFiles: {} }).spec as any).template.spec;
        for (const c of [spec.initContainers[0], spec.containers[1]]) {
            assert.strictEqual(c.image, "registry.example.com/reloader:v1");
            assert.deepStrictEqual(c.resources, { requests: { cpu: "50m", memory: "25Mi" }, limits: { memory: "50Mi" } });
        }
    });

    it("lifecycle API off, one replica: no reloader, the ConfigMap read directly, and the checksum rolls the pod", () => {
        const spec = podSpec({ metrics: { enableLifecycle: false } });
        assert.strictEqual(spec.initContainers, undefined);
        assert.deepStrictEqual(spec.containers.map((c: any) => c.name), ["monitor"]);
        assert.ok(spec.containers[0].args.includes("--config.file=/etc/prometheus/config/prometheus.yml"));
        const checksum = (metrics: Record<string, unknown>) => {
            const s = settingsWith({ metrics: { enableLifecycle: false, ...metrics } });
            return configAnnotation(s.metrics, { scrapeJobs: scrapeJobs(s), ruleFiles: {} })["checksum/config"];
        };
        assert.match(checksum({}), /^[0-9a-f]{64}$/);
        // It rolls the pod: a changed config changes the pod template's checksum, the same one keeps it.
        assert.notStrictEqual(checksum({ scrapeInterval: "15s" }), checksum({ scrapeInterval: "45s" }));
        assert.strictEqual(checksum({ scrapeInterval: "15s" }), checksum({ scrapeInterval: "15s" }));
    });

    it("lifecycle API off, two replicas: the init container still renders the replica label, no sidecar, and the checksum stays", () => {
        const overrides = { metrics: { ...HA.metrics, enableLifecycle: false } };
        const spec = podSpec(overrides);
        assert.deepStrictEqual(spec.initContainers.map((c: any) => c.name), ["init-config-reloader"]);
        assert.deepStrictEqual(spec.containers.map((c: any) => c.name), ["monitor"]);
        const sts = statefulSet(settingsWith(overrides).metrics, { scrapeJobs: scrapeJobs(settingsWith(overrides)), ruleFiles: {} }) as any;
        assert.match(sts.spec.template.metadata.annotations["checksum/config"], /^[0-9a-f]{64}$/);
    });

    it("one replica keeps the spec's external labels and no alert relabeling; two add the replica label and drop it from alerts", () => {
        const one = parse(generatedPrometheusFiles(settingsWith()).prometheusYml);
        assert.deepStrictEqual(one.global.external_labels, { monitor: "monitoring/main" });
        assert.strictEqual(one.alerting.alert_relabel_configs, undefined);
        const two = parse(generatedPrometheusFiles(settingsWith({ metrics: { ...HA.metrics, replicaLabel: "prometheus_replica" } })).prometheusYml);
        assert.deepStrictEqual(two.global.external_labels, { monitor: "monitoring/main", prometheus_replica: "$(POD_NAME)" });
        assert.deepStrictEqual(two.alerting.alert_relabel_configs, [{ action: "labeldrop", regex: "prometheus_replica" }]);
    });

    it("two replicas: the StatefulSet asks for two, spreads them, and a PodDisruptionBudget covers them", async () => {
        const s = settingsWith(HA).metrics;
        const sts = statefulSet(s, { scrapeJobs: scrapeJobs(settingsWith(HA)), ruleFiles: {} }) as any;
        assert.strictEqual(sts.spec.replicas, 2);
        assert.deepStrictEqual(sts.spec.template.spec.affinity, replicaSpread(2, sts.spec.template.metadata.labels).affinity);
        assert.strictEqual(sts.spec.template.spec.topologySpreadConstraints.length, 1);
        const resources = await captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settingsWith(HA), false), settings: s, namespaces: EXISTING_NAMESPACES }));
        const [pdb] = ofType(resources, PDB);
        assert.deepStrictEqual(pdb.inputs.spec.selector.matchLabels, sts.spec.selector.matchLabels);
        const single = await captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settingsWith(), false), settings: settingsWith().metrics, namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(ofType(single, PDB), []);
        assert.strictEqual((statefulSet(settingsWith().metrics, { scrapeJobs: scrapeJobs(settingsWith()), ruleFiles: {} }).spec as any).template.spec.affinity, undefined);
    });

    it("every container and init container of the replicated pod meets the restricted level", () => {
        assert.strictEqual(podSecurityLevel(podSpec(HA)).level, "restricted");
    });

    it("refuses two replicas on NFS, more than 10, and a replica label already among the external labels", () => {
        assert.match(problemsOf({ metrics: { replicas: 2 } }).find((p) => p.key === "cluster-monitoring:metrics.replicas")!.expected, /NFS/);
        assert.ok(problemsOf({ metrics: { replicas: 11, ...STORAGE_CLASS } }).some((p) => p.key === "cluster-monitoring:metrics.replicas"));
        assert.ok(problemsOf({ metrics: { ...HA.metrics, externalLabels: { replica: "x" } } }).some((p) => p.key === "cluster-monitoring:metrics.replicaLabel"));
        // With one replica the label is never added, so the name is free to use.
        settingsWith({ metrics: { externalLabels: { replica: "x" } } });
    });
});

describe("the Alertmanager cluster", () => {
    it("defaults to 3 replicas while Prometheus is replicated, else 1; a stack may set its own", () => {
        assert.strictEqual(alertmanagerServer(settingsWith(HA)).replicas, 3);
        assert.strictEqual(alertmanagerServer(settingsWith()).replicas, 1);
        assert.strictEqual(alertmanagerServer(settingsWith({ ...HA, alertmanager: { replicas: 2 } })).replicas, 2);
        assert.strictEqual(alertmanagerServer(settingsWith({ alertmanager: { replicas: 3 } })).replicas, 3);
    });

    it("one replica keeps gossip off and the Service to the web port", () => {
        const a = alertmanagerServer(settingsWith());
        assert.ok(alertmanagerArgs(a).includes("--cluster.listen-address="));
        assert.ok(!alertmanagerArgs(a).some((f) => f.startsWith("--cluster.peer=")));
        assert.deepStrictEqual((alertmanagerService(a).spec as any).ports.map((p: any) => p.name), ["web"]);
        assert.strictEqual((alertmanagerService(a).spec as any).publishNotReadyAddresses, undefined);
    });

    it("three replicas: listen on the pod IP, one peer per pod by its headless DNS name, gossip ports on container and Service", () => {
        const a = alertmanagerServer(settingsWith(HA));
        assert.deepStrictEqual(alertmanagerArgs(a).filter((f) => f.startsWith("--cluster.")), [
            "--cluster.listen-address=[$(POD_IP)]:9094",
            "--cluster.peer=alertmanager-0.alertmanager.monitoring.svc:9094",
            "--cluster.peer=alertmanager-1.alertmanager.monitoring.svc:9094",
            "--cluster.peer=alertmanager-2.alertmanager.monitoring.svc:9094",
            "--cluster.reconnect-timeout=5m",
        ]);
        const sts = alertmanagerStatefulSet(a) as any;
        assert.strictEqual(sts.spec.replicas, 3);
        assert.strictEqual(sts.spec.serviceName, "alertmanager", "the peers' DNS names come from this governing Service");
        const c = sts.spec.template.spec.containers[0];
        assert.deepStrictEqual(c.env, [{ name: "POD_IP", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "status.podIP" } } }]);
        assert.deepStrictEqual(c.ports.map((p: any) => `${p.name}/${p.containerPort}/${p.protocol}`), ["web/9093/TCP", "mesh-tcp/9094/TCP", "mesh-udp/9094/UDP"]);
        const service = alertmanagerService(a).spec as any;
        assert.deepStrictEqual(service.ports.map((p: any) => `${p.name}/${p.port}/${p.protocol}/${p.targetPort}`), ["web/9093/TCP/web", "mesh-tcp/9094/TCP/mesh-tcp", "mesh-udp/9094/UDP/mesh-udp"]);
        assert.strictEqual(service.publishNotReadyAddresses, true);
        assert.ok(sts.spec.template.spec.affinity && sts.spec.template.spec.topologySpreadConstraints);
        assert.strictEqual(podSecurityLevel(sts.spec.template.spec).level, "restricted");
    });

    it("three replicas get a PodDisruptionBudget; one gets none", async () => {
        const three = await captureResources(() => new Alertmanager("alertmanager", { settings: alertmanagerServer(settingsWith(HA)), namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(ofType(three, PDB).map((r) => r.inputs.spec), [{ maxUnavailable: 1, selector: { matchLabels: { "app.kubernetes.io/name": "alertmanager", "app.kubernetes.io/component": "alertmanager" } } }]);
        const one = await captureResources(() => new Alertmanager("alertmanager", { settings: alertmanagerServer(settingsWith()), namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(ofType(one, PDB), []);
    });

    it("Prometheus alerts only the web port of every peer, and the self-monitoring job drops the gossip ports", () => {
        const config = parse(generatedPrometheusFiles(settingsWith(HA)).prometheusYml);
        assert.deepStrictEqual(config.alerting.alertmanagers[0].relabel_configs, [
            { action: "keep", source_labels: ["__meta_kubernetes_service_name"], regex: "alertmanager" },
            { action: "keep", source_labels: ["__meta_kubernetes_endpoint_port_name"], regex: "web" },
        ]);
        assert.deepStrictEqual(config.scrape_configs[0].relabel_configs[2], {
            action: "drop",
            source_labels: ["__meta_kubernetes_service_name", "__meta_kubernetes_endpoint_port_name"],
            regex: "alertmanager;(mesh-tcp|mesh-udp)",
        });
        const single = parse(generatedPrometheusFiles(settingsWith()).prometheusYml);
        assert.ok(!single.scrape_configs[0].relabel_configs.some((r: any) => r.action === "drop"));
    });

    it("on an EndpointSlice release line, the same two rules read the endpointslice port label", () => {
        const modern = { ...HA, metrics: { ...HA.metrics, image: "quay.io/prometheus/prometheus:v3.5.0" } };
        const config = parse(generatedPrometheusFiles(settingsWith(modern)).prometheusYml);
        assert.strictEqual(config.alerting.alertmanagers[0].kubernetes_sd_configs[0].role, "endpointslice");
        assert.deepStrictEqual(config.alerting.alertmanagers[0].relabel_configs[1], {
            action: "keep",
            source_labels: ["__meta_kubernetes_endpointslice_port_name"],
            regex: "web",
        });
        assert.strictEqual(config.scrape_configs[0].kubernetes_sd_configs[0].role, "endpointslice");
        assert.deepStrictEqual(config.scrape_configs[0].relabel_configs[2], {
            action: "drop",
            source_labels: ["__meta_kubernetes_service_name", "__meta_kubernetes_endpointslice_port_name"],
            regex: "alertmanager;(mesh-tcp|mesh-udp)",
        });
    });

    it("refuses several replicas on NFS, and tells a replicated stack with an NFS Alertmanager what to choose", () => {
        const nfs = { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/am" } };
        assert.ok(problemsOf({ alertmanager: { replicas: 2, storage: nfs } }).some((p) => p.key === "cluster-monitoring:alertmanager.replicas"));
        const p = problemsOf({ ...HA, alertmanager: { storage: nfs } }).find((x) => x.key === "cluster-monitoring:alertmanager.replicas");
        assert.match(p!.expected, /defaults to 3 because cluster-monitoring:metrics\.replicas is 2/);
        assert.strictEqual(alertmanagerServer(settingsWith({ ...HA, alertmanager: { replicas: 1, storage: nfs } })).replicas, 1);
    });
});

describe("a replicated stack rendered whole", function () {
    let objects: KubernetesObject[];
    before(async () => {
        const dev = parse(fs.readFileSync(path.join(__dirname, "..", "Pulumi.dev.yaml"), "utf8"));
        const metricsKey = "cluster-monitoring:metrics";
        dev.config[metricsKey] = { ...dev.config[metricsKey], replicas: 2, storage: { mode: "storageClass" } };
        const dir = tempProject({ "Pulumi.ha.yaml": stringify(dev) });
        objects = (await renderStack(dir, "ha")).objects;
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("has two budgets, passes the Kubernetes schema and the cross-object checks", () => {
        assert.deepStrictEqual(objects.filter((o) => o.kind === "PodDisruptionBudget").map((o) => o.metadata.name).sort(), ["alertmanager", "monitor"]);
        assert.deepStrictEqual(kubernetesSchemaProblems(objects), []);
        // dev's application namespaces (its annotation namespace demo) exist before `pulumi up`.
        assert.deepStrictEqual(consistencyProblems(objects, declaredAppNamespaces("dev")), []);
    });

    it("every budget selects exactly the pods of its StatefulSet", () => {
        for (const pdb of objects.filter((o) => o.kind === "PodDisruptionBudget") as any[]) {
            const sts = objects.find((o) => o.kind === "StatefulSet" && o.metadata.name === pdb.metadata.name) as any;
            assert.deepStrictEqual(pdb.spec.selector.matchLabels, sts.spec.selector.matchLabels);
            assert.ok(sts.spec.replicas >= 2);
        }
    });
});
