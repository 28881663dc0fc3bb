import * as assert from "assert";
import { parse } from "yaml";
import { Prometheus } from "../components/prometheus";
import { captureResources, findOne, ofType, RegisteredResource, unwrapSecret } from "./harness/pulumi-mocks";
import { metricsWarnings } from "../components/prometheus/warnings";
import { prometheusInputsFor, settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";
import { Namespaces } from "../components/namespaces";

const T = {
    namespace: "kubernetes:core/v1:Namespace",
    serviceAccount: "kubernetes:core/v1:ServiceAccount",
    clusterRole: "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
    clusterRoleBinding: "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
    role: "kubernetes:rbac.authorization.k8s.io/v1:Role",
    roleBinding: "kubernetes:rbac.authorization.k8s.io/v1:RoleBinding",
    configMap: "kubernetes:core/v1:ConfigMap",
    secret: "kubernetes:core/v1:Secret",
    pv: "kubernetes:core/v1:PersistentVolume",
    service: "kubernetes:core/v1:Service",
    statefulSet: "kubernetes:apps/v1:StatefulSet",
    ingress: "kubernetes:networking.k8s.io/v1:Ingress",
};

const subject = { kind: "ServiceAccount", name: "monitor-main", namespace: "monitoring" };

async function deploy(overrides: Record<string, Record<string, unknown>> = {}, secrets: Record<string, string> = {}) {
    const settings = settingsWith(overrides, secrets);
    return captureResources(() => new Prometheus("monitor", { ...prometheusInputsFor(settings), settings: settings.metrics, namespaces: new Namespaces("namespaces", { settings, namespaceWorkloads: prometheusInputsFor(settings).namespaceWorkloads }) }));
}

/** The Prometheus container; the config reloader, when there is one, runs beside it. */
function container(resources: RegisteredResource[], name = "monitor") {
    const sts = findOne(resources, T.statefulSet, name);
    const [prometheus, ...others] = sts.inputs.spec.template.spec.containers;
    assert.deepStrictEqual(others.map((c: any) => c.name), sts.inputs.spec.template.spec.containers[0].args.includes("--web.enable-lifecycle") ? ["config-reloader"] : []);
    return prometheus;
}

describe("Prometheus with default settings", () => {
    let resources: RegisteredResource[];
    before(async () => {
        resources = await deploy();
    });

    it("registers exactly the resources of docs/design.md#metrics-server, and no etcd Secret or Ingress", () => {
        const kinds = resources.map((r) => `${r.type} ${r.inputs.metadata?.namespace ?? ""}/${r.inputs.metadata?.name ?? r.name}`).sort();
        assert.deepStrictEqual(kinds, [
            // Built with the Namespaces component, which creates the namespace, as index.ts does.
            "cluster-monitoring:cluster:Namespaces /namespaces",
            "cluster-monitoring:monitoring:MetricsServer /monitor",
            `${T.configMap} monitoring/monitor`,
            `${T.configMap} monitoring/monitor-rulefiles`,
            `${T.namespace} /monitoring`,
            `${T.pv} /monitor`,
            `${T.service} monitoring/monitor`,
            `${T.serviceAccount} monitoring/monitor-main`,
            `${T.statefulSet} monitoring/monitor`,
            `${T.clusterRole} /monitor-main`,
            `${T.clusterRoleBinding} /monitor-main`,
            `${T.role} default/monitor-main`,
            `${T.role} kube-system/monitor-main`,
            `${T.role} monitoring/monitor-main`,
            `${T.role} monitoring/monitor-main-config`,
            `${T.roleBinding} default/monitor-main`,
            `${T.roleBinding} kube-system/monitor-main`,
            `${T.roleBinding} monitoring/monitor-main`,
            `${T.roleBinding} monitoring/monitor-main-config`,
        ].sort());
    });

    it("names children after the component", () => {
        for (const r of resources.filter((r) => r.type.startsWith("kubernetes:"))) {
            assert.match(r.name, /^monitor-/);
        }
    });

    it("2.1 namespace monitoring, enforcing the restricted Pod Security level that Prometheus meets", () => {
        assert.deepStrictEqual(findOne(resources, T.namespace).inputs, {
            apiVersion: "v1",
            kind: "Namespace",
            metadata: {
                name: "monitoring",
                labels: {
                    "pod-security.kubernetes.io/enforce": "restricted",
                    "pod-security.kubernetes.io/enforce-version": "v1.33",
                },
            },
        });
    });

    it("2.2 service account monitor-main in monitoring", () => {
        assert.deepStrictEqual(findOne(resources, T.serviceAccount).inputs.metadata, { name: "monitor-main", namespace: "monitoring" });
    });

    it("2.3 cluster role: nodes/metrics get, /metrics get, and nodes list/watch for kubelet discovery, nothing else", () => {
        assert.deepStrictEqual(findOne(resources, T.clusterRole).inputs.rules, [
            { apiGroups: [""], resources: ["nodes/metrics"], verbs: ["get"] },
            { apiGroups: [""], resources: ["nodes"], verbs: ["list", "watch"] },
            { nonResourceURLs: ["/metrics"], verbs: ["get"] },
        ]);
    });

    it("2.3 cluster role binding to the service account", () => {
        const b = findOne(resources, T.clusterRoleBinding).inputs;
        assert.deepStrictEqual(b.roleRef, { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "monitor-main" });
        assert.deepStrictEqual(b.subjects, [subject]);
    });

    it("2.3 config role: get on the server's own configmaps", () => {
        const role = findOne(resources, T.role, "monitor-main-config").inputs;
        assert.strictEqual(role.metadata.namespace, "monitoring");
        assert.deepStrictEqual(role.rules, [
            { apiGroups: [""], resources: ["configmaps"], resourceNames: ["monitor", "monitor-rulefiles"], verbs: ["get"] },
        ]);
        const binding = findOne(resources, T.roleBinding, "monitor-main-config").inputs;
        assert.strictEqual(binding.metadata.namespace, "monitoring");
        assert.deepStrictEqual(binding.roleRef, { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "monitor-main-config" });
        assert.deepStrictEqual(binding.subjects, [subject]);
    });

    it("2.3 discovery role and binding in each of default, kube-system and monitoring", () => {
        const roles = ofType(resources, T.role).filter((r) => r.inputs.metadata.name === "monitor-main");
        const bindings = ofType(resources, T.roleBinding).filter((r) => r.inputs.metadata.name === "monitor-main");
        assert.deepStrictEqual(roles.map((r) => r.inputs.metadata.namespace).sort(), ["default", "kube-system", "monitoring"]);
        assert.deepStrictEqual(bindings.map((r) => r.inputs.metadata.namespace).sort(), ["default", "kube-system", "monitoring"]);
        for (const role of roles) {
            assert.deepStrictEqual(role.inputs.rules, [
                { apiGroups: [""], resources: ["services", "endpoints", "pods"], verbs: ["get", "list", "watch"] },
            ]);
        }
        for (const binding of bindings) {
            assert.deepStrictEqual(binding.inputs.roleRef, { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "monitor-main" });
            assert.deepStrictEqual(binding.inputs.subjects, [subject]);
        }
    });

    it("2.4 configmap monitor holds prometheus.yml with globals, rule files and the one job", () => {
        const cm = findOne(resources, T.configMap, "monitor").inputs;
        assert.strictEqual(cm.metadata.namespace, "monitoring");
        assert.deepStrictEqual(Object.keys(cm.data), ["prometheus.yml"]);
        const config = parse(cm.data["prometheus.yml"]);
        assert.deepStrictEqual(config.global, {
            evaluation_interval: "30s",
            scrape_interval: "30s",
            external_labels: { monitor: "monitoring/main" },
        });
        assert.deepStrictEqual(config.rule_files, ["/etc/prometheus/rules/*.yml"]);
        assert.deepStrictEqual(
            config.scrape_configs.map((j: any) => j.job_name),
            [
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
            ],
        );
        const job = config.scrape_configs[0];
        assert.strictEqual(job.job_name, "monitor");
        assert.strictEqual(job.honor_labels, false);
        assert.strictEqual(job.scrape_interval, "30s");
        assert.strictEqual(job.metrics_path, undefined, "the default /metrics applies");
        assert.deepStrictEqual(job.kubernetes_sd_configs, [{ role: "endpoints", namespaces: { names: ["monitoring"] } }]);
    });

    it("2.4 the seven relabel rules, in order, and after the first the Service's named ports only (docs/scrape-jobs.md#our-own-components)", () => {
        const config = parse(findOne(resources, T.configMap, "monitor").inputs.data["prometheus.yml"]);
        assert.deepStrictEqual(config.scrape_configs[0].relabel_configs, [
            { action: "keep", source_labels: ["__meta_kubernetes_service_label_monitor"], regex: "main" },
            { action: "keep", source_labels: ["__meta_kubernetes_endpoint_port_name"], regex: ".+" },
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
            { action: "replace", source_labels: ["__meta_kubernetes_pod_name"], target_label: "pod" },
            { action: "replace", source_labels: ["__meta_kubernetes_service_name"], replacement: "${1}", target_label: "job" },
            { action: "replace", replacement: "web", target_label: "endpoint" },
        ]);
    });

    it("2.5 configmap monitor-rulefiles with the spec's empty k8s.yml, the default rule groups in files of their own", () => {
        const cm = findOne(resources, T.configMap, "monitor-rulefiles").inputs;
        assert.strictEqual(cm.metadata.namespace, "monitoring");
        assert.strictEqual(cm.data["k8s.yml"], "");
        const others = Object.keys(cm.data).filter((k) => k !== "k8s.yml");
        assert.ok(others.length > 0, "the default alerts are on by default");
        for (const key of others) {
            assert.match(key, /^defaults-[a-z-]+\.yml$/);
            assert.match(cm.data[key], /^groups:\n/);
        }
    });

    it("2.6 NFS persistent volume, retained, bound only to its claim", () => {
        assert.deepStrictEqual(findOne(resources, T.pv).inputs, {
            apiVersion: "v1",
            kind: "PersistentVolume",
            metadata: { name: "monitor", labels: { name: "monitor" } },
            spec: {
                nfs: { server: "10.0.0.10", path: "/exports/monitor" },
                accessModes: ["ReadWriteMany", "ReadWriteOnce"],
                capacity: { storage: "1Ti" },
                persistentVolumeReclaimPolicy: "Retain",
                storageClassName: "",
                volumeMode: "Filesystem",
            },
        });
    });

    it("2.7 headless service monitor", () => {
        assert.deepStrictEqual(findOne(resources, T.service).inputs, {
            apiVersion: "v1",
            kind: "Service",
            metadata: { name: "monitor", namespace: "monitoring", labels: { monitor: "main" } },
            spec: {
                type: "ClusterIP",
                clusterIP: "None",
                selector: { app: "monitor" },
                ports: [{ name: "web", port: 9090, protocol: "TCP", targetPort: "web" }],
            },
        });
    });

    it("2.9 statefulset metadata, selector and pod template cross-references", () => {
        const sts = findOne(resources, T.statefulSet).inputs;
        const labels = { app: "monitor", monitor: "main" };
        assert.deepStrictEqual(sts.metadata, { name: "monitor", namespace: "monitoring", labels });
        assert.strictEqual(sts.spec.replicas, 1);
        assert.strictEqual(sts.spec.revisionHistoryLimit, 10);
        assert.strictEqual(sts.spec.serviceName, findOne(resources, T.service).inputs.metadata.name);
        assert.deepStrictEqual(sts.spec.selector, { matchLabels: labels });
        assert.deepStrictEqual(sts.spec.template.metadata.labels, labels);
        assert.deepStrictEqual(sts.spec.updateStrategy, { type: "RollingUpdate" });
        assert.strictEqual(sts.spec.template.spec.serviceAccountName, findOne(resources, T.serviceAccount).inputs.metadata.name);
        const serviceSelector = findOne(resources, T.service).inputs.spec.selector;
        for (const [k, v] of Object.entries(serviceSelector)) {
            assert.strictEqual(sts.spec.template.metadata.labels[k], v, `service selector ${k}=${v} must match the pods`);
        }
    });

    it("2.9 container image, pull policy, port, memory and termination message", () => {
        const c = container(resources);
        assert.strictEqual(c.name, "monitor");
        assert.strictEqual(c.image, "quay.io/prometheus/prometheus:v2.11.1");
        assert.strictEqual(c.imagePullPolicy, "IfNotPresent");
        assert.deepStrictEqual(c.ports, [{ containerPort: 9090, name: "web", protocol: "TCP" }]);
        assert.deepStrictEqual(c.resources, { requests: { memory: "400Mi" } });
        assert.strictEqual(c.terminationMessagePath, "/dev/termination-log");
        assert.strictEqual(c.terminationMessagePolicy, "File");
    });

    it("2.9 the ten start-up arguments in order", () => {
        assert.deepStrictEqual(container(resources).args, [
            "--web.console.templates=/etc/prometheus/consoles",
            "--web.console.libraries=/etc/prometheus/console_libraries",
            "--config.file=/etc/prometheus/config_out/prometheus.env.yaml",
            "--storage.tsdb.path=/prometheus",
            "--web.enable-admin-api",
            "--storage.tsdb.retention.time=20d",
            "--web.enable-lifecycle",
            "--storage.tsdb.no-lockfile",
            "--web.external-url=https://monitor.example.com/",
            "--web.route-prefix=/",
        ]);
    });

    it("2.9 the config file argument points at the reloader's rendered copy, which the init container writes before Prometheus starts", () => {
        const c = container(resources);
        const spec = findOne(resources, T.statefulSet).inputs.spec.template.spec;
        const renderedMount = c.volumeMounts.find((m: any) => m.name === "config-out");
        assert.ok(c.args.includes(`--config.file=${renderedMount.mountPath}/prometheus.env.yaml`));
        const [init] = spec.initContainers;
        assert.ok(init.args.includes(`--config-envsubst-file=${renderedMount.mountPath}/prometheus.env.yaml`));
        const key = Object.keys(findOne(resources, T.configMap, "monitor").inputs.data)[0];
        const configMount = init.volumeMounts.find((m: any) => m.name === "config");
        assert.ok(init.args.includes(`--config-file=${configMount.mountPath}/${key}`));
    });

    it("2.9 liveness and readiness probes", () => {
        const c = container(resources);
        assert.deepStrictEqual(c.livenessProbe, {
            httpGet: { path: "/-/healthy", port: "web", scheme: "HTTP" },
            failureThreshold: 6,
            periodSeconds: 5,
            successThreshold: 1,
            timeoutSeconds: 3,
        });
        assert.deepStrictEqual(c.readinessProbe, {
            httpGet: { path: "/-/ready", port: "web", scheme: "HTTP" },
            failureThreshold: 120,
            periodSeconds: 5,
            successThreshold: 1,
            timeoutSeconds: 3,
        });
    });

    it("2.9 mounts and volumes: config, data, rule files; no etcd secret without certificates", () => {
        const sts = findOne(resources, T.statefulSet).inputs;
        assert.deepStrictEqual(container(resources).volumeMounts, [
            { name: "config-out", mountPath: "/etc/prometheus/config_out", readOnly: true },
            { name: "monitor-data", mountPath: "/prometheus" },
            { name: "monitor-rulefiles", mountPath: "/etc/prometheus/rules/" },
        ]);
        assert.deepStrictEqual(sts.spec.template.spec.volumes, [
            { name: "config", configMap: { name: "monitor", defaultMode: 420 } },
            { name: "monitor-rulefiles", configMap: { name: "monitor-rulefiles", defaultMode: 420 } },
            { name: "config-out", emptyDir: {} },
        ]);
    });

    it("2.9 claim template selects the NFS volume by label and empty storage class", () => {
        const sts = findOne(resources, T.statefulSet).inputs;
        const pv = findOne(resources, T.pv).inputs;
        assert.deepStrictEqual(sts.spec.volumeClaimTemplates, [
            {
                metadata: { name: "monitor-data" },
                spec: {
                    accessModes: ["ReadWriteOnce"],
                    resources: { requests: { storage: "1Ti" } },
                    volumeMode: "Filesystem",
                    selector: { matchLabels: { name: "monitor" } },
                    storageClassName: "",
                },
            },
        ]);
        const claim = sts.spec.volumeClaimTemplates[0].spec;
        assert.deepStrictEqual(claim.selector.matchLabels, pv.metadata.labels);
        assert.strictEqual(claim.storageClassName, pv.spec.storageClassName);
        assert.ok(pv.spec.accessModes.includes(claim.accessModes[0]));
    });

    it("hardening: non-root 65534, seccomp RuntimeDefault, no escalation, no capabilities, read-only root", () => {
        const sts = findOne(resources, T.statefulSet).inputs;
        assert.deepStrictEqual(sts.spec.template.spec.securityContext, {
            runAsUser: 65534,
            runAsGroup: 65534,
            runAsNonRoot: true,
            fsGroup: 65534,
            seccompProfile: { type: "RuntimeDefault" },
        });
        assert.deepStrictEqual(container(resources).securityContext, {
            allowPrivilegeEscalation: false,
            capabilities: { drop: ["ALL"] },
            readOnlyRootFilesystem: true,
        });
    });

    it("pod template carries no checksum of the config files: the reloader applies them in place", () => {
        assert.strictEqual(findOne(resources, T.statefulSet).inputs.spec.template.metadata.annotations, undefined);
    });
});

describe("Prometheus with stack overrides", () => {
    it("with the lifecycle API on, a changed scrape interval or rule changes the ConfigMaps and nothing in the StatefulSet", async () => {
        const base = await deploy();
        const changed = await deploy({ metrics: { scrapeInterval: "15s" }, alertRules: { defaults: false } });
        assert.notDeepStrictEqual(findOne(changed, T.configMap, "monitor").inputs, findOne(base, T.configMap, "monitor").inputs);
        assert.notDeepStrictEqual(findOne(changed, T.configMap, "monitor-rulefiles").inputs, findOne(base, T.configMap, "monitor-rulefiles").inputs);
        assert.deepStrictEqual(findOne(changed, T.statefulSet).inputs, findOne(base, T.statefulSet).inputs);
    });

    it("with the lifecycle API off, a changed scrape interval changes the config and the pod checksum, and nothing else in the StatefulSet", async () => {
        const base = await deploy({ metrics: { enableLifecycle: false } });
        const changed = await deploy({ metrics: { scrapeInterval: "15s", enableLifecycle: false } });
        const baseCm = parse(findOne(base, T.configMap, "monitor").inputs.data["prometheus.yml"]);
        const changedCm = parse(findOne(changed, T.configMap, "monitor").inputs.data["prometheus.yml"]);
        assert.strictEqual(changedCm.global.scrape_interval, "15s");
        assert.strictEqual(changedCm.scrape_configs[0].scrape_interval, "15s");
        assert.deepStrictEqual({ ...changedCm, global: baseCm.global, scrape_configs: baseCm.scrape_configs }, baseCm);

        const baseSts = findOne(base, T.statefulSet).inputs;
        const changedSts = findOne(changed, T.statefulSet).inputs;
        assert.notStrictEqual(
            changedSts.spec.template.metadata.annotations["checksum/config"],
            baseSts.spec.template.metadata.annotations["checksum/config"],
        );
        changedSts.spec.template.metadata.annotations = baseSts.spec.template.metadata.annotations;
        assert.deepStrictEqual(changedSts, baseSts);
    });

    it("retention, memory and storage reach the argument, the request, the volume and the claim", async () => {
        const r = await deploy({ metrics: { retention: "45d", resources: { memoryRequest: "2Gi", memoryLimit: "4Gi" }, storage: { mode: "nfs", size: "500Gi", nfs: { server: "10.0.0.10", path: "/exports/monitor" } } } });
        const c = container(r);
        assert.ok(c.args.includes("--storage.tsdb.retention.time=45d"));
        assert.ok(!c.args.includes("--storage.tsdb.retention.time=20d"));
        assert.deepStrictEqual(c.resources, { requests: { memory: "2Gi" }, limits: { memory: "4Gi" } });
        assert.strictEqual(findOne(r, T.pv).inputs.spec.capacity.storage, "500Gi");
        assert.strictEqual(
            findOne(r, T.statefulSet).inputs.spec.volumeClaimTemplates[0].spec.resources.requests.storage,
            "500Gi",
        );
    });

    it("storageClass mode registers no PersistentVolume and lets the cluster's default StorageClass provision the claim", async () => {
        const r = await deploy({ metrics: { storage: { mode: "storageClass", size: "20Gi" } } });
        assert.deepStrictEqual(r.filter((x) => x.type === T.pv), []);
        const sts = findOne(r, T.statefulSet);
        const [claim] = sts.inputs.spec.volumeClaimTemplates;
        assert.deepStrictEqual(claim.spec, {
            accessModes: ["ReadWriteOnce"],
            resources: { requests: { storage: "20Gi" } },
            volumeMode: "Filesystem",
        });
        const mounts = sts.inputs.spec.template.spec.containers[0].volumeMounts.map((m: any) => m.name);
        assert.ok(mounts.includes(claim.metadata.name), "the container mounts the claimed volume");
    });

    it("storageClass mode with a className asks that StorageClass", async () => {
        const r = await deploy({ metrics: { storage: { className: "gp3" } } });
        assert.strictEqual(findOne(r, T.statefulSet).inputs.spec.volumeClaimTemplates[0].spec.storageClassName, "gp3");
    });

    it("switching off the admin and lifecycle APIs drops exactly those two arguments, and Prometheus reads its ConfigMap directly (no reloader renders it)", async () => {
        const args = container(await deploy({ metrics: { enableAdminApi: false, enableLifecycle: false } })).args;
        assert.strictEqual(args.length, 8);
        // Exactly those two: the arguments with both APIs on, less the two flags, in the same order;
        // without the lifecycle API no reloader writes the rendered file, so --config.file names the ConfigMap's.
        const on = container(await deploy({ metrics: { enableAdminApi: true, enableLifecycle: true } })).args as string[];
        assert.ok(on.includes("--web.enable-admin-api") && on.includes("--web.enable-lifecycle"), on.join(" "));
        const expected = on
            .filter((a) => a !== "--web.enable-admin-api" && a !== "--web.enable-lifecycle")
            .map((a) => (a === "--config.file=/etc/prometheus/config_out/prometheus.env.yaml" ? "--config.file=/etc/prometheus/config/prometheus.yml" : a));
        assert.deepStrictEqual(args, expected);
    });

    it("discovery and scrape namespaces drive the Roles and the job", async () => {
        const r = await deploy({
            metrics: {
                discoveryNamespaces: ["monitoring", "apps"],
                scrapeNamespaces: ["monitoring", "apps"],
                jobs: { apiserver: false, logAgent: false },
            },
            // node-exporter's pods and the control-plane components in kube-system would add that namespace; the test is about the settings.
            nodeExporter: { enabled: false },
            controlPlane: { coreDns: { enabled: false }, scheduler: { enabled: false }, controllerManager: { enabled: false } },
        });
        const roles = ofType(r, T.role).filter((x) => x.inputs.metadata.name === "monitor-main");
        assert.deepStrictEqual(roles.map((x) => x.inputs.metadata.namespace).sort(), ["apps", "monitoring"]);
        const bindings = ofType(r, T.roleBinding).filter((x) => x.inputs.metadata.name === "monitor-main");
        assert.deepStrictEqual(bindings.map((x) => x.inputs.metadata.namespace).sort(), ["apps", "monitoring"]);
        const config = parse(findOne(r, T.configMap, "monitor").inputs.data["prometheus.yml"]);
        assert.deepStrictEqual(config.scrape_configs[0].kubernetes_sd_configs[0].namespaces.names, ["monitoring", "apps"]);
    });

    it("a renamed namespace, server and account keep every cross-reference consistent", async () => {
        const r = await deploy({ metrics: { namespace: "obs", name: "prom", serviceAccountName: "prom-sa", discoveryNamespaces: ["obs"], scrapeNamespaces: ["obs"] } });
        const sts = findOne(r, T.statefulSet, "prom").inputs;
        assert.strictEqual(sts.metadata.namespace, "obs");
        assert.strictEqual(sts.spec.serviceName, findOne(r, T.service, "prom").inputs.metadata.name);
        assert.strictEqual(sts.spec.template.spec.serviceAccountName, "prom-sa");
        assert.deepStrictEqual(findOne(r, T.service, "prom").inputs.spec.selector, { app: "prom" });
        assert.deepStrictEqual(sts.spec.template.metadata.labels, { app: "prom", monitor: "main" });
        assert.deepStrictEqual(
            sts.spec.template.spec.volumes.filter((v: any) => v.configMap).map((v: any) => v.configMap.name),
            [findOne(r, T.configMap, "prom").inputs.metadata.name, findOne(r, T.configMap, "prom-rulefiles").inputs.metadata.name],
        );
        assert.deepStrictEqual(findOne(r, T.clusterRoleBinding, "prom-sa").inputs.subjects, [
            { kind: "ServiceAccount", name: "prom-sa", namespace: "obs" },
        ]);
        assert.deepStrictEqual(findOne(r, T.pv, "prom").inputs.metadata.labels, sts.spec.volumeClaimTemplates[0].spec.selector.matchLabels);
    });

    it("an ingress host adds a networking.k8s.io/v1 Ingress to the service port", async () => {
        const r = await deploy({
            metrics: { enableAdminApi: false, enableLifecycle: false, ingress: { host: "monitor.example.com", className: "nginx", tlsSecretName: "monitor-tls", auth: { public: { reason: "a lab cluster reached only through the office VPN" } } } },
        });
        assert.deepStrictEqual(findOne(r, T.ingress).inputs, {
            apiVersion: "networking.k8s.io/v1",
            kind: "Ingress",
            metadata: { name: "monitor", namespace: "monitoring" },
            spec: {
                ingressClassName: "nginx",
                tls: [{ hosts: ["monitor.example.com"], secretName: "monitor-tls" }],
                rules: [
                    {
                        host: "monitor.example.com",
                        http: {
                            paths: [
                                { path: "/", pathType: "Prefix", backend: { service: { name: "monitor", port: { number: 9090 } } } },
                            ],
                        },
                    },
                ],
            },
        });
    });

    it("etcd client certificates add the Secret, its volume and its read-only mount", async () => {
        const r = await deploy(
            { metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"] } } },
            ETCD_TEST_FILES,
        );
        const secret = findOne(r, T.secret, "kvstore-client-cert").inputs;
        assert.strictEqual(secret.metadata.namespace, "monitoring");
        assert.deepStrictEqual(unwrapSecret(secret.stringData), {
            "ca.crt": ETCD_TEST_FILES.etcdCaCert,
            "healthcheck-client.crt": ETCD_TEST_FILES.etcdClientCert,
            "healthcheck-client.key": ETCD_TEST_FILES.etcdClientKey,
        });
        for (const cm of ofType(r, T.configMap)) {
            assert.doesNotMatch(JSON.stringify(cm.inputs), /MIIB|BEGIN/);
        }
        const sts = findOne(r, T.statefulSet).inputs;
        assert.deepStrictEqual(sts.spec.template.spec.volumes[3], {
            name: "secret-kvstore-client-cert",
            secret: { secretName: "kvstore-client-cert", defaultMode: 420 },
        });
        assert.deepStrictEqual(container(r).volumeMounts[3], {
            name: "secret-kvstore-client-cert",
            mountPath: "/etc/prometheus/secrets/kvstore-client-cert",
            readOnly: true,
        });
    });

    it("a route prefix moves the probes under it", async () => {
        const c = container(await deploy({ metrics: { routePrefix: "/prometheus" } }));
        assert.strictEqual(c.livenessProbe.httpGet.path, "/prometheus/-/healthy");
        assert.strictEqual(c.readinessProbe.httpGet.path, "/prometheus/-/ready");
        assert.ok(c.args.includes("--web.route-prefix=/prometheus"));
    });
});

describe("Prometheus warnings", () => {
    it("prints a public Ingress's reason, and nothing for an authenticated one", () => {
        const reason = "a lab cluster reached only through the office VPN";
        const open = settingsWith({ metrics: { enableAdminApi: false, enableLifecycle: false, ingress: { host: "monitor.example.com", auth: { public: { reason } } } } }).metrics;
        assert.deepStrictEqual(metricsWarnings(open), [`Ingress monitor.example.com (cluster-monitoring:metrics.ingress) is public, without authentication: ${reason}`]);
        assert.deepStrictEqual(metricsWarnings(settingsWith().metrics), []);
        const proxied = settingsWith({ metrics: { ingress: { host: "m.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } } } });
        assert.deepStrictEqual(metricsWarnings(proxied.metrics), []);
        const image = "quay.io/prometheus/prometheus:v3.5.0";
        const guarded = settingsWith({ metrics: { image, ingress: { host: "monitor.example.com" }, enableAdminApi: true, enableLifecycle: true, web: { basicAuth: {} } } }).metrics;
        assert.deepStrictEqual(metricsWarnings(guarded), []);
    });
});

